import express, { type Router } from "express";
import { z } from "zod";
import type { AppContainer } from "../container";
import { createGift } from "#core/gifts/gift-service";
import { fieldErrors } from "#core/gifts/gift-form";
import { cardPagePath, findGreetingCardOrder, greetingCardRequest, sendingText } from "#core/cards/greeting-card-order";
import { catalogueChoices, greetingCardFormSchema } from "#core/cards/greeting-card-form";
import { PRIVATE_DOCUMENT_HEADERS, sendApiError } from "./api-errors";
import { withContext } from "./request-context";
import { giftFormFields } from "./gift-form-fields";
import { limitRequests, perMinuteLimit } from "./rate-limit";

/**
 * The digital greeting card over JSON (core/cards/greeting-card-order.ts has
 * the rules; the page /ge-en-gava/gratulationskort uses the same schema):
 *
 *   POST /api/DigitalGreetingCard/Add
 *   { "payload": {
 *       "amount": 250, "name": "Anna Svensson", "email": "anna@exempel.se",
 *       "personnummer"?: "…", "newsletter"?: false, "address"?: { street, postalCode, city } (invoice),
 *       "idempotencyKey": "uuid",
 *       "card": { "code": "GRATULATION_03", "greeting": "Grattis!", "giverName": "Anna",
 *                 "recipient": { "name": "Margareta", "email": "m@exempel.se" },
 *                 "sendDate"?: "2026-12-24" }  // YYYY-MM-DD, today … a year ahead; without it: when paid
 *   } }
 *   → 201 (200 for the same idempotencyKey again) { orderReference, amount, currency, cardCode, sendAt }
 *   → 400 { error: { code: "validation_failed", fields: { "payload.card.greeting": "…" } } }, nothing stored
 *
 *   GET /api/DigitalGreetingCard/GetDigitalGreetingCardByOrderReference?orderReference=…
 *   → 200 { orderReference, cardCode, title, occasion, greeting, recipientName, giverName, status, sendAt, sentAt, paid, pageUrl }
 *   GET /api/DigitalGreetingCard/GetDigitalGreetingCardAsPngByOrderReference?orderReference=…
 *   → 200 image/png (the card, 1200 px wide), private and no-store like every private document
 *   → 429 more than RATE_LIMIT_DOCUMENTS_PER_MINUTE renders a minute from one address; 503 { error: { code: "busy" } } with
 *     Retry-After when the render queue is full (decision 0039)
 *   Both 404 for an unknown or malformed reference or another kind of gift, never 500.
 *
 * The recipient's e-mail is not in the GET answer: the reference is for the
 * donor and the recipient, who both know it already.
 */
const text = z.string({ error: "Ange texten som en sträng." });

const cardPayload = z.object({
  amount: z.number({ error: "Ange beloppet i hela kronor." }).int("Ange beloppet i hela kronor."),
  name: text,
  email: text,
  personnummer: text.optional(),
  newsletter: z.boolean({ error: "Ange newsletter som true eller false." }).optional(),
  address: z.object({ street: text, postalCode: text, city: text }).optional(),
  idempotencyKey: text,
  card: z.object({
    code: text,
    greeting: text,
    giverName: text,
    recipient: z.object({ name: text, email: text }),
    sendDate: text.optional(),
  }),
});
const cardRequest = withContext(cardPayload);

const PAYLOAD_PATHS: Record<string, string> = {
  amount: "payload.amount",
  customAmount: "payload.amount",
  street: "payload.address.street",
  postalCode: "payload.address.postalCode",
  city: "payload.address.city",
  cardCode: "payload.card.code",
  greeting: "payload.card.greeting",
  giverName: "payload.card.giverName",
  recipientName: "payload.card.recipient.name",
  recipientEmail: "payload.card.recipient.email",
  sendWhen: "payload.card.sendDate",
  deliveryDate: "payload.card.sendDate",
};

const INVALID = "Uppgifterna är inte kompletta. Rätta fälten och försök igen.";

function payloadFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([key, message]) => [PAYLOAD_PATHS[key] ?? (key === "form" ? key : `payload.${key}`), message]));
}

const referenceQuery = z.object({ orderReference: z.string().max(64) });

export function greetingCardApiRouter(container: AppContainer, limits: { perMinute: number }): Router {
  const router = express.Router();

  router.post("/DigitalGreetingCard/Add", perMinuteLimit(container.rateLimiter, "api-greeting-cards", limits.perMinute), async (req, res, next) => {
    try {
      const envelope = cardRequest.safeParse(req.body);
      if (!envelope.success) return sendApiError(res, 400, "validation_failed", INVALID, fieldErrors(envelope.error));
      const p = envelope.data.payload;
      const fields = {
        ...giftFormFields(p, { paymentMethod: p.address ? "invoice" : "card", street: p.address?.street ?? "", postalCode: p.address?.postalCode ?? "", city: p.address?.city ?? "" }),
        cardCode: p.card.code,
        greeting: p.card.greeting,
        giverName: p.card.giverName,
        recipientName: p.card.recipient.name,
        recipientEmail: p.card.recipient.email,
        sendWhen: p.card.sendDate ? "date" : "now",
        deliveryDate: p.card.sendDate ?? "",
      };
      const form = greetingCardFormSchema(catalogueChoices(container.cards), container.giftLimits, container.clock.now()).safeParse(fields);
      if (!form.success) return sendApiError(res, 400, "validation_failed", INVALID, payloadFields(fieldErrors(form.error)));
      const gift = form.data.gift;
      const { gift: row, created } = await createGift(container.db, container.clock, {
        giftType: "digital_greeting",
        amountOre: gift.amountOre,
        donorName: gift.name,
        donorEmail: gift.email,
        donorPersonnummer: gift.personnummer,
        order: { kind: "single_order", items: [form.data.item] },
        newsletterConsent: gift.newsletter,
        address: gift.address,
        idempotencyKey: gift.idempotencyKey,
      });
      res.status(created ? 201 : 200).json({
        orderReference: row.order_reference,
        amount: row.amount_ore / 100,
        currency: "SEK",
        cardCode: form.data.item.design,
        sendAt: form.data.item.sendAt?.toISOString() ?? null,
      });
    } catch (error) {
      next(error);
    }
  });

  async function findByQuery(query: unknown) {
    const parsed = referenceQuery.safeParse(query);
    if (!parsed.success) return null;
    return findGreetingCardOrder(container.db, container.cards, parsed.data.orderReference);
  }

  router.get("/DigitalGreetingCard/GetDigitalGreetingCardByOrderReference", async (req, res, next) => {
    try {
      const found = await findByQuery(req.query);
      if (!found) return sendApiError(res, 404, "not_found", "Vi hittar inget gratulationskort med den referensen.");
      const paid = found.gift.status === "paid";
      res.setHeader("Cache-Control", "no-store");
      res.json({
        orderReference: found.gift.order_reference,
        cardCode: found.card.code,
        title: found.card.title,
        occasion: found.card.occasion,
        greeting: found.content.greeting,
        recipientName: found.item.recipient_name,
        giverName: found.content.giverName,
        status: found.item.status,
        statusText: sendingText(found.item, paid),
        paid,
        sendAt: found.item.send_at,
        sentAt: found.item.sent_at,
        pageUrl: `${container.config.publicUrl}${cardPagePath(found.card.code, found.gift.order_reference)}`,
      });
    } catch (error) {
      next(error);
    }
  });

  router.get("/DigitalGreetingCard/GetDigitalGreetingCardAsPngByOrderReference", limitRequests(container.renderLimiter), async (req, res, next) => {
    try {
      const found = await findByQuery(req.query);
      if (!found) return sendApiError(res, 404, "not_found", "Vi hittar inget gratulationskort med den referensen.");
      const png = await container.documents.render(greetingCardRequest(found), "png");
      res.set(PRIVATE_DOCUMENT_HEADERS);
      res.type("image/png").send(png);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
