import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "#db/schema";
import type { Mailer, MailMessage } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import type { JobAttempt } from "../jobs/job-runner";
import { findGift, findPayment, type GiftRow, type PaymentRow } from "../payments/payment-repository";
import { formatDateLong, formatSek } from "../site/format";
import { mailSignOff } from "../mail/sign-off";

/** The job that tells the donor their money is on its way back (queued by giftRefundOutcomes). */
export const REFUND_CONFIRMATION_JOB = "send-refund-confirmation";

const payloadSchema = z.object({ paymentId: z.string().min(1) });

/** Where the money goes back, as the donor paid. */
const BACK_TO: Record<string, string> = {
  swish: "till det Swish-nummer du betalade från",
  card: "till kortet du betalade med",
  bank: "till kontot du betalade från",
  invoice: "till kontot du betalade fakturan från",
  autogiro: "till kontot som dragningen gjordes från",
};

/**
 * The e-mail after a refund (issue #29: the donor was told nothing). A
 * membership fee is called a fee, and a gift given with a personnummer says
 * it no longer counts for the tax reduction.
 */
export function refundConfirmationMail(gift: GiftRow, payment: PaymentRow, site: SiteConfig, refundedAt: string): MailMessage {
  const amount = formatSek(payment.amount_ore);
  const membership = gift.gift_type === "membership";
  const what = membership ? "medlemsavgiften" : "gåvan";
  const text = [
    `Hej ${gift.donor_name},`,
    "",
    `Vi har betalat tillbaka ${what} på ${amount} (ordernummer ${gift.order_reference}) ${formatDateLong(refundedAt)}.`,
    `Pengarna går tillbaka ${BACK_TO[payment.method] ?? "samma väg som du betalade"}. Det kan ta några bankdagar innan de syns.`,
    ...(gift.donor_personnummer && !membership ? ["", "Gåvan räknas inte längre för din skattereduktion, och vi rapporterar den inte till Skatteverket."] : []),
    "",
    "Har du frågor, eller var det inte du som bad om det? Svara på det här mejlet eller ring oss.",
    "",
    ...mailSignOff(site),
  ].join("\n");
  return { to: gift.donor_email, subject: membership ? `Vi har betalat tillbaka medlemsavgiften, ${amount}` : `Vi har betalat tillbaka din gåva, ${amount}`, text };
}

/** The job: the mail once per refunded payment; the sending is the job's outside effect, as for receipts. */
export async function sendRefundConfirmation(
  deps: { db: Kysely<DB>; mailer: Mailer; site: SiteConfig },
  payload: unknown,
  attempt: Pick<JobAttempt, "outsideEffect">,
): Promise<void> {
  const { paymentId } = payloadSchema.parse(payload);
  const payment = await findPayment(deps.db, paymentId);
  if (!payment || payment.status !== "refunded") throw new Error(`Refund confirmation for payment ${paymentId}, which is not refunded`);
  const gift = await findGift(deps.db, payment.gift_id);
  if (!gift) throw new Error(`Refund confirmation for payment ${paymentId} without its gift`);
  // A donor who asked to be erased has no address left to write to.
  if (!gift.donor_email.includes("@")) return;
  const mail = refundConfirmationMail(gift, payment, deps.site, payment.updated_at);
  await attempt.outsideEffect(() => deps.mailer.send(mail));
}
