import crypto from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Clock } from "../clock";
import type { Logger } from "../logger";
import type { AgreementsTable, DB, MandatesTable } from "../../db/schema";
import type { AutogiroRequest } from "../autogiro/autogiro-messages";
import { swedishDate, type IsoDate } from "../calendar/swedish-calendar";
import { luhnCheckDigit } from "../bankgiro/luhn";
import { enqueueJob } from "../jobs/job-queue";
import { newOrderReference } from "../payments/order-reference";
import {
  canMoveAgreement,
  type AgreementEventSource,
  type AgreementEventType,
  type AgreementKind,
  type AgreementStatus,
} from "./agreement-status";
import {
  MAX_PAUSE_MONTHS,
  bankingDaysAfter,
  canStillCancel,
  canStillRequest,
  firstDebitOn,
  isDueForRequest,
  monthsLater,
  nextDebitAfter,
} from "./debit-schedule";
import { createCardCharge, isCardChargeDue } from "./card-debits";
import { insertDebitPayment } from "./debit-payment";
import { addRenewalFee } from "../membership/membership-renewal";

export type AgreementRow = Selectable<AgreementsTable>;
export type MandateRow = Selectable<MandatesTable>;
type Executor = Kysely<DB> | Transaction<DB>;

export interface AgreementDeps {
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
}

/** The e-mail a change to an agreement sends (core/agreements/agreement-mail.ts). */
export const AGREEMENT_MAIL_JOB = "agreement-mail";
export type AgreementMailKind = "started" | "activated" | "refused" | "changed" | "paused" | "cancelled" | "debit_failed" | "extra_added" | "card_failed" | "card_expired";

export class AgreementNotFoundError extends Error {
  constructor() {
    super("No such agreement for this donor");
    this.name = "AgreementNotFoundError";
  }
}

/** A change that the agreement's status does not allow (stopping a stopped gift, pausing a pending one…). */
export class AgreementChangeError extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = "AgreementChangeError";
  }
}

export interface NewAutogiroAgreement {
  donorId: string;
  kind: AgreementKind;
  amountOre: number;
  debitDay: number;
  /** Validated clearing and account number, and the bank's name (kontonummer). */
  account: { clearing: string; number: string; bankName: string };
  /** The donor's personnummer (12 digits) as BankID confirmed it when they signed. */
  personnummer: string;
  /** The BankID sign order that signed the mandate. */
  signatureRef: string;
  idempotencyKey: string;
}

/**
 * A donor signed an autogiro mandate with BankID: the mandate is stored as
 * requested and queued for Bankgirot (TK04), the agreement is `pending` until
 * Bankgirot approves it, and its first debit is fixed now and told to the
 * donor. Once per idempotency key.
 */
export async function createAutogiroAgreement(
  deps: AgreementDeps,
  input: NewAutogiroAgreement,
): Promise<{ agreement: AgreementRow; mandate: MandateRow; created: boolean }> {
  const { db, clock } = deps;
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("agreements").selectAll().where("idempotency_key", "=", input.idempotencyKey).executeTakeFirst();
    if (existing) {
      const mandate = await trx.selectFrom("mandates").selectAll().where("id", "=", existing.mandate_id ?? "").executeTakeFirstOrThrow();
      return { agreement: existing, mandate, created: false };
    }
    const now = clock.now();
    const nowIso = now.toISOString();
    const mandate: MandateRow = {
      id: crypto.randomUUID(),
      donor_id: input.donorId,
      payer_number: await newPayerNumber(trx),
      clearing: input.account.clearing,
      account: input.account.number,
      bank_name: input.account.bankName,
      status: "requested",
      reason_code: null,
      reason_text: null,
      signed_at: nowIso,
      signature_ref: input.signatureRef,
      created_at: nowIso,
      updated_at: nowIso,
    };
    await trx.insertInto("mandates").values(mandate).execute();
    const firstDebit = firstDebitOn(swedishDate(now), input.debitDay);
    const agreement: AgreementRow = {
      id: crypto.randomUUID(),
      donor_id: input.donorId,
      kind: input.kind,
      amount_ore: input.amountOre,
      interval: input.kind === "membership" ? "yearly" : "monthly",
      debit_day: input.debitDay,
      method: "autogiro",
      mandate_id: mandate.id,
      card_subscription_ref: null,
      status: "pending",
      starts_on: firstDebit,
      paused_until: null,
      next_debit_on: firstDebit,
      idempotency_key: input.idempotencyKey,
      created_at: nowIso,
      updated_at: nowIso,
    };
    await trx.insertInto("agreements").values(agreement).execute();
    await appendEvent(trx, clock, agreement.id, "created", null, "pending", firstDebit, "donor", {
      amountOre: input.amountOre,
      debitDay: input.debitDay,
    });
    await queueRequest(trx, clock, mandate.id, null, {
      kind: "new_mandate",
      payerNumber: mandate.payer_number,
      account: { clearing: input.account.clearing.slice(0, 4), number: input.account.number },
      identity: { kind: "personnummer", value: input.personnummer },
    });
    await queueMail(trx, clock, agreement.id, "started", agreement.id);
    return { agreement, mandate, created: true };
  });
}

