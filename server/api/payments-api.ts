import express, { type Router } from "express";
import { z } from "zod";
import type { AppContainer } from "../container";
import { giftFormSchema } from "#core/gifts/gift-form";
import { createGift, giftRecorded } from "#core/gifts/gift-service";
import {
  findGift,
  findGiftByOrderReference,
  findPayment,
  findPaymentByProviderReference,
  type PaymentRow,
} from "#core/payments/payment-repository";
import { isOrderReference } from "#core/payments/order-reference";
import { isFinalStatus, PROVIDERS, PROVIDER_FOR_METHOD, type ProviderName } from "#core/payments/payment-status";
import { normalisePersonnummer } from "#core/identity/personnummer";
import { mondidoStatusToPaymentStatus } from "#integrations/mondido/mondido-payment-provider";
import { parseBriteCallback } from "#integrations/brite/callback";
import { sendApiError, sendValidationError } from "./api-errors";
import { withContext } from "./request-context";
import { giftFormFields } from "./gift-form-fields";
import { perMinuteLimit } from "./rate-limit";
import { paymentView } from "#core/payments/payment-view";

/**
 * The shared payment API from the spec – `RegularGift/Add`, `Payments/Create`,
 * `Payments/Poll`, `Payments/Cancel`, `Brite/Initiate`, `Brite/Results` – and
 * the providers' callbacks (Mondido webhook, Brite callbacks). `Payments/Create`
 * for a gift already paid, or with an open attempt, by another method answers
 * 409 (`already_paid`, `payment_in_progress`) and starts nothing.
 */
const giftPayload = z.object({
  amount: z.number({ error: "Ange beloppet i hela kronor." }).int("Ange beloppet i hela kronor."),
  name: z.string(),
  email: z.string(),
  personnummer: z.string().optional(),
  newsletter: z.boolean().optional(),
  address: z.object({ street: z.string(), postalCode: z.string(), city: z.string() }).optional(),
  idempotencyKey: z.string(),
});

const createPayload = z.object({
  orderReference: z.string().refine(isOrderReference, "Okänt ordernummer."),
  provider: z.enum(PROVIDERS, { error: `Välj en av ${PROVIDERS.join(", ")}.` }),
  payerPhone: z.string().optional(),
});

const pollPayload = z.object({ paymentId: z.uuid("Ange ett giltigt paymentId.") });

// Built once: zod compiles a schema on its first parse, so a schema made per request costs that every time.
const giftRequest = withContext(giftPayload);
const createRequest = withContext(createPayload);
const pollRequest = withContext(pollPayload);

