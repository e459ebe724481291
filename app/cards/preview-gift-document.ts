import type { GiftDocumentPreview } from "#core/gift-documents/gift-document-preview";
import type { ApiCall } from "../error-reporting/api-call";
import { requestGiftPreview } from "../memorial/preview-sheet";

/**
 * A gift card's, gift certificate's or diploma's live preview (POST
 * /api/Gift/Preview with kind "gift_document"), through the one API wrapper:
 * the frontend timeout, a failure tracked as error_gift_card_preview and
 * rethrown. Answers an object URL for an <img>.
 */
export async function previewGiftDocument(apiCall: ApiCall, preview: GiftDocumentPreview, options: { signal?: AbortSignal } = {}): Promise<string> {
  return requestGiftPreview(apiCall, { kind: "gift_document", ...preview }, options);
}

/** The no-JavaScript preview image's address on the kind's own page (/ge-en-gava/gavokort/forhandsgranska.png…). */
export function giftDocumentPreviewImageUrl(slug: string, preview: GiftDocumentPreview): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(preview)) {
    if (key !== "documentKind" && value !== undefined && value !== null && String(value) !== "") search.set(key, String(value));
  }
  return `/ge-en-gava/${slug}/forhandsgranska.png?${search.toString()}`;
}
