import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "../../db/schema";
import type { Mailer } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import { findGift, findPayment } from "../payments/payment-repository";
import { formatSek } from "../site/format";
import { invoiceLines, invoicePdf } from "./invoice-pdf";

export { INVOICE_JOB } from "./invoice-job";
const payloadSchema = z.object({ paymentId: z.string().min(1) });

/** E-mails the invoice PDF; queued when an invoice payment starts. */
export async function sendInvoice(
  deps: { db: Kysely<DB>; mailer: Mailer; site: SiteConfig },
  payload: unknown,
): Promise<void> {
  const { paymentId } = payloadSchema.parse(payload);
  const payment = await findPayment(deps.db, paymentId);
  if (!payment) throw new Error(`Invoice for unknown payment ${paymentId}`);
  const gift = await findGift(deps.db, payment.gift_id);
  if (!gift) throw new Error(`Invoice for unknown gift ${payment.gift_id}`);
  const facts = { site: deps.site, gift, payment };
  const lines = invoiceLines(facts);
  const text = [
    `Hej ${gift.donor_name},`,
    "",
    `Tack för att du vill ge en gåva på ${formatSek(payment.amount_ore)} till ${deps.site.name}!`,
    "Här kommer fakturan. Du kan betala den i din internetbank:",
    "",
    ...lines.facts.map(([label, value]) => `${label}: ${value}`),
    "",
    lines.note,
    "",
    "Varma hälsningar,",
    deps.site.name,
  ].join("\n");
  await deps.mailer.send({
    to: gift.donor_email,
    subject: `Faktura för din gåva på ${formatSek(payment.amount_ore)}`,
    text,
    attachments: [{ filename: `faktura-${gift.order_reference}.pdf`, content: await invoicePdf(facts), contentType: "application/pdf" }],
  });
}
