import express, { type Response, type Router } from "express";
import type { AppContainer } from "../container";
import { DOCUMENT_CONTENT_TYPES, type DocumentFormat } from "#core/documents/document-renderer";
import { findMembershipByOrderReference } from "#core/membership/membership-service";
import { MEMBER_CARD_FILE_NAME, memberCardRequest } from "#core/membership/member-card";
import { findGiftDocumentOrder, itemDocument, type GiftDocumentOrder } from "#core/gift-documents/gift-document-order";
import { GIFT_DOCUMENT_KINDS, giftDocumentFileName } from "#core/gift-documents/gift-documents";
import { PRIVATE_DOCUMENT_HEADERS, sendApiError } from "./api-errors";
import { limitRequests } from "./rate-limit";

/**
 * The document of a paid gift card (or gift certificate or diploma), or the
 * member card of a paid membership fee, by the gift's order reference:
 *
 *   GET /api/Gift/DownloadPdfByOrderRef/{orderRef}               → 200 application/pdf (attachment)
 *   GET /api/Gift/DownloadPdfByOrderRef/{orderRef}?format=png    → 200 image/png
 *   → 404 { error: { code: "not_found" } }        unknown reference, or not a gift card, certificate, diploma or membership
 *   → 409 { error: { code: "awaiting_payment" } } known, but the gift is not paid yet
 *   → 400 { error: { code: "validation_failed", fields: { format } } } a format other than pdf or png
 *   → 429 more than RATE_LIMIT_DOCUMENTS_PER_MINUTE renders a minute from one address
 *   → 503 { error: { code: "busy" } } with Retry-After when the render queue is full (decision 0039)
 *
 * A list order answers its first recipient's document; each recipient's is on
 * the order page. The browser's download button calls this through
 * app/cards/download-gift-card.ts, tracked as download_gift_card_failed.
 */
export function giftDownloadApiRouter(container: AppContainer): Router {
  const router = express.Router();
  router.get("/Gift/DownloadPdfByOrderRef/:orderRef", limitRequests(container.renderLimiter), async (req, res, next) => {
    const format = req.query.format === undefined ? "pdf" : req.query.format;
    if (format !== "pdf" && format !== "png") {
      return sendApiError(res, 400, "validation_failed", "Formatet kan vara pdf eller png.", { format: "Välj pdf eller png." });
    }
    try {
      const orderRef = String(req.params.orderRef);
      const membership = await findMembershipByOrderReference(container.db, orderRef);
      if (membership) {
        const request = membership.gift.status === "paid" ? memberCardRequest(membership) : null;
        if (!request) return sendApiError(res, 409, "awaiting_payment", "Medlemsavgiften är inte betald än. Medlemskortet går att ladda ner när betalningen är klar.");
        return sendDocument(res, await container.documents.render(request, format), format, format === "pdf" ? MEMBER_CARD_FILE_NAME : "medlemskort.png");
      }
      let found: GiftDocumentOrder | null = null;
      for (const kind of GIFT_DOCUMENT_KINDS) {
        found ??= await findGiftDocumentOrder(container.db, orderRef, kind);
      }
      if (!found) return sendApiError(res, 404, "not_found", "Det finns ingen sådan beställning.");
      if (found.gift.status !== "paid") {
        return sendApiError(res, 409, "awaiting_payment", "Gåvan är inte betald än. Dokumentet går att ladda ner när betalningen är klar.");
      }
      const item = found.items[0]!;
      sendDocument(res, await container.documents.render(itemDocument(found, item), format), format, giftDocumentFileName(found.kind, item.recipient_name, format));
    } catch (error) {
      next(error);
    }
  });
  return router;
}

function sendDocument(res: Response, body: Buffer, format: DocumentFormat, fileName: string): void {
  res.setHeader("Content-Type", DOCUMENT_CONTENT_TYPES[format]);
  res.setHeader("Content-Disposition", `${format === "pdf" ? "attachment" : "inline"}; filename="${fileName}"`);
  res.set(PRIVATE_DOCUMENT_HEADERS);
  res.send(body);
}
