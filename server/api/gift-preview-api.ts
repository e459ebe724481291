import express, { type Router } from "express";
import type { AppContainer } from "../container";
import { fieldErrors } from "../../core/gifts/gift-form";
import { giftPreviewRequestSchema, memorialSheetDocument } from "../../core/memorial/memorial-sheet";
import { sendApiError } from "./api-errors";

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
 * The same PNG, for pages without JavaScript, is
 * GET /ge-en-gava/minnesgava/forhandsgranska.png?design=…&deceasedName=…&dateOfDeath=…&greeting=…
 * (app/routes/memorial-sheet-preview-png.ts). Names and greetings are never logged.
 */
export function giftPreviewApiRouter(container: AppContainer): Router {
  const router = express.Router();
  router.post("/Gift/Preview", container.previewLimiter.middleware(), async (req, res, next) => {
    const parsed = giftPreviewRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      return sendApiError(res, 400, "validation_failed", "Förhandsvisningen kunde inte göras. Rätta fälten och försök igen.", fieldErrors(parsed.error));
    }
    try {
      const png = await container.documents.render(memorialSheetDocument(parsed.data), "png");
      res.setHeader("Cache-Control", "no-store");
      res.type("image/png").send(png);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