export function paymentsApiRouter(container: AppContainer): Router {
  const router = express.Router();
  const formSchema = giftFormSchema(container.giftLimits);
  const startLimit = perMinuteLimit(container.rateLimiter, "api-payment-starts", container.config.RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE);
  const pollLimit = perMinuteLimit(container.rateLimiter, "api-payment-polls", container.config.RATE_LIMIT_POLLS_PER_MINUTE);
  const { payments } = container;

  /** The payment as the API shows it, after asking its provider if it is still open. */
  const currentView = async (payment: PaymentRow) => {
    const current = isFinalStatus(payment.status) ? payment : await payments.refreshPayment(payment.id, "poll", { known: payment });
    const gift = await findGift(container.db, current.gift_id);
    return paymentView(container.paymentViews, gift!, current);
  };

  router.post("/RegularGift/Add", startLimit, async (req, res, next) => {
    try {
      const envelope = giftRequest.safeParse(req.body);
      if (!envelope.success) return sendValidationError(res, envelope.error);
      const p = envelope.data.payload;
      const form = formSchema.safeParse(
        giftFormFields(p, {
          paymentMethod: p.address ? "invoice" : "card",
          street: p.address?.street ?? "",
          postalCode: p.address?.postalCode ?? "",
          city: p.address?.city ?? "",
        }),
      );
      if (!form.success) return sendValidationError(res, form.error, "payload");
      // A gift with an address is paid by invoice, e-mailed to the address given: refused here,
      // before it is stored, when that address has had its e-mails for now (core/mail/recipient-limit.ts).
      if (form.data.paymentMethod === "invoice" && !(await giftRecorded(container.db, form.data.idempotencyKey))) {
        await payments.checkStartAllowed(null, form.data.email);
      }
      const { gift, created } = await createGift(container.db, container.clock, {
        giftType: "one_off",
        amountOre: form.data.amountOre,
        donorName: form.data.name,
        donorEmail: form.data.email,
        donorPersonnummer: form.data.personnummer,
        newsletterConsent: form.data.newsletter,
        address: form.data.address,
        idempotencyKey: form.data.idempotencyKey,
      });
      res.status(created ? 201 : 200).json({ orderReference: gift.order_reference, amount: gift.amount_ore / 100, currency: "SEK" });
    } catch (error) {
      next(error);
    }
  });

  router.post("/Payments/Create", startLimit, async (req, res, next) => {
    try {
      const envelope = createRequest.safeParse(req.body);
      if (!envelope.success) return sendValidationError(res, envelope.error);
      const { orderReference, provider } = envelope.data.payload;
      if (!payments.isAvailable(provider) || !offered(container, provider)) {
        return sendApiError(res, 422, "provider_unavailable", unavailableMessage(provider), { "payload.provider": unavailableMessage(provider) });
      }
      const gift = await findGiftByOrderReference(container.db, orderReference);
      if (!gift) return sendApiError(res, 404, "not_found", "Gåvan finns inte.");
      if (provider === "Invoice" && !gift.donor_street) {
        return sendApiError(res, 422, "address_required", "En faktura behöver en postadress.", { "payload.provider": "Ange adress när gåvan registreras." });
      }
      const payment = await payments.startPayment(gift.id, provider, {
        returnUrl: `${container.config.publicUrl}/ge-en-gava/betalning/${gift.order_reference}`,
        ...(gift.donor_personnummer ? { ssn: normalisePersonnummer(gift.donor_personnummer) ?? undefined } : {}),
      });
      // The gift's paid or open attempt is another method's: say so, rather than hand it back as if it were the one asked for.
      const conflict = otherMethodConflict(payment, provider);
      if (conflict) return sendApiError(res, 409, conflict.code, conflict.message, { "payload.provider": conflict.message });
      res.status(201).json(paymentView(container.paymentViews, gift, payment));
    } catch (error) {
      next(error);
    }
  });

  router.post("/Payments/Poll", pollLimit, async (req, res, next) => {
    try {
      const envelope = pollRequest.safeParse(req.body);
      if (!envelope.success) return sendValidationError(res, envelope.error);
      const payment = await findPayment(container.db, envelope.data.payload.paymentId);
      if (!payment) return sendApiError(res, 404, "not_found", "Betalningen finns inte.");
      res.json(await currentView(payment));
    } catch (error) {
      next(error);
    }
  });

  // The spec's cancel takes no body, only query parameters.
  router.post("/Payments/Cancel", pollLimit, async (req, res, next) => {
    try {
      const query = pollPayload.safeParse({ paymentId: req.query.paymentId });
      if (!query.success) return sendValidationError(res, query.error);
      const existing = await findPayment(container.db, query.data.paymentId);
      if (!existing) return sendApiError(res, 404, "not_found", "Betalningen finns inte.");
      res.json(await currentView(await payments.cancelPayment(existing.id)));
    } catch (error) {
      next(error);
    }
  });

  router.get("/Brite/Initiate", startLimit, async (req, res, next) => {
    try {
      const query = z
        .object({
          orderReference: z.string().refine(isOrderReference, "Okänt ordernummer."),
          ssn: z
            .string()
            .optional()
            .refine((v) => !v || normalisePersonnummer(v) !== null, "Personnumret stämmer inte."),
        })
        .safeParse(req.query);
      if (!query.success) return sendValidationError(res, query.error);
      if (!offered(container, "Brite")) return sendApiError(res, 422, "provider_unavailable", unavailableMessage("Brite"));
      const gift = await findGiftByOrderReference(container.db, query.data.orderReference);
      if (!gift) return sendApiError(res, 404, "not_found", "Gåvan finns inte.");
      const ssn = query.data.ssn ? (normalisePersonnummer(query.data.ssn) ?? undefined) : undefined;
      const payment = await payments.startPayment(gift.id, "Brite", { ssn });
      const conflict = otherMethodConflict(payment, "Brite");
      if (conflict) return sendApiError(res, 409, conflict.code, conflict.message);
      res.json({ paymentId: payment.id, status: payment.status, token: payment.client_token, url: payment.client_url });
    } catch (error) {
      next(error);
    }
  });

  router.get("/Brite/Results", pollLimit, async (req, res, next) => {
    try {
      const query = z.object({ token: z.string().min(8).max(200) }).safeParse(req.query);
      if (!query.success) return sendValidationError(res, query.error);
      const payment = await container.db
        .selectFrom("payments")
        .selectAll()
        .where("provider", "=", "Brite")
        .where("client_token", "=", query.data.token)
        .executeTakeFirst();
      if (!payment) return sendApiError(res, 404, "not_found", "Betalningen finns inte.");
      res.json(await currentView(payment));
    } catch (error) {
      next(error);
    }
  });

  // Mondido's webhook: only a body whose response_hash matches our secret may move a payment.
  router.post("/mondido/webhook", async (req, res, next) => {
    try {
      const mondido = container.paymentSetup.mondido;
      if (!mondido) return sendApiError(res, 404, "not_found", "Det finns ingen sådan tjänst.");
      const verified = mondido.client.verifyWebhook(req.body);
      if (!verified.ok) {
        container.logger.warn({ reason: verified.reason, ip: req.ip }, "rejected a Mondido webhook that failed verification");
        return sendApiError(res, 400, "invalid_webhook", "Ogiltigt anrop.");
      }
      const tx = verified.transaction;
      const payment = await findPaymentByProviderReference(container.db, "Mondido", tx.payment_ref);
      if (!payment) {
        container.logger.warn({ paymentRef: tx.payment_ref }, "Mondido webhook for an unknown payment");
        return res.status(200).end();
      }
      await payments.applyVerifiedStatus(payment.id, mondidoStatusToPaymentStatus(tx.status), "callback", {
        transactionId: tx.id,
        mondidoStatus: tx.status,
      });
      res.status(200).end();
    } catch (error) {
      next(error);
    }
  });

  // Brite's callbacks carry only ids and states, arrive in any order and more
  // than once: answer 200, then re-read the session from Brite.
  router.post("/brite/callback", async (req, res, next) => {
    try {
      const parsed = parseBriteCallback(req.body);
      if (!parsed.ok) return sendApiError(res, 400, "invalid_callback", "Ogiltigt anrop.");
      res.status(200).end();
      const brite = container.paymentSetup.brite;
      if (!brite) return;
      const callback = parsed.callback;
      const reference =
        callback.kind === "session"
          ? (await brite.client.getSession(callback.sessionId))?.merchant_reference
          : (await brite.client.getTransaction(callback.transactionId))?.merchant_reference;
      if (!reference) return;
      const payment = await findPaymentByProviderReference(container.db, "Brite", reference);
      if (payment) await payments.refreshPayment(payment.id, "callback", { force: true });
    } catch (error) {
      if (res.headersSent) container.logger.warn({ err: error }, "processing a Brite callback failed; reconciliation will retry");
      else next(error);
    }
  });

  return router;
}