/** Bankgirot's payer number for a new mandate: ten random digits, unique, never the personnummer. */
async function newPayerNumber(trx: Transaction<DB>): Promise<string> {
  for (;;) {
    const candidate = String(crypto.randomInt(1, 10)) + String(crypto.randomInt(0, 1e9)).padStart(9, "0");
    const taken = await trx.selectFrom("mandates").select("id").where("payer_number", "=", candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
}

/** A debit's reference on the payment request: 15 random digits and a Luhn check digit (Bankgirot echoes it back). */
export function newDebitReference(): string {
  const digits = String(crypto.randomInt(1, 10)) + Array.from({ length: 14 }, () => crypto.randomInt(0, 10)).join("");
  return digits + String(luhnCheckDigit(digits));
}

export async function appendEvent(
  trx: Executor,
  clock: Clock,
  agreementId: string,
  type: AgreementEventType,
  from: AgreementStatus | null,
  to: AgreementStatus,
  appliesFrom: IsoDate | null,
  source: AgreementEventSource,
  data?: Record<string, unknown>,
): Promise<void> {
  await trx
    .insertInto("agreement_events")
    .values({
      agreement_id: agreementId,
      type,
      from_status: from,
      to_status: to,
      applies_from: appliesFrom,
      data: data ? JSON.stringify(data) : null,
      source,
      created_at: clock.now().toISOString(),
    })
    .execute();
}

export async function queueRequest(trx: Executor, clock: Clock, mandateId: string, paymentId: string | null, request: AutogiroRequest): Promise<void> {
  const kind = request.kind === "new_mandate" || request.kind === "cancel_mandate" || request.kind === "payment" || request.kind === "cancel_payments" ? request.kind : null;
  if (!kind) throw new Error(`Agreements do not send ${request.kind}`);
  await trx
    .insertInto("autogiro_requests")
    .values({
      id: crypto.randomUUID(),
      kind,
      mandate_id: mandateId,
      payment_id: paymentId,
      request: JSON.stringify(request),
      provider_file_id: null,
      created_at: clock.now().toISOString(),
    })
    .execute();
}

export async function queueMail(trx: Executor, clock: Clock, agreementId: string, kind: AgreementMailKind, dedupe: string, data: Record<string, unknown> = {}): Promise<void> {
  await enqueueJob(trx, clock, { type: AGREEMENT_MAIL_JOB, payload: { agreementId, kind, ...data }, dedupeKey: `agreement-mail:${kind}:${dedupe}` });
}

/** Moves an agreement's status if the move is allowed and it is still in the status read (a conditional update). */
export async function moveAgreement(
  trx: Executor,
  clock: Clock,
  agreement: AgreementRow,
  to: AgreementStatus,
  set: Partial<Pick<AgreementRow, "paused_until" | "next_debit_on">> = {},
): Promise<boolean> {
  if (!canMoveAgreement(agreement.status, to)) return false;
  const result = await trx
    .updateTable("agreements")
    .set({ status: to, updated_at: clock.now().toISOString(), ...set })
    .where("id", "=", agreement.id)
    .where("status", "=", agreement.status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findAgreement(db: Executor, id: string): Promise<AgreementRow | undefined> {
  return db.selectFrom("agreements").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The agreement a sign-up form made, found by the form's idempotency key. */
export async function findAgreementByIdempotencyKey(db: Executor, idempotencyKey: string): Promise<AgreementRow | undefined> {
  return db.selectFrom("agreements").selectAll().where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
}

async function donorAgreement(trx: Executor, agreementId: string, donorId: string): Promise<AgreementRow> {
  const agreement = await trx.selectFrom("agreements").selectAll().where("id", "=", agreementId).where("donor_id", "=", donorId).executeTakeFirst();
  if (!agreement) throw new AgreementNotFoundError();
  return agreement;
}

/**
 * Requests every debit of one agreement that is due (NOTICE_BANKING_DAYS
 * banking days before its date): a gift of the agreement's type with the
 * agreement and date, one payment attempt (autogiro, Drip, `created` until
 * its file is sent) whose provider reference is the payment request's
 * reference, and the request itself. A paused agreement skips the debits
 * before `paused_until` and becomes active again at it.
 */
async function requestDueDebitsOf(trx: Transaction<DB>, clock: Clock, logger: Logger, agreementId: string): Promise<void> {
  const now = clock.now();
  for (let guard = 0; guard < 36; guard++) {
    const agreement = await findAgreement(trx, agreementId);
    if (!agreement?.next_debit_on || (agreement.status !== "active" && agreement.status !== "paused")) return;
    const debitOn = agreement.next_debit_on;
    // A card is charged on the day itself; an autogiro debit is requested eight banking days before it.
    if (!(agreement.method === "card" ? isCardChargeDue(debitOn, now) : isDueForRequest(debitOn, now))) return;
    const following = nextDebitAfter(debitOn, agreement.interval, agreement.debit_day);
    if (agreement.status === "paused") {
      if (agreement.paused_until && debitOn < agreement.paused_until) {
        await trx.updateTable("agreements").set({ next_debit_on: following, updated_at: now.toISOString() }).where("id", "=", agreement.id).execute();
        continue;
      }
      await moveAgreement(trx, clock, agreement, "active", { paused_until: null });
      await appendEvent(trx, clock, agreement.id, "resumed", "paused", "active", debitOn, "system");
      continue;
    }
    if (agreement.method === "card" || canStillRequest(debitOn, now)) {
      await requestDebit(trx, clock, agreement, debitOn, agreement.kind === "membership" ? "membership" : "monthly", agreement.amount_ore, `debit:${agreement.id}:${debitOn}`);
    } else {
      // Only when Bankgirot approved the mandate after the first debit's cut-off: that debit is skipped, never sent late.
      logger.warn({ agreementId: agreement.id, debitOn }, "debit skipped: too late to request from Bankgirot");
    }
    await trx.updateTable("agreements").set({ next_debit_on: following, updated_at: now.toISOString() }).where("id", "=", agreement.id).execute();
  }
}

async function requestDebit(
  trx: Transaction<DB>,
  clock: Clock,
  agreement: AgreementRow,
  debitOn: IsoDate,
  giftType: "monthly" | "membership" | "extra",
  amountOre: number,
  idempotencyKey: string,
): Promise<string | null> {
  const exists = await trx.selectFrom("gifts").select("id").where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
  if (exists) return null;
  if (agreement.method === "card") return createCardCharge(trx, clock, agreement, debitOn, giftType, amountOre, idempotencyKey);
  const mandate = await trx.selectFrom("mandates").selectAll().where("id", "=", agreement.mandate_id ?? "").executeTakeFirstOrThrow();
  const giftId = await insertDebitGift(trx, clock, agreement, debitOn, giftType, amountOre, idempotencyKey);
  const reference = newDebitReference();
  const paymentId = await insertDebitPayment(trx, clock, {
    giftId,
    method: "autogiro",
    provider: "Drip",
    providerReference: reference,
    amountOre,
    debitOn,
    eventData: { debitOn, agreementId: agreement.id },
  });
  await queueRequest(trx, clock, mandate.id, paymentId, {
    kind: "payment",
    direction: "debit",
    date: debitOn,
    interval: 0,
    repetitions: null,
    payerNumber: mandate.payer_number,
    amountOre,
    reference,
  });
  return giftId;
}

/** One debit's gift: of the agreement's type, on the donor, with the agreement and its date; `awaiting_payment` until the debit is answered. */
export async function insertDebitGift(
  trx: Transaction<DB>,
  clock: Clock,
  agreement: AgreementRow,
  debitOn: IsoDate,
  giftType: "monthly" | "membership" | "extra",
  amountOre: number,
  idempotencyKey: string,
): Promise<string> {
  const donor = await trx.selectFrom("donors").selectAll().where("id", "=", agreement.donor_id).executeTakeFirstOrThrow();
  const nowIso = clock.now().toISOString();
  const giftId = crypto.randomUUID();
  await trx
    .insertInto("gifts")
    .values({
      id: giftId,
      order_reference: newOrderReference(),
      gift_type: giftType,
      amount_ore: amountOre,
      donor_id: donor.id,
      memorial_id: null,
      agreement_id: agreement.id,
      debit_on: debitOn,
      donor_name: `${donor.given_name} ${donor.surname}`.trim(),
      donor_email: donor.email ?? "",
      donor_personnummer: donor.personnummer,
      newsletter_consent: donor.newsletter,
      donor_street: null,
      donor_postal_code: null,
      donor_city: null,
      status: "awaiting_payment",
      idempotency_key: idempotencyKey,
      created_at: nowIso,
      updated_at: nowIso,
      paid_at: null,
    })
    .execute();
  // A yearly membership debit extends the member's year when paid, as a fee paid on the page does.
  if (giftType === "membership") await addRenewalFee(trx, clock, agreement, giftId);
  return giftId;
}

/** The periodic task: requests every due debit of every active or paused agreement. */
export async function requestDueDebits(deps: AgreementDeps): Promise<number> {
  const { db, clock, logger } = deps;
  const horizon = bankingDaysAfter(swedishDate(clock.now()), 12);
  const due = await db
    .selectFrom("agreements")
    .select("id")
    .where("status", "in", ["active", "paused"])
    .where("next_debit_on", "<=", horizon)
    .execute();
  for (const { id } of due) {
    await db.transaction().execute((trx) => requestDueDebitsOf(trx, clock, logger, id));
  }
  return due.length;
}

/** What a change says to the donor: from which debit it applies. */
export interface ChangeOutcome {
  agreement: AgreementRow;
  appliesFrom: IsoDate | null;
}

function assertChangeable(agreement: AgreementRow): void {
  if (agreement.status === "cancelled") throw new AgreementChangeError("Månadsgåvan är redan avslutad.");
  if (agreement.status === "refused") throw new AgreementChangeError("Banken godkände inte medgivandet, så det finns inget att ändra. Du är välkommen att anmäla dig igen.");
}

/**
 * A new amount. Debits already requested keep theirs; the change applies from
 * the next debit not yet requested, which is always at least eight banking
 * days away, so the donor is told in time.
 */
export async function changeAmount(deps: AgreementDeps, agreementId: string, donorId: string, amountOre: number, source: AgreementEventSource = "donor"): Promise<ChangeOutcome> {
  const { db, clock, logger } = deps;
  return db.transaction().execute(async (trx) => {
    await requestDueDebitsOf(trx, clock, logger, agreementId);
    const agreement = await donorAgreement(trx, agreementId, donorId);
    assertChangeable(agreement);
    if (amountOre === agreement.amount_ore) throw new AgreementChangeError("Det är redan ditt belopp.");
    await trx.updateTable("agreements").set({ amount_ore: amountOre, updated_at: clock.now().toISOString() }).where("id", "=", agreement.id).execute();
    await appendEvent(trx, clock, agreement.id, "amount_changed", agreement.status, agreement.status, agreement.next_debit_on, source, {
      fromOre: agreement.amount_ore,
      toOre: amountOre,
    });
    await queueMail(trx, clock, agreement.id, "changed", crypto.randomUUID());
    return { agreement: (await findAgreement(trx, agreement.id)) as AgreementRow, appliesFrom: agreement.next_debit_on };
  });
}

/** A new day of the month, from the first debit on that day not yet requested and at least eight banking days away. */
export async function changeDay(deps: AgreementDeps, agreementId: string, donorId: string, debitDay: number): Promise<ChangeOutcome> {
  const { db, clock, logger } = deps;
  return db.transaction().execute(async (trx) => {
    await requestDueDebitsOf(trx, clock, logger, agreementId);
    const agreement = await donorAgreement(trx, agreementId, donorId);
    assertChangeable(agreement);
    if (debitDay === agreement.debit_day) throw new AgreementChangeError("Pengarna dras redan den dagen.");
    const today = swedishDate(clock.now());
    // The debits already requested stay; the new day's first debit is told eight banking days ahead and falls in a later month.
    const lastRequested = await trx
      .selectFrom("gifts")
      .select("debit_on")
      .where("agreement_id", "=", agreement.id)
      .where("gift_type", "!=", "extra")
      .orderBy("debit_on", "desc")
      .executeTakeFirst();
    let next = firstDebitOn(today, debitDay);
    if (lastRequested?.debit_on && next.slice(0, 7) <= lastRequested.debit_on.slice(0, 7)) next = monthsLater(lastRequested.debit_on, 1, debitDay);
    await trx.updateTable("agreements").set({ debit_day: debitDay, next_debit_on: next, updated_at: clock.now().toISOString() }).where("id", "=", agreement.id).execute();
    await appendEvent(trx, clock, agreement.id, "day_changed", agreement.status, agreement.status, next, "donor", { fromDay: agreement.debit_day, toDay: debitDay });
    await queueMail(trx, clock, agreement.id, "changed", crypto.randomUUID());
    return { agreement: (await findAgreement(trx, agreement.id)) as AgreementRow, appliesFrom: next };
  });
}

/**
 * A pause of one to three months: the next `months` debits not yet requested
 * are skipped; the agreement becomes active again by itself.
 */
export async function pause(deps: AgreementDeps, agreementId: string, donorId: string, months: number): Promise<ChangeOutcome & { resumesOn: IsoDate }> {
  const { db, clock, logger } = deps;
  if (!Number.isInteger(months) || months < 1 || months > MAX_PAUSE_MONTHS) throw new AgreementChangeError("Du kan pausa i en, två eller tre månader.");
  return db.transaction().execute(async (trx) => {
    await requestDueDebitsOf(trx, clock, logger, agreementId);
    const agreement = await donorAgreement(trx, agreementId, donorId);
    assertChangeable(agreement);
    if (agreement.status === "pending") throw new AgreementChangeError("Månadsgåvan har inte börjat än. Du kan ändra den när banken har godkänt medgivandet.");
    if (agreement.status === "paused") throw new AgreementChangeError("Månadsgåvan är redan pausad.");
    const from = agreement.next_debit_on as IsoDate;
    const resumesOn = monthsLater(from, months, agreement.debit_day);
    await moveAgreement(trx, clock, agreement, "paused", { paused_until: resumesOn });
    await appendEvent(trx, clock, agreement.id, "paused", agreement.status, "paused", from, "donor", { months, resumesOn });
    await queueMail(trx, clock, agreement.id, "paused", crypto.randomUUID());
    return { agreement: (await findAgreement(trx, agreement.id)) as AgreementRow, appliesFrom: from, resumesOn };
  });
}

/**
 * The donor stops giving. Debits already requested are cancelled at
 * Bankgirot when there is still time (five banking days before); one that is
 * too close still comes, and the donor is told which. The mandate is
 * cancelled once no debit is left to come.
 */
export async function cancel(
  deps: AgreementDeps,
  agreementId: string,
  donorId: string,
  source: AgreementEventSource = "donor",
  /** False when the donor hears it another way: an erasure's confirmation says what ended (decision 0035). */
  tellDonor = true,
): Promise<ChangeOutcome & { stillComing: Array<{ debitOn: IsoDate; amountOre: number }> }> {
  const { db, clock, logger } = deps;
  return db.transaction().execute(async (trx) => {
    await requestDueDebitsOf(trx, clock, logger, agreementId);
    const agreement = await donorAgreement(trx, agreementId, donorId);
    assertChangeable(agreement);
    const now = clock.now();
    const open = await openDebits(trx, agreement.id);
    const mandate = await trx.selectFrom("mandates").selectAll().where("id", "=", agreement.mandate_id ?? "").executeTakeFirst();
    const stillComing: Array<{ debitOn: IsoDate; amountOre: number }> = [];
    let firstStopped: IsoDate | null = agreement.next_debit_on;
    for (const debit of open.sort((a, b) => a.debit_on.localeCompare(b.debit_on))) {
      // A card charge not yet made is stopped by its job, which finds the agreement cancelled (card-debits.ts); one already sent is answered within seconds.
      if (agreement.method === "card") {
        if (debit.status === "pending") stillComing.push({ debitOn: debit.debit_on, amountOre: debit.amount_ore });
        continue;
      }
      if (!canStillCancel(debit.debit_on, now)) {
        stillComing.push({ debitOn: debit.debit_on, amountOre: debit.amount_ore });
        continue;
      }
      if (firstStopped === null || debit.debit_on < firstStopped) firstStopped = debit.debit_on;
      if (mandate && debit.provider_reference) {
        await queueRequest(trx, clock, mandate.id, debit.payment_id, {
          kind: "cancel_payments",
          payerNumber: mandate.payer_number,
          date: debit.debit_on,
          amountOre: debit.amount_ore,
          direction: "debit",
          reference: debit.provider_reference,
        });
      }
    }
    await moveAgreement(trx, clock, agreement, "cancelled", { next_debit_on: null, paused_until: null });
    await appendEvent(trx, clock, agreement.id, "cancelled", agreement.status, "cancelled", firstStopped, source, { stillComing });
    if (stillComing.length === 0) await cancelMandate(trx, clock, agreement);
    if (tellDonor) await queueMail(trx, clock, agreement.id, "cancelled", agreement.id, { stillComing });
    return { agreement: (await findAgreement(trx, agreement.id)) as AgreementRow, appliesFrom: firstStopped, stillComing };
  });
}

/** Queues Bankgirot's cancellation of the agreement's mandate (once). */
export async function cancelMandate(trx: Executor, clock: Clock, agreement: AgreementRow): Promise<void> {
  const mandate = await trx.selectFrom("mandates").selectAll().where("id", "=", agreement.mandate_id ?? "").executeTakeFirst();
  if (!mandate || mandate.status === "cancelled" || mandate.status === "refused") return;
  // A membership renewal and a monthly gift may share one mandate: it ends only with the last agreement on it.
  const stillUsed = await trx
    .selectFrom("agreements")
    .select("id")
    .where("mandate_id", "=", mandate.id)
    .where("id", "!=", agreement.id)
    .where("status", "in", ["pending", "active", "paused"])
    .executeTakeFirst();
  if (stillUsed) return;
  const queued = await trx.selectFrom("autogiro_requests").select("id").where("mandate_id", "=", mandate.id).where("kind", "=", "cancel_mandate").executeTakeFirst();
  if (queued) return;
  await queueRequest(trx, clock, mandate.id, null, { kind: "cancel_mandate", payerNumber: mandate.payer_number });
}

/** The agreement's debits whose payment is still open (requested, not yet answered). */
export async function openDebits(db: Executor, agreementId: string) {
  const rows = await db
    .selectFrom("gifts")
    .innerJoin("payments", "payments.gift_id", "gifts.id")
    .select(["gifts.id as gift_id", "gifts.debit_on", "gifts.gift_type", "payments.id as payment_id", "payments.amount_ore", "payments.provider_reference", "payments.status"])
    .where("gifts.agreement_id", "=", agreementId)
    .where("payments.status", "in", ["created", "pending"])
    .execute();
  return rows.filter((r): r is typeof r & { debit_on: string } => r.debit_on !== null);
}

/**
 * An extra gift added once to the next debit: its own `extra` gift and its
 * own payment request on the date of the next debit that can still take it.
 */
export async function addExtraToNextDebit(deps: AgreementDeps, agreementId: string, donorId: string, amountOre: number, idempotencyKey: string): Promise<{ giftId: string | null; debitOn: IsoDate }> {
  const { db, clock, logger } = deps;
  return db.transaction().execute(async (trx) => {
    await requestDueDebitsOf(trx, clock, logger, agreementId);
    const agreement = await donorAgreement(trx, agreementId, donorId);
    if (agreement.status !== "active") throw new AgreementChangeError("En extra gåva kan läggas till när månadsgåvan är aktiv.");
    const now = clock.now();
    const open = (await openDebits(trx, agreement.id)).filter((d) => canStillRequest(d.debit_on, new Date(now.getTime() + 86_400_000)));
    const debitOn = open.map((d) => d.debit_on).sort()[0] ?? (agreement.next_debit_on as IsoDate);
    const giftId = await requestDebit(trx, clock, agreement, debitOn, "extra", amountOre, `extra:${idempotencyKey}`);
    if (giftId) await queueMail(trx, clock, agreement.id, "extra_added", giftId, { amountOre, debitOn });
    return { giftId, debitOn };
  });
}
