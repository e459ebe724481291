import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "#db/schema";
import type { Mailer } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import type { DocumentRenderer } from "../documents/document-renderer";
import { findGift } from "../payments/payment-repository";
import { receiptMail } from "./receipt";
import { thankYouCard } from "./receipt-document";
import { memorialReceiptExtras } from "../memorial/memorial-receipt";
import { greetingCardReceiptExtras } from "../cards/greeting-card-order";
import { cardCatalogue, type CardCatalogue } from "../cards/card-catalogue";
import { membershipReceiptExtras } from "../membership/membership-receipt";
import { giftDocumentReceiptExtras } from "../gift-documents/gift-document-receipt";
import { companyChristmasReceiptExtras } from "../companies/company-christmas";
import type { JobAttempt } from "../jobs/job-runner";
import type { LinkTokens } from "../my-data/link-tokens";
import { companyOfGift, companyPageParagraph } from "../companies/company-links";

const payloadSchema = z.object({ giftId: z.string().min(1) });

/**
 * The receipt job: queued in the same transaction that marks the gift paid
 * (once per gift: its dedupe key is `receipt:<gift id>`). The e-mail carries a
 * thank-you card as an image the donor can keep or share (and, for a memorial
 * gift, a copy of the memorial sheet). Everything is prepared first; the
 * sending is the job's outside effect, so the job is marked done the moment
 * the mailer accepts and a crash after that does not send it again (decision
 * 0025 says what window remains).
 */
export async function sendReceipt(
  deps: { db: Kysely<DB>; mailer: Mailer; site: SiteConfig; publicUrl: string; documents: DocumentRenderer; cards?: CardCatalogue; companyLinks?: LinkTokens },
  payload: unknown,
  attempt: Pick<JobAttempt, "outsideEffect">,
): Promise<void> {
  const { giftId } = payloadSchema.parse(payload);
  const gift = await findGift(deps.db, giftId);
  if (!gift) throw new Error(`Receipt for unknown gift ${giftId}`);
  if (gift.status !== "paid") throw new Error(`Receipt for unpaid gift ${giftId}`);
  // Debits of a monthly gift or membership get no receipt each: the donor gets one yearly statement (decision 0017).
  if (gift.agreement_id) return;
  const card = await deps.documents.render(thankYouCard(gift), "png");
  // A memorial gift's receipt says in whose memory, where the sheet goes and when, with a copy of the sheet.
  // A greeting card's receipt says to whom and when the card goes, with a copy of the card.
  // A membership fee's receipt gives the member number and year, with the member card.
  // A gift card's, certificate's or diploma's receipt carries the document and its page.
  const extras =
    (await memorialReceiptExtras(deps, gift)) ??
    (await greetingCardReceiptExtras({ ...deps, catalogue: deps.cards ?? cardCatalogue() }, gift)) ??
    (await membershipReceiptExtras(deps, gift)) ??
    (await giftDocumentReceiptExtras(deps, gift)) ??
    (await companyChristmasReceiptExtras(deps, gift));
  // A company's receipt carries a link to its own page: gifts, invoices, statements (decision 0047).
  const company = deps.companyLinks ? await companyOfGift(deps.db, gift.id) : null;
  const companyLink = company && deps.companyLinks ? await companyPageParagraph({ companyLinks: deps.companyLinks, publicUrl: deps.publicUrl }, company) : null;
  const mail = {
    ...receiptMail(gift, deps.site, deps.publicUrl, [...(extras ? [extras.paragraph] : []), ...(companyLink ? [companyLink] : [])]),
    attachments: [
      { filename: `tack-${gift.order_reference}.png`, content: card, contentType: "image/png" },
      ...(extras ? [extras.attachment] : []),
    ],
  };
  await attempt.outsideEffect(() => deps.mailer.send(mail));
}
