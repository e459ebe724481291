import { z } from "zod";
import type { Card } from "../cards/card-catalogue";
import type { DocumentRequest } from "../documents/document-renderer";
import { nameText } from "../text/text-fields";
import {
  GIFT_DOCUMENT_DESIGNS,
  GIFT_DOCUMENT_KINDS,
  GIFT_DOCUMENT_RENDER_KIND,
  OCCASION_HEADINGS,
  RECIPIENT_NAME_MAX_CHARACTERS,
  giftDocumentSignature,
  giftDocumentText,
  isDesignOf,
  isOccasion,
} from "./gift-documents";

/**
 * A gift card's, gift certificate's or diploma's preview as the donor fills
 * in its page (POST /api/Gift/Preview with kind "gift_document", and the
 * no-JavaScript image app/cards/gift-document-preview-png.ts): the same
 * document the order makes, with what has been written so far and gentle
 * placeholders for names not yet written. Nothing is stored.
 */
export const giftDocumentPreviewSchema = z.object({
  documentKind: z.enum(GIFT_DOCUMENT_KINDS, { error: "Okänd sorts dokument." }),
  design: z.string().trim().max(40).optional().default(""),
  cardCode: z.string().trim().max(40).optional().default(""),
  occasion: z.string().trim().max(40).optional().default(""),
  recipientName: nameText(RECIPIENT_NAME_MAX_CHARACTERS).optional().default(""),
  text: giftDocumentText().optional().default(""),
  signature: giftDocumentSignature().optional().default(""),
  /** Whole kronor, only when the document shows the amount (a gift card always does). */
  amountKr: z.coerce.number().int("Skriv beloppet i hela kronor.").min(0).max(10_000_000).optional(),
});
export type GiftDocumentPreview = z.input<typeof giftDocumentPreviewSchema>;

/** Printed where the order item's reference goes: this is no document yet. */
export const PREVIEW_REFERENCE = "Förhandsvisning";

/**
 * The document to render, or null for a gift card whose card the catalogue
 * does not have (nothing to show: the callers answer 404 card_not_found). A
 * gift card wears its catalogue card; a certificate or diploma one of its own
 * designs, the first when the design is not one of them.
 */
export function giftDocumentPreviewRequest(
  preview: z.output<typeof giftDocumentPreviewSchema>,
  cardByCode: (code: string) => Card | undefined,
  now: Date,
): DocumentRequest | null {
  const kind = preview.documentKind;
  const card = kind === "gift_card" ? cardByCode(preview.cardCode) : undefined;
  if (kind === "gift_card" && !card) return null;
  const design = kind === "gift_card" ? (card?.code ?? "") : isDesignOf(kind, preview.design) ? preview.design : GIFT_DOCUMENT_DESIGNS[kind][0];
  return {
    kind: GIFT_DOCUMENT_RENDER_KIND[kind],
    data: {
      design,
      heading: OCCASION_HEADINGS[isOccasion(preview.occasion) ? preview.occasion : "annat"],
      recipientName: preview.recipientName || "Mottagarens namn",
      text: preview.text,
      signature: preview.signature || "Ditt namn",
      amountOre: preview.amountKr === undefined ? null : preview.amountKr * 100,
      reference: PREVIEW_REFERENCE,
      date: now.toISOString(),
      card: kind === "gift_card" ? (card?.design ?? null) : null,
    },
  };
}
