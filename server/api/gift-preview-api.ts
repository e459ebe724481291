import express, { type NextFunction, type Response, type Router } from "express";
import type { z } from "zod";
import type { AppContainer } from "../container";
import { fieldErrors } from "#core/gifts/gift-form";
import { giftPreviewRequestSchema, memorialSheetDocument } from "#core/memorial/memorial-sheet";
import { sendApiError } from "./api-errors";
import { greetingCardPreviewDocument, greetingCardPreviewSchema } from "#core/cards/greeting-card-document";
import { limitRequests } from "./rate-limit";
import { giftDocumentPreviewRequest, giftDocumentPreviewSchema } from "#core/gift-documents/gift-document-preview";

/**
 * The memorial sheet's preview, as the donor types (the memorial gift page
 * asks 400 ms after typing stops, through app/memorial/preview-sheet.ts):
 *
 *   POST /api/Gift/Preview
 *   Content-Type: application/json
 *   {
 *     "kind": "memorial_sheet",
 *     "design": "lilja" | "ljus" | "duva" | "hjarta",
 *     "deceasedName": "Märta Öberg",          // 2–100 characters
 *     "birthYear": 1938,                      // optional
 *     "dateOfDeath": "2026-11-14",            // YYYY-MM-DD
 *     "greeting": "Tack för allt.\nVila i frid.", // optional, ≤ 300 characters, line breaks kept
 *     "signature": "Åsa och Örjan",           // optional here (≤ 120), required by the gift form
 *     "showAmount": false,
 *     "amountOre": 50000                      // optional; printed only with showAmount
 *   }
 *   → 200 image/png (840 px wide, A5 portrait), Cache-Control: no-store
 *   → 400 { error: { code: "validation_failed", message, fields: { greeting: "…" } } }
 *   → 429 when the visitor asks more than RATE_LIMIT_PREVIEWS_PER_MINUTE a minute
 *
 * A greeting card's preview (the greeting card page, app/cards/preview-card.ts):
 *
 *   { "kind": "greeting_card", "cardCode": "JUL_24_12", "greeting": "God jul!",  // ≤ 300 characters
 *     "recipientName": "Margareta", "giverName": "Anders" }                        // optional, ≤ 80
 *   → 200 image/png (1200 px wide, A6 landscape); 404 card_not_found for a code not in the catalogue
 *
 * A gift card's, gift certificate's or diploma's preview (their order page,
 * app/cards/preview-gift-document.ts):
 *
 *   { "kind": "gift_document", "documentKind": "gift_card" | "gift_certificate" | "diploma",
 *     "cardCode": "JUL_24_12",                  // a gift card's card from the catalogue
 *     "design": "lager",                        // a certificate's or diploma's design
 *     "occasion": "fodelsedag", "recipientName": "Margareta", "text": "…", "signature": "Anders",
 *     "amountKr": 250 }                         // only when the document shows the amount
 *   → 200 image/png; 404 card_not_found for a gift card whose code is not in the catalogue
 *
 * The same PNG, for pages without JavaScript, is
 * GET /ge-en-gava/minnesgava/forhandsgranska.png?design=…&deceasedName=…&dateOfDeath=…&greeting=…
 * (app/memorial/memorial-sheet-preview-png.ts). Names and greetings are never logged.
 */
export function giftPreviewApiRouter(container: AppContainer): Router {
  const router = express.Router();
  router.post("/Gift/Preview", limitRequests(container.previewLimiter), async (req, res, next) => {
    const kind = (req.body as { kind?: unknown } | undefined)?.kind;
    if (kind === "greeting_card") return previewGreetingCard(container, req.body, res, next);
    if (kind === "gift_document") return previewGiftDocument(container, req.body, res, next);
    const parsed = giftPreviewRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) return sendInvalid(res, parsed.error);
    await sendPng(res, next, () => container.documents.render(memorialSheetDocument(parsed.data), "png"));
  });
  return router;
}

const sendInvalid = (res: Response, error: z.ZodError) =>
  sendApiError(res, 400, "validation_failed", "Förhandsvisningen kunde inte göras. Rätta fälten och försök igen.", fieldErrors(error));

const sendCardNotFound = (res: Response) =>
  sendApiError(res, 404, "card_not_found", "Det kortet finns inte. Välj ett kort i listan.", { cardCode: "Välj ett kort i listan." });

async function sendPng(res: Response, next: NextFunction, render: () => Promise<Buffer>): Promise<void> {
  try {
    const png = await render();
    res.setHeader("Cache-Control", "no-store");
    res.type("image/png").send(png);
  } catch (error) {
    next(error);
  }
}

async function previewGreetingCard(container: AppContainer, body: unknown, res: Response, next: NextFunction): Promise<void> {
  const parsed = greetingCardPreviewSchema.safeParse(body);
  if (!parsed.success) return sendInvalid(res, parsed.error);
  const card = container.cards.cardByCode(parsed.data.cardCode);
  if (!card) return sendCardNotFound(res);
  await sendPng(res, next, () => container.documents.render({ kind: "greeting-card", data: greetingCardPreviewDocument(card, parsed.data) }, "png"));
}

async function previewGiftDocument(container: AppContainer, body: unknown, res: Response, next: NextFunction): Promise<void> {
  const parsed = giftDocumentPreviewSchema.safeParse(body);
  if (!parsed.success) return sendInvalid(res, parsed.error);
  const document = giftDocumentPreviewRequest(parsed.data, (code) => container.cards.cardByCode(code), container.clock.now());
  if (!document) return sendCardNotFound(res);
  await sendPng(res, next, () => container.documents.render(document, "png"));
}