const OPEN_ATTEMPT_MESSAGES: Readonly<Record<ProviderName, string>> = {
  Invoice: "Gåvan har redan en faktura som väntar på betalning. Betala fakturan med OCR-numret på den.",
  HLFSwish: "Gåvan har redan en Swish-betalning som pågår. Avsluta den i Swish-appen, eller vänta tills den har gått ut, och försök sedan igen.",
  Mondido: "Gåvan har redan en kortbetalning som pågår. Avsluta den, eller vänta tills den har gått ut, och försök sedan igen.",
  Brite: "Gåvan har redan en betalning från banken som pågår. Avsluta den, eller vänta tills den har gått ut, och försök sedan igen.",
  Drip: "Gåvan betalas redan med autogiro.",
};

/**
 * A gift has at most one paid or open attempt (PaymentService.startPayment
 * hands that one back). Asked for another method, the caller is told why
 * nothing new was started: 409 `already_paid`, or 409 `payment_in_progress`
 * naming the open attempt's method – never the other method's attempt in the
 * words of the one asked for (issue #30).
 */
function otherMethodConflict(payment: PaymentRow, asked: ProviderName): { code: string; message: string } | null {
  if (payment.provider === asked) return null;
  if (payment.status === "paid") return { code: "already_paid", message: "Gåvan är redan betald. Tack!" };
  if (isFinalStatus(payment.status)) return null;
  return { code: "payment_in_progress", message: OPEN_ATTEMPT_MESSAGES[payment.provider] };
}

function offered(container: AppContainer, provider: string): boolean {
  return container.paymentSetup.methods.some((method) => PROVIDER_FOR_METHOD[method] === provider);
}

function unavailableMessage(provider: string): string {
  return provider === "Drip" ? "Autogiro går inte att välja här ännu. Välj ett annat sätt att betala." : "Det betalsättet är inte tillgängligt.";
}
