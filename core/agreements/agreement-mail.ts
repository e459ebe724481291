import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "#db/schema";
import type { Mailer, MailMessage } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import { formatDateLong, formatSek } from "../site/format";
import type { AgreementMailKind } from "./agreement-records";

const payloadSchema = z.object({
  agreementId: z.string().min(1),
  kind: z.enum(["started", "activated", "refused", "changed", "paused", "cancelled", "debit_failed", "extra_added", "card_failed", "card_expired"]),
  retryOn: z.string().nullable().optional(),
  reason: z.string().optional(),
  debitOn: z.string().nullable().optional(),
  amountOre: z.number().int().optional(),
  stillComing: z.array(z.object({ debitOn: z.string(), amountOre: z.number().int() })).optional(),
});

/**
 * The e-mails of an agreement's life (the AGREEMENT_MAIL_JOB), queued in the
 * transaction of the change: the confirmation when it starts, Bankgirot's
 * answer, every change with the debit it applies from (the notice Bankgirot's
 * rules require), a failed debit, an extra gift.
 */
export interface AgreementMailDeps {
  db: Kysely<DB>;
  site: SiteConfig;
  publicUrl: string;
  /** A signed "Höj ditt månadsbelopp" link for the agreement (no login needed to raise). */
  raiseLink?: (agreementId: string) => string;
  /** A signed "Ge ett nytt kort" link for a card agreement (decision 0028). */
  cardLink?: (agreementId: string) => string;
}

export async function sendAgreementMail(deps: AgreementMailDeps & { mailer: Mailer }, payload: unknown): Promise<void> {
  const message = await agreementMail(deps, payloadSchema.parse(payload));
  if (message) await deps.mailer.send(message);
}

