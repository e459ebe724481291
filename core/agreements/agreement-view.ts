import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import { TAX_RULES } from "../donors/tax-reduction";
import { formatDateLong, formatSek } from "../site/format";
import { AGREEMENT_STATUS_LABELS, type AgreementEventType, type AgreementKind, type AgreementStatus } from "./agreement-status";
import { MAX_PAUSE_MONTHS, bankgirotDayOf } from "./debit-schedule";
import { debitStatus, requestProgress, type DebitState } from "./debit-status";

/**
 * What Mina sidor shows of a donor's agreement: its terms, every debit with
 * what happened to it, and every change with the debit it applies from.
 */
export interface DebitView {
  debitOn: string;
  amountOre: number;
  kind: "monthly" | "extra" | "membership";
  /** Dragen, Inte genomförd, Skickas till Bankgirot …, Beställd hos Bankgirot, Stoppad… (debit-status.ts). */
  statusLabel: string;
  state: DebitState;
}

export interface AgreementChangeView {
  date: string;
  text: string;
}

export interface AgreementView {
  id: string;
  status: AgreementStatus;
  statusLabel: string;
  amountOre: number;
  debitDay: number;
  nextDebitOn: string | null;
  pausedUntil: string | null;
  bankName: string | null;
  accountEnding: string | null;
  /** Autogiro or card (decision 0028); a card agreement shows its card's last digits and expiry. */
  method: "autogiro" | "card";
  /** A monthly gift, or a membership renewed every year. */
  kind: "monthly_gift" | "membership";
  cardEnding: string | null;
  cardExpiresOn: string | null;
  refusalReason: string | null;
  /** When the donor signed up (the agreement's own date), so that two agreements of the same amount can be told apart. */
  startedOn: string;
  debits: DebitView[];
  changes: AgreementChangeView[];
  canChange: boolean;
  canPause: boolean;
  maxPauseMonths: number;
}

/** The words that differ between a monthly gift and a membership renewed every year (decision 0028). */
const WORDS = {
  monthly_gift: { what: "Månadsgåvan", started: "Månadsgåvan tecknades", first: "Första gåvan", next: "Nästa dragning", skipped: "den här månaden" },
  membership: { what: "Förnyelsen", started: "Automatisk förnyelse av medlemskapet valdes", first: "Årets avgift", next: "Nästa avgift dras", skipped: "den här gången" },
} as const;

function schedule(kind: AgreementKind, d: Record<string, unknown>): string {
  return kind === "membership" ? `${formatSek(Number(d.amountOre ?? 0))} om året` : `${formatSek(Number(d.amountOre ?? 0))} den ${String(d.debitDay ?? "")}:e varje månad`;
}

const EVENT_TEXT: Record<AgreementEventType, (data: Record<string, unknown>, from: string | null, kind: AgreementKind) => string> = {
  created: (d, from, kind) =>
    d.method === "card"
      ? `${WORDS[kind].started} med kort: ${schedule(kind, d)}.`
      : `${WORDS[kind].started}: ${schedule(kind, d)}${from ? `, första dragningen ${from}` : ""}.`,
  activated: (d, from, kind) =>
    d.method === "card" ? `${WORDS[kind].first} betalades och kortet sparades${from ? `. ${WORDS[kind].next} ${from}` : ""}.` : "Bankgirot godkände medgivandet.",
  amount_changed: (d, from) => `Beloppet ändrades från ${formatSek(Number(d.fromOre ?? 0))} till ${formatSek(Number(d.toOre ?? 0))}${from ? ` från dragningen ${from}` : ""}.`,
  day_changed: (d, from) => `Dragningsdagen ändrades från den ${String(d.fromDay ?? "")}:e till den ${String(d.toDay ?? "")}:e${from ? ` från dragningen ${from}` : ""}.`,
  paused: (d, from) => `Pausad i ${String(d.months ?? "")} månad${Number(d.months) === 1 ? "" : "er"}${from ? ` från dragningen ${from}` : ""}.`,
  resumed: (_d, from, kind) => `${WORDS[kind].what} startade igen${from ? ` med dragningen ${from}` : ""}.`,
  cancelled: (d, from) =>
    d.reason ? `Avslutad: ${String(d.reason)}.` : `Avslutad${from ? ` från och med dragningen ${from}` : ""}.`,
  refused: (d) => `Banken godkände inte medgivandet${d.reason ? `: ${String(d.reason)}` : ""}.`,
  debit_failed: (d, from, kind) => {
    if (d.method !== "card") return `Dragningen ${from ?? ""} gick inte igenom. Vi drar den inte igen.`;
    if (d.reason === "card_expired") return `Dragningen ${from ?? ""} gjordes inte: kortet har gått ut. Ge gärna ett nytt kort.`;
    return d.retryOn
      ? `Dragningen ${from ?? ""} nekades av kortutgivaren. Vi försöker igen ${formatDateLong(String(d.retryOn))}.`
      : `Dragningen ${from ?? ""} nekades igen. Vi hoppar över den ${WORDS[kind].skipped}.`;
  },
};

/** `now` decides the day a request still in the queue is said to reach Bankgirot. */
export async function agreementsOfDonor(db: Kysely<DB>, donorId: string, now: Date): Promise<AgreementView[]> {
  const rows = await db.selectFrom("agreements").select("id").where("donor_id", "=", donorId).orderBy("created_at", "desc").execute();
  const views: AgreementView[] = [];
  for (const row of rows) {
    const view = await agreementView(db, row.id, donorId, now);
    if (view) views.push(view);
  }
  return views;
}

