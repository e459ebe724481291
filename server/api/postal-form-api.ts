import express, { type Router } from "express";
import type { AppContainer } from "../container";
import { postalFormFieldErrors, postalFormRequestSchema } from "#core/postal-forms/postal-form-schema";
import { orderPostalForm, POSTAL_FORMS_LIMITED_MESSAGES, PostalFormsLimitedError } from "#core/postal-forms/postal-form-service";
import { sendApiError } from "./api-errors";

/**
 * A paper form by post (the spec's cardio service; decision 0023):
 *
 *   POST /api/PostalForm
 *   { "kind": "autogiro_mandate" | "membership" | "payin_slips",
 *     "name": "Astrid Exempel", "street": "Storgatan 1", "postalCode": "111 22", "city": "Västerås",
 *     "email"?: "astrid@exempel.se" }                     // a confirmation is e-mailed when given
 *   → 201 { reference: "BL-…", kind, expectedBy: "YYYY-MM-DD" }
 *     (200 with the same answer when the same form to the same name and address still waits to be posted)
 *   → 400 validation_failed with `fields` by name (unknown fields too); nothing stored
 *   → 429 rate_limited (this visitor, RATE_LIMIT_POSTAL_FORMS_PER_HOUR) or
 *     address_limited (3 to one postal address in 30 days); nothing stored
 *
 * The request goes into the fulfilment queue (/admin/leverans, npm run fulfilment).
 */
const INVALID = "Uppgifterna är inte kompletta. Rätta fälten och försök igen.";

export function postalFormApiRouter(container: AppContainer): Router {
  const router = express.Router();
  router.post("/PostalForm", async (req, res, next) => {
    const parsed = postalFormRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) return sendApiError(res, 400, "validation_failed", INVALID, postalFormFieldErrors(parsed.error));
    try {
      const deps = { db: container.db, clock: container.clock, perVisitor: container.postalFormLimiter, recipientMail: container.recipientMail };
      const { form, created } = await orderPostalForm(deps, req.ip ?? "unknown", parsed.data);
      res.status(created ? 201 : 200).json({ reference: form.reference, kind: form.kind, expectedBy: form.expected_by });
    } catch (error) {
      if (!(error instanceof PostalFormsLimitedError)) return next(error);
      const retryAfter = error.by === "visitor" ? await container.postalFormLimiter.secondsLeft(req.ip ?? "unknown") : (error.retryAfterSeconds ?? 86_400);
      res.setHeader("Retry-After", String(retryAfter));
      sendApiError(res, 429, error.by === "visitor" ? "rate_limited" : "address_limited", POSTAL_FORMS_LIMITED_MESSAGES[error.by]);
    }
  });
  return router;
}