export async function agreementMail(deps: AgreementMailDeps, payload: z.output<typeof payloadSchema>): Promise<MailMessage | null> {
  const { db, site, publicUrl } = deps;
  const agreement = await db.selectFrom("agreements").selectAll().where("id", "=", payload.agreementId).executeTakeFirst();
  // An erased donor (decision 0035) is told nothing more: the erasure's own confirmation said what ended.
  if (!agreement?.donor_id) return null;
  const donor = await db.selectFrom("donors").selectAll().where("id", "=", agreement.donor_id).executeTakeFirst();
  if (!donor?.email) return null;
  const event = await db.selectFrom("agreement_events").selectAll().where("agreement_id", "=", agreement.id).orderBy("id", "desc").executeTakeFirst();
  const mandate = agreement.mandate_id ? await db.selectFrom("mandates").selectAll().where("id", "=", agreement.mandate_id).executeTakeFirst() : undefined;
  const amount = `${formatSek(agreement.amount_ore)} ${agreement.interval === "yearly" ? "om året" : "i månaden"}`;
  const from = event?.applies_from ? formatDateLong(event.applies_from) : null;
  const account = mandate ? `${mandate.bank_name}, konto som slutar på ${mandate.account.slice(-4)}` : "";
  const myPages = `${publicUrl}/mina-sidor`;
  const live = agreement.status === "active" || agreement.status === "paused" || agreement.status === "pending";
  const raise = live && deps.raiseLink ? `Vill du höja ditt månadsbelopp? Det gör du utan att logga in här: ${deps.raiseLink(agreement.id)}` : "";
  const byCard = agreement.method === "card";
  const card = byCard && agreement.card_subscription_ref
    ? await db.selectFrom("stored_cards").select(["masked_number"]).where("id", "=", agreement.card_subscription_ref).executeTakeFirst()
    : undefined;
  const cardEnding = card?.masked_number ? `kortet som slutar på ${card.masked_number.slice(-4)}` : "ditt kort";
  const newCard = deps.cardLink ? `Vill du ge ett nytt kort gör du det här, utan att logga in: ${deps.cardLink(agreement.id)}` : "";
  const renewal = {
    subject: "Ditt medlemskap förnyas nu automatiskt",
    lines: [
      `Tack för att du fortsätter som medlem! Medlemsavgiften på ${amount} dras nu automatiskt ${byCard ? `från ${cardEnding}` : `via autogiro från ${account}`}, och varje betald avgift förlänger ditt medlemskap med ett år.`,
      agreement.next_debit_on ? `Nästa dragning görs ${formatDateLong(agreement.next_debit_on)}.` : "",
      `Medlemsavgiften ger ingen skattereduktion. Du kan avsluta den automatiska förnyelsen när du vill på Mina sidor.`,
    ],
  };
  const bodies: Record<AgreementMailKind, { subject: string; lines: string[] }> = {
    started: agreement.kind === "membership" ? renewal : byCard ? {
      subject: "Tack för din månadsgåva",
      lines: [
        `Tack för att du har valt att ge ${amount} till forskningen om hjärta och lungor! Din första gåva är betald och ${cardEnding} är sparat hos vår betalpartner för de kommande månaderna.`,
        agreement.next_debit_on ? `Nästa gåva dras ${formatDateLong(agreement.next_debit_on)}, och sedan den ${agreement.debit_day}:e varje månad.` : "",
        `I stället för ett kvitto för varje dragning får du en sammanställning för hela året. Gåvor på minst 200 kronor per dragning räknas för skattereduktion.`,
        raise,
      ],
    } : {
      subject: "Tack för din månadsgåva",
      lines: [
        `Tack för att du har valt att ge ${amount} till forskningen om hjärta och lungor!`,
        `Ditt medgivande till autogiro är skickat till Bankgirot, som kontrollerar det med din bank (${account}). Det brukar ta några bankdagar, och vi mejlar dig när det är klart.`,
        agreement.next_debit_on ? `Den första dragningen görs ${formatDateLong(agreement.next_debit_on)}, och sedan den ${agreement.debit_day}:e varje månad. Faller dagen på en helg dras pengarna nästa bankdag.` : "",
        `I stället för ett kvitto för varje dragning får du en sammanställning för hela året. Gåvor på minst 200 kronor per dragning räknas för skattereduktion.`,
      ],
    },
    activated: {
      subject: "Din månadsgåva är igång",
      lines: [
        `Bankgirot har godkänt ditt medgivande. Din månadsgåva på ${amount} är nu igång.`,
        agreement.next_debit_on ? `Nästa dragning görs ${formatDateLong(agreement.next_debit_on)}.` : "",
        raise,
      ],
    },
    refused: {
      subject: "Din månadsgåva kunde inte starta",
      lines: [
        `Tyvärr godkände banken inte medgivandet till autogiro${payload.reason ? `. Bankgirot angav: ${payload.reason}` : ""}.`,
        `Inga pengar har dragits. Vill du försöka igen med ett annat konto kan du anmäla dig på nytt på ${publicUrl}/ge-en-gava/manadsgava, eller ringa oss på ${site.phone} så hjälper vi dig.`,
      ],
    },
    changed: {
      subject: "Din månadsgåva är ändrad",
      lines: [
        `Din månadsgåva är nu ${amount}, den ${agreement.debit_day}:e varje månad.`,
        from ? `Ändringen gäller från dragningen ${from}. Dragningar som redan är beställda görs som tidigare.` : "",
        raise,
      ],
    },
    paused: {
      subject: "Din månadsgåva är pausad",
      lines: [
        `Din månadsgåva är pausad${from ? ` från dragningen ${from}` : ""}.`,
        agreement.paused_until ? `Den startar igen av sig själv med dragningen ${formatDateLong(agreement.paused_until)}. Du behöver inte göra något.` : "",
      ],
    },
    cancelled: {
      subject: "Din månadsgåva är avslutad",
      lines: [
        payload.reason
          ? `Din månadsgåva har avslutats eftersom autogiromedgivandet upphörde. Bankgirot angav: ${payload.reason}.`
          : `Din månadsgåva är avslutad${from ? ` från och med dragningen ${from}` : ""}.`,
        ...(payload.stillComing ?? []).map(
          (d) => `Dragningen ${formatDateLong(d.debitOn)} på ${formatSek(d.amountOre)} hann vi inte stoppa – den görs ändå, och är den sista.`,
        ),
        `Tack för allt du har gett. Varje krona har gått till forskningen.`,
      ],
    },
    debit_failed: {
      subject: "En dragning gick inte igenom",
      lines: [
        `Dragningen ${payload.debitOn ? formatDateLong(payload.debitOn) : ""} på ${formatSek(payload.amountOre ?? agreement.amount_ore)} gick inte igenom.`,
        `Du behöver inte göra något. Vi drar inte pengarna en gång till den här månaden, och nästa dragning görs som vanligt${agreement.next_debit_on ? ` ${formatDateLong(agreement.next_debit_on)}` : ""}.`,
        `Vill du pausa eller ändra din gåva kan du göra det på Mina sidor.`,
      ],
    },
    card_failed: {
      subject: "Din månadsgåva kunde inte dras från kortet",
      lines: [
        `Din gåva på ${formatSek(payload.amountOre ?? agreement.amount_ore)} ${payload.debitOn ? `den ${formatDateLong(payload.debitOn)} ` : ""}kunde inte dras från ${cardEnding}. Det kan bero på att kortet är spärrat, att en gräns är nådd eller att banken nekade just den dragningen.`,
        payload.retryOn ? `Du behöver inte göra något: vi försöker igen ${formatDateLong(payload.retryOn)}, och en gång till några dagar senare. Går det inte då hoppar vi över den här månaden – ingenting dras dubbelt.` : "",
        newCard,
      ],
    },
    card_expired: {
      subject: "Ditt kort för månadsgåvan har gått ut",
      lines: [
        `Vi kunde inte dra din gåva på ${formatSek(payload.amountOre ?? agreement.amount_ore)} ${payload.debitOn ? `den ${formatDateLong(payload.debitOn)} ` : ""}eftersom ${cardEnding} har gått ut.`,
        `Vi försöker inte igen med det kortet. Ge gärna ett nytt kort, så fortsätter din månadsgåva som vanligt.`,
        newCard,
      ],
    },
    extra_added: {
      subject: "Tack för din extra gåva",
      lines: [
        `Tack! Din extra gåva på ${formatSek(payload.amountOre ?? 0)} dras en gång tillsammans med dragningen ${payload.debitOn ? formatDateLong(payload.debitOn) : ""}.`,
        `Din vanliga månadsgåva ändras inte.`,
      ],
    },
  };
  const body = bodies[payload.kind];
  const text = [
    `Hej ${donor.given_name},`,
    "",
    ...body.lines.filter(Boolean).flatMap((l) => [l, ""]),
    `Du ser dina dragningar och kan ändra, pausa eller avsluta din månadsgåva på Mina sidor: ${myPages}`,
    "",
    "Varma hälsningar,",
    site.name,
    `${site.phone} · ${site.email}`,
  ].join("\n");
  return { to: donor.email, subject: body.subject, text };
}