export async function agreementView(db: Kysely<DB>, agreementId: string, donorId: string, now: Date): Promise<AgreementView | null> {
  const agreement = await db.selectFrom("agreements").selectAll().where("id", "=", agreementId).where("donor_id", "=", donorId).executeTakeFirst();
  if (!agreement) return null;
  const mandate = agreement.mandate_id ? await db.selectFrom("mandates").selectAll().where("id", "=", agreement.mandate_id).executeTakeFirst() : undefined;
  const card = agreement.card_subscription_ref
    ? await db.selectFrom("stored_cards").select(["masked_number", "expires_on"]).where("id", "=", agreement.card_subscription_ref).executeTakeFirst()
    : undefined;
  const byCard = agreement.method === "card";
  // Each debit with how far its autogiro payment request and any cancellation of it have come (a card's have none).
  const debits = await db
    .selectFrom("gifts")
    .innerJoin("payments", "payments.gift_id", "gifts.id")
    .leftJoin("autogiro_requests as asked", (join) => join.onRef("asked.payment_id", "=", "payments.id").on("asked.kind", "=", "payment"))
    .leftJoin("provider_files as asked_file", "asked_file.id", "asked.provider_file_id")
    .leftJoin("autogiro_requests as stop", (join) => join.onRef("stop.payment_id", "=", "payments.id").on("stop.kind", "=", "cancel_payments"))
    .leftJoin("provider_files as stop_file", "stop_file.id", "stop.provider_file_id")
    .select([
      "gifts.debit_on",
      "gifts.amount_ore",
      "gifts.gift_type",
      "payments.status",
      "asked.id as asked_id",
      "asked_file.status as asked_file_status",
      "stop.id as stop_id",
      "stop_file.status as stop_file_status",
    ])
    .where("gifts.agreement_id", "=", agreement.id)
    .orderBy("gifts.debit_on", "desc")
    .orderBy("gifts.created_at", "desc")
    .execute();
  const events = await db.selectFrom("agreement_events").selectAll().where("agreement_id", "=", agreement.id).orderBy("id", "desc").execute();
  const live = agreement.status === "active" || agreement.status === "paused" || agreement.status === "pending";
  const bankgirotDay = bankgirotDayOf(now);
  return {
    id: agreement.id,
    status: agreement.status,
    statusLabel: byCard && agreement.status === "pending" ? "Väntar på den första kortbetalningen" : AGREEMENT_STATUS_LABELS[agreement.status],
    amountOre: agreement.amount_ore,
    debitDay: agreement.debit_day,
    nextDebitOn: agreement.next_debit_on,
    pausedUntil: agreement.paused_until,
    bankName: mandate?.bank_name ?? null,
    accountEnding: mandate ? mandate.account.slice(-4) : null,
    method: byCard ? "card" : "autogiro",
    kind: agreement.kind,
    cardEnding: card?.masked_number ? card.masked_number.slice(-4) : null,
    cardExpiresOn: card?.expires_on ?? null,
    refusalReason: mandate?.status === "refused" ? mandate.reason_text : null,
    startedOn: agreement.created_at,
    debits: debits.map((d) => ({
      debitOn: d.debit_on ?? "",
      amountOre: d.amount_ore,
      kind: d.gift_type === "extra" ? "extra" : d.gift_type === "membership" ? "membership" : "monthly",
      ...debitStatus(
        {
          paymentStatus: d.status,
          byCard,
          paymentRequest: requestProgress(d.asked_id, d.asked_file_status),
          cancelRequest: requestProgress(d.stop_id, d.stop_file_status),
        },
        bankgirotDay,
      ),
    })),
    changes: events.map((e) => ({
      date: e.created_at,
      text: EVENT_TEXT[e.type](e.data ? (JSON.parse(e.data) as Record<string, unknown>) : {}, e.applies_from ? formatDateLong(e.applies_from) : null, agreement.kind),
    })),
    canChange: live,
    canPause: agreement.status === "active",
    maxPauseMonths: MAX_PAUSE_MONTHS,
  };
}

/**
 * What a raise means after the tax reduction: a debit of at least 200 kr
 * counts, and the donor gets 25 % back when the year's gifts reach 2 000 kr.
 */
export function raiseExplanation(fromOre: number, toOre: number): string {
  const net = (ore: number) => formatSek(Math.round(ore * (1 - TAX_RULES.rate)));
  if (toOre < TAX_RULES.minGiftOre) {
    return `Dragningar under ${formatSek(TAX_RULES.minGiftOre)} ger ingen skattereduktion. Från ${formatSek(TAX_RULES.minGiftOre)} i månaden räknas varje dragning.`;
  }
  if (fromOre < TAX_RULES.minGiftOre) {
    return `Med ${formatSek(toOre)} i månaden börjar din gåva räknas för skattereduktion: du får tillbaka 25 procent, så den kostar dig ${net(toOre)} i månaden (när dina gåvor under året blir minst ${formatSek(TAX_RULES.minYearOre)}).`;
  }
  return `Efter skattereduktionen kostar ${formatSek(toOre)} i månaden dig ${net(toOre)} – höjningen på ${formatSek(toOre - fromOre)} kostar dig ${net(toOre - fromOre)}.`;
}
