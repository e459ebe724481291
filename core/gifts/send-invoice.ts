import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "#db/schema";
import type { Mailer } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import type { DocumentRenderer } from "../documents/document-renderer";
import { findGift, findPayment } from "../payments/payment-repository";
import { formatSek } from "../site/format";
import { invoiceDocument, invoiceLines } from "./invoice";
import type { JobAttempt } from "../jobs/job-runner";
import type { LinkTokens } from "../my-data/link-tokens";
import { companyPageParagraph } from "../companies/company-links";

const payloadSchema = z.object({ paymentId: z.string().min(1) });

/** E-mails the invoice PDF; queued when an invoice payment starts. Sending is the job's outside effect, as for receipts (decision 0025). */
export async function sendInvoice(
  deps: { db: Kysely<DB>; mailer: Mailer; site: SiteConfig; documents: DocumentRenderer; publicUrl?: string; companyLinks?: LinkTokens },
  payload: unknown,
  attempt: Pick<JobAttempt, "outsideEffect">,
): Promise<void> {
  const { paymentId } = payloadSchema.parse(payload);
  const payment = await findPayment(deps.db, paymentId);
  if (!payment) throw new Error(`Invoice for unknown payment ${paymentId}`);
  const gift = await findGift(deps.db, payment.gift_id);
  if (!gift) throw new Error(`Invoice for unknown gift ${payment.gift_id}`);
  const lines = invoiceLines({ site: deps.site, gift, payment });
  // A company's gift carries the company's own reference to the invoice (their accounts payable match on it),
  // and its e-mail a link to the company's own page (decision 0047).
  const company = await deps.db.selectFrom("company_gifts").select(["company_reference", "organisationsnummer"]).where("gift_id", "=", gift.id).executeTakeFirst();
  const companyLink =
    company && deps.companyLinks && deps.publicUrl !== undefined ? await companyPageParagraph({ companyLinks: deps.companyLinks, publicUrl: deps.publicUrl }, company.organisationsnummer) : null;
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
    ...(companyLink ? [companyLink, ""] : []),
    "Varma hälsningar,",
    deps.site.name,
  ].join("\n");
  const pdf = await deps.documents.render(invoiceDocument({ gift, payment }, company?.company_reference ?? null), "pdf");
  const mail = {
    to: gift.donor_email,
    subject: `Faktura för din gåva på ${formatSek(payment.amount_ore)}`,
    text,
    attachments: [{ filename: `faktura-${gift.order_reference}.pdf`, content: pdf, contentType: "application/pdf" }],
  };
  await attempt.outsideEffect(() => deps.mailer.send(mail));
}
