import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { DocumentRenderer } from "../documents/document-renderer";
import type { GiftRow } from "../payments/payment-repository";
import type { MailAttachment } from "../mail/mailer";
import { GIFT_DOCUMENT_LABELS, giftDocumentFileName, giftDocumentPagePath, isGiftDocumentKind } from "./gift-documents";
import { findGiftDocumentOrder, itemDestination, itemDocument } from "./gift-document-order";

/**
 * What a gift card's, certificate's or diploma's receipt adds (issue #29: a
 * buyer could not find what they had paid for): the document itself as a PDF,
 * where it goes, and the page where it can always be fetched again. Null for
 * other gifts, and for a list order (its many documents are on its own page).
 */
export async function giftDocumentReceiptExtras(
  deps: { db: Kysely<DB>; documents: DocumentRenderer; publicUrl: string },
  gift: GiftRow,
): Promise<{ paragraph: string; attachment: MailAttachment } | null> {
  if (!isGiftDocumentKind(gift.gift_type)) return null;
  const found = await findGiftDocumentOrder(deps.db, gift.order_reference, gift.gift_type);
  const item = found?.items.length === 1 ? found.items[0] : undefined;
  if (!found || !item) return null;
  const label = GIFT_DOCUMENT_LABELS[found.kind];
  const pdf = await deps.documents.render(itemDocument(found, item), "pdf");
  const goes = item.channel === "download" ? "" : ` Vi skickar det ${itemDestination(item)}.`;
  return {
    paragraph: `${label.name} till ${item.recipient_name} finns bifogat som PDF.${goes} Du kan alltid hämta det igen här: ${deps.publicUrl}${giftDocumentPagePath(found.kind, gift.order_reference)}`,
    attachment: { filename: giftDocumentFileName(found.kind, item.recipient_name, "pdf"), content: pdf, contentType: "application/pdf" },
  };
}
