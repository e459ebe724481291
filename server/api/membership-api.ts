import express, { type Router } from "express";
import { z } from "zod";
import type { AppContainer } from "../container";
import { membershipFormSchema } from "#core/membership/membership-form";
import { UNKNOWN_RENEWAL_MESSAGE, UnknownRenewalError, recordMembership } from "#core/membership/membership-service";
import { formatNumber } from "#core/site/format";
import { sendApiError, sendValidationError } from "./api-errors";
import { withContext } from "./request-context";
import { perMinuteLimit } from "./rate-limit";

/**
 * `POST /api/MembershipGift/Add` (spec section 7): a year's membership fee, in
 * RegularGift/Add's envelope; like it, it records the gift and answers its
 * order reference, and the caller starts the payment with `Payments/Create`.
 * The fee is the configured one: an `amount` may be sent to make sure the
 * caller shows the same fee, and is refused when it differs.
 *
 *   { "payload": {
 *       "amount": 300?, "name": "…", "email": "…", "personnummer": "…"?, "newsletter": false?,
 *       "address": { "street", "postalCode", "city" },     // the payer's; the member's when not a present
 *       "present"?: { "name", "email"?, "address": { "street", "postalCode", "city" }, "greeting"? },
 *       "renewal"?: "<the renewal link's member reference>",
 *       "idempotencyKey": "<uuid>" },
 *     "context": { "session", "identity", "currentUrl", "requestgroup" } }
 *
 * Errors: 400 `validation_failed` with `fields` keyed by the form's field
 * names under `payload.`; 400 `unknown_renewal`. Nothing is stored on any refusal.
 */
const text = z.string({ error: "Ange texten som en sträng." });
const address = z.object({ street: text, postalCode: text, city: text }, { error: "Ange adressen med street, postalCode och city." });

const membershipPayload = z.object({
  amount: z.number({ error: "Ange beloppet i hela kronor." }).int("Ange beloppet i hela kronor.").optional(),
  name: text,
  email: text,
  personnummer: text.optional(),
  newsletter: z.boolean({ error: "Ange newsletter som true eller false." }).optional(),
  address: address.optional(),
  present: z.object({ name: text, email: text.optional(), address, greeting: text.optional() }).optional(),
  renewal: text.optional(),
  idempotencyKey: text,
});
const membershipRequest = withContext(membershipPayload);

export function membershipApiRouter(container: AppContainer, limits: { perMinute: number }): Router {
  const router = express.Router();
  const feeKr = container.membershipFeeKr;
  const formSchema = membershipFormSchema(feeKr);

  router.post("/MembershipGift/Add", perMinuteLimit(container.rateLimiter, "api-membership-gifts", limits.perMinute), async (req, res, next) => {
    try {
      const envelope = membershipRequest.safeParse(req.body);
      if (!envelope.success) return sendValidationError(res, envelope.error);
      const p = envelope.data.payload;
      if (p.amount !== undefined && p.amount !== feeKr) {
        return sendApiError(res, 400, "validation_failed", "Uppgifterna är inte kompletta. Rätta fälten och försök igen.", {
          "payload.amount": `Medlemsavgiften är ${formatNumber(feeKr)} kronor.`,
        });
      }
      const form = formSchema.safeParse({
        name: p.name,
        email: p.email,
        personnummer: p.personnummer ?? "",
        newsletter: p.newsletter ? "on" : undefined,
        // The method is chosen later (Payments/Create); the address is checked as the member's.
        paymentMethod: "card",
        street: p.address?.street ?? "",
        postalCode: p.address?.postalCode ?? "",
        city: p.address?.city ?? "",
        forWhom: p.present ? "present" : "self",
        recipientName: p.present?.name ?? "",
        recipientEmail: p.present?.email ?? "",
        recipientStreet: p.present?.address.street ?? "",
        recipientPostalCode: p.present?.address.postalCode ?? "",
        recipientCity: p.present?.address.city ?? "",
        greeting: p.present?.greeting ?? "",
        renewal: p.renewal ?? "",
        idempotencyKey: p.idempotencyKey,
      });
      if (!form.success) return sendValidationError(res, form.error, "payload");
      const { gift, created } = await recordMembership(container.db, container.clock, form.data);
      res.status(created ? 201 : 200).json({ orderReference: gift.order_reference, amount: gift.amount_ore / 100, currency: "SEK" });
    } catch (error) {
      if (error instanceof UnknownRenewalError) return sendApiError(res, 400, "unknown_renewal", UNKNOWN_RENEWAL_MESSAGE);
      next(error);
    }
  });
  return router;
}
