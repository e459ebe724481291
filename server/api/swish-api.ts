import express, { type Router } from "express";
import { z } from "zod";
import type { AppContainer } from "../container";
import { giftFormSchema } from "#core/gifts/gift-form";
import { giveGift } from "#core/gifts/give-gift";
import { findGift, findGiftByOrderReference, findPayment, findPaymentByProviderReference, latestPaymentForGift } from "#core/payments/payment-repository";
import { isFinalStatus } from "#core/payments/payment-status";
import { isOrderReference } from "#core/payments/order-reference";
import { parseSwishCallback, parseSwishRefundCallback, SwishCallbackError } from "#integrations/swish/client";
import { sendApiError, sendValidationError } from "./api-errors";
import { withContext } from "./request-context";
import { giftFormFields } from "./gift-form-fields";
import { perMinuteLimit } from "./rate-limit";
import { paymentView } from "#core/payments/payment-view";

/**
 * `POST /api/SwishInit` and `POST /api/SwishPoll` as in the spec (payload plus
 * the standard context), and the callback endpoint Swish posts results to.
 */
const initPayload = z.object({
  amount: z.number({ error: "Ange beloppet i hela kronor." }).int("Ange beloppet i hela kronor."),
  name: z.string(),
  email: z.string(),
  personnummer: z.string().optional(),
  newsletter: z.boolean().optional(),
  /** Named on the live pages (first name and publicPlace) only when true. */
  showName: z.boolean().optional(),
  publicPlace: z.string().optional(),
  /** The donor's Swish number for a request sent to their phone; absent = app switch or QR code. */
  payerPhone: z.string().optional(),
  idempotencyKey: z.string(),
});

const pollPayload = z
  .object({ paymentId: z.uuid().optional(), orderReference: z.string().optional() })
  .refine((v) => v.paymentId || v.orderReference, { message: "Ange paymentId eller orderReference.", path: ["paymentId"] });

// Built once: zod compiles a schema on its first parse, so a schema made per request costs that every time.
const initRequest = withContext(initPayload);
const pollRequest = withContext(pollPayload);

export function swishApiRouter(container: AppContainer, limits: { initPerMinute: number; pollPerMinute: number }): Router {
  const router = express.Router();
  const formSchema = giftFormSchema(container.giftLimits);

  router.post("/SwishInit", perMinuteLimit(container.rateLimiter, "api-swish-inits", limits.initPerMinute), async (req, res, next) => {
    try {
      const envelope = initRequest.safeParse(req.body);
      if (!envelope.success) return sendValidationError(res, envelope.error);
      const p = envelope.data.payload;
      const form = formSchema.safeParse(
        giftFormFields(p, { paymentMethod: "swish", swishDevice: p.payerPhone ? "other" : "this", swishPhone: p.payerPhone ?? "" }),
      );
      if (!form.success) return sendValidationError(res, form.error, "payload");
      if (form.data.isBot) return sendApiError(res, 400, "rejected", "Förfrågan kunde inte tas emot.");
      const { gift, payment } = await giveGift(container, form.data);
      res.status(201).json(paymentView(container.paymentViews, gift, payment));
    } catch (error) {
      next(error);
    }
  });

  router.post("/SwishPoll", perMinuteLimit(container.rateLimiter, "api-swish-polls", limits.pollPerMinute), async (req, res, next) => {
    try {
      const envelope = pollRequest.safeParse(req.body);
      if (!envelope.success) return sendValidationError(res, envelope.error);
      const { paymentId, orderReference } = envelope.data.payload;
      let payment = paymentId ? await findPayment(container.db, paymentId) : undefined;
      if (!payment && orderReference && isOrderReference(orderReference)) {
        const gift = await findGiftByOrderReference(container.db, orderReference);
        payment = gift ? await latestPaymentForGift(container.db, gift.id) : undefined;
      }
      if (!payment || payment.provider !== "HLFSwish") {
        return sendApiError(res, 404, "not_found", "Betalningen finns inte.");
      }
      if (!isFinalStatus(payment.status)) {
        payment = await container.payments.refreshPayment(payment.id, "poll", { known: payment });
      }
      const gift = await findGift(container.db, payment.gift_id);
      if (!gift) return sendApiError(res, 404, "not_found", "Betalningen finns inte.");
      res.json(paymentView(container.paymentViews, gift, payment));
    } catch (error) {
      next(error);
    }
  });

  // Swish posts the payment request object here. Callbacks are not signed, so
  // the status is always re-read from Swish before anything changes.
  router.post("/swish/callback", async (req, res, next) => {
    try {
      const callback = parseSwishCallback(req.body);
      const payment = await findPaymentByProviderReference(container.db, "HLFSwish", callback.id);
      if (!payment) {
        container.logger.warn({ instructionId: callback.id }, "Swish callback for an unknown payment");
        return res.status(200).end();
      }
      await container.payments.refreshPayment(payment.id, "callback", { force: true, known: payment });
      res.status(200).end();
    } catch (error) {
      if (error instanceof SwishCallbackError) return sendApiError(res, 400, "invalid_callback", "Ogiltigt anrop.");
      next(error);
    }
  });

  // Swish posts the refund object here. As with payments the callback is not
  // signed: it only names the refund, whose status is re-read from Swish.
  router.post("/swish/refund-callback", async (req, res, next) => {
    try {
      const callback = parseSwishRefundCallback(req.body);
      const refund = await container.refunds.findByProviderReference("HLFSwish", callback.id);
      if (!refund) {
        container.logger.warn({ instructionId: callback.id }, "Swish refund callback for an unknown refund");
        return res.status(200).end();
      }
      await container.refunds.refresh(refund.id, "callback");
      res.status(200).end();
    } catch (error) {
      if (error instanceof SwishCallbackError) return sendApiError(res, 400, "invalid_callback", "Ogiltigt anrop.");
      next(error);
    }
  });

  return router;
}

