import express, { type Router } from "express";
import { z } from "zod";
import type { AppContainer } from "../container";
import { companyGiftSchema } from "#core/companies/company-gift-form";
import { giveCompanyGift } from "#core/companies/give-company-gift";
import { giftRecorded } from "#core/gifts/gift-service";
import { fieldErrors } from "#core/gifts/gift-form";
import { sendApiError, sendValidationError } from "./api-errors";
import { withContext } from "./request-context";
import { perMinuteLimit } from "./rate-limit";

/**
 * `POST /api/CompanyGift/Add` (issue #31, decision 0045): a company's gift, in
 * RegularGift/Add's envelope (`{ payload, context }`), checked with the
 * company gift page's own schema (core/companies/company-gift-form.ts) and
 * paid like the page's: the gift is stored with its company and its payment
 * started at once (an invoice is e-mailed with its OCR reference; a card or
 * Swish payment continues with Payments/Poll on the reference).
 *
 *   { "payload": {
 *       "organisationsnummer": "556677-8899", "companyName": "…", "contactName": "…", "email": "…",
 *       "address": { "street", "postalCode", "city" }, "companyReference": "…"?,
 *       "amount": 25000, "paymentMethod": "invoice" | "card" | "swish", "idempotencyKey": "<uuid>" },
 *     "context": { … } }
 *
 * 201 `{ orderReference, taxReductionEligible }`; the same idempotency key
 * again is 200 with the same answer. 400 `validation_failed` with `fields`
 * keyed by the payload's paths (a bad organisationsnummer, an amount under
 * COMPANY_GIFT_MIN_KR); nothing is stored on a refusal.
 */
const text = z.string({ error: "Ange texten som en sträng." });

const companyGiftPayload = z.object({
  organisationsnummer: text,
  companyName: text,
  contactName: text,
  email: text,
  address: z.object({ street: text, postalCode: text, city: text }, { error: "Ange adressen med street, postalCode och city." }),
  companyReference: text.optional(),
  amount: z.number({ error: "Ange beloppet i hela kronor." }).int("Ange beloppet i hela kronor."),
  paymentMethod: text,
  idempotencyKey: text,
});

const companyGiftRequest = withContext(companyGiftPayload);

/** Where each form field stands in the payload, for the error's `fields`. */
const PAYLOAD_PATHS: Record<string, string> = {
  street: "payload.address.street",
  postalCode: "payload.address.postalCode",
  city: "payload.address.city",
};

export function companyGiftApiRouter(container: AppContainer, limits: { perMinute: number }): Router {
  const router = express.Router();
  const schema = companyGiftSchema(container.companyGiftLimits);

  router.post("/CompanyGift/Add", perMinuteLimit(container.rateLimiter, "api-payment-starts", limits.perMinute), async (req, res, next) => {
    try {
      const envelope = companyGiftRequest.safeParse(req.body);
      if (!envelope.success) return sendValidationError(res, envelope.error);
      const p = envelope.data.payload;
      const form = schema.safeParse({
        organisationsnummer: p.organisationsnummer,
        companyName: p.companyName,
        contactName: p.contactName,
        email: p.email,
        street: p.address.street,
        postalCode: p.address.postalCode,
        city: p.address.city,
        companyReference: p.companyReference ?? "",
        amount: String(p.amount),
        paymentMethod: p.paymentMethod,
        idempotencyKey: p.idempotencyKey,
      });
      if (!form.success) {
        const fields = Object.fromEntries(
          Object.entries(fieldErrors(form.error)).map(([key, message]) => [PAYLOAD_PATHS[key] ?? (key === "form" ? key : `payload.${key}`), message]),
        );
        return sendApiError(res, 400, "validation_failed", "Uppgifterna är inte kompletta. Rätta fälten och försök igen.", fields);
      }
      const retried = await giftRecorded(container.db, form.data.gift.idempotencyKey);
      const given = await giveCompanyGift(container, form.data);
      res.status(retried ? 200 : 201).json({ orderReference: given.gift.order_reference, taxReductionEligible: given.taxReductionEligible });
    } catch (error) {
      next(error);
    }
  });

  return router;
}
