import express, { type Router } from "express";
import type { AppContainer } from "../container";
import { letterPrefill } from "#core/letter-links/letter-links";
import { sendApiError } from "./api-errors";
import { limitRequests } from "./rate-limit";

/**
 * What a letter's link pre-fills (the spec's cardio service; decision 0023):
 *
 *   GET /api/donor/{id}      // id: the unguessable reference printed on the letter (either letter case, as /brev/{id}), never a donor number
 *   → 200 { name, street, postalCode, city }   (nothing else: no personnummer, e-mail or gifts)
 *   → 404 not_found for a malformed, unknown or expired id, or a donor without an address to show – one answer for all
 *   → 429 rate_limited over RATE_LIMIT_LETTER_LINKS_PER_MINUTE
 *
 * Always `Cache-Control: no-store`. The reference is redacted from logs
 * (server/logging.ts) and error reports (app/error-reporting/scrub.ts).
 */
const NOT_FOUND = "Länken fungerar inte längre. Fyll i dina uppgifter själv, eller ring oss så hjälper vi dig.";

export function letterLinkApiRouter(container: AppContainer): Router {
  const router = express.Router();
  router.get("/donor/:id", limitRequests(container.letterLinkLimiter), async (req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      const id = typeof req.params.id === "string" ? req.params.id : "";
      const prefill = await letterPrefill({ db: container.db, clock: container.clock }, id);
      if (!prefill) return sendApiError(res, 404, "not_found", NOT_FOUND);
      res.json({ name: prefill.name, street: prefill.street, postalCode: prefill.postalCode, city: prefill.city });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
