import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { MailAttachment } from "../mail/mailer";
import type { DocumentRenderer } from "../documents/document-renderer";
import type { GiftRow } from "../payments/payment-repository";
import { findMemorialOrder } from "./memorial-order-view";
import { memorialSheetForItem, storedSheetContent } from "./memorial-sheet";
import { funeralDateFor, memorialReceiptParagraph, sheetDeliveryEstimate, sheetFileName } from "./sheet-delivery";

/** The donor's order page for a memorial gift. */
export function memorialOrderPath(orderReference: string): string {
  return `/order/minnesblad/${orderReference}`;
}

/**
 * What a memorial gift's receipt adds: a paragraph on in whose memory, where
 * the sheet goes and when it is expected, and a copy of the sheet as an image.
 * Null for a gift without a sheet.
 */
export async function memorialReceiptExtras(
  deps: { db: Kysely<DB>; documents: DocumentRenderer; publicUrl: string },
  gift: GiftRow,
): Promise<{ paragraph: string; attachment: MailAttachment } | null> {
  if (gift.gift_type !== "memorial") return null;
  const found = await findMemorialOrder(deps.db, gift.order_reference);
  if (!found) return null;
  const { item } = found;
  const estimate = sheetDeliveryEstimate(item, new Date(gift.paid_at ?? gift.created_at), await funeralDateFor(deps.db, gift, item), gift.paid_at !== null);
  const sheet = await deps.documents.render(memorialSheetForItem(item, gift.amount_ore), "png");
  return {
    paragraph: memorialReceiptParagraph(item, estimate, `${deps.publicUrl}${memorialOrderPath(gift.order_reference)}`, gift.paid_at !== null),
    attachment: { filename: sheetFileName(storedSheetContent(item.content).deceasedName, "png"), content: sheet, contentType: "image/png" },
  };
}
