import express, { type Router } from "express";
import { z } from "zod";
import type { AppContainer } from "../container";
import { memorialGiftFormSchema } from "#core/memorial/memorial-gift-form";
import { memorialFor, MemorialInputError, resolveMemorialGift } from "#core/memorial/give-memorial-gift";
import { MemorialSourceError } from "#core/memorial/memorial-source";
import { createGift } from "#core/gifts/gift-service";
import { swedishDate } from "#core/calendar/swedish-calendar";
import { fieldErrors } from "#core/gifts/gift-form";
import { sendApiError } from "./api-errors";
import { withContext } from "./request-context";
import { giftFormFields } from "./gift-form-fields";
import { perMinuteLimit } from "./rate-limit";

/**
 * `POST /api/MemorialGift/Add` (spec section 7, frontend API): the memorial
 * gift page's flow for API callers, in RegularGift/Add's envelope
 * (`{ payload, context }`). The payload is read into the page's own form
 * fields and checked with the page's schema (core/memorial/memorial-gift-form.ts),
 * so both say the same thing in the same words; the person and the parlour
 * are then checked with the death-notice source, and only then is anything
 * stored: the memorial, the gift and its memorial sheet. 201 with the order
 * reference (then `Payments/Create`, as after RegularGift/Add); the same
 * idempotency key again is 200 with the same reference.
 *
 *   { "payload": {
 *       "amount": 300, "name": "…", "email": "…", "personnummer": "…"?, "newsletter": false?,
 *       "address": { "street", "postalCode", "city" }?,            // for an invoice
 *       "idempotencyKey": "<uuid>",
 *       "deceased": { "id": "<from DeceasedPeople/Search>" }
 *                 | { "name", "dateOfDeath", "homeTown", "funeralDate"? },
 *       "sheet": { "to": "parlour" | "family_email" | "family_post",
 *                  "parlourId"?, "recipient"?: { "name", "email"?, "address"? },
 *                  "design": "lilja" | "ljus" | "duva" | "hjarta",
 *                  "greeting"?, "signature", "showAmount"? } },
 *     "context": { "session", "identity", "currentUrl", "requestgroup" } }
 *
 * Errors: 400 `validation_failed` with `fields` keyed by the payload's paths
 * (`payload.sheet.greeting`); 422 `unknown_memorial` when the person or the
 * parlour is not (or no longer) in the source; 503 when the source cannot be
 * asked. Nothing is stored on any refusal.
 */

const text = z.string({ error: "Ange texten som en sträng." });
const address = z.object({ street: text, postalCode: text, city: text });

const memorialPayload = z.object({
  amount: z.number({ error: "Ange beloppet i hela kronor." }).int("Ange beloppet i hela kronor."),
  name: text,
  email: text,
  personnummer: text.optional(),
  newsletter: z.boolean({ error: "Ange newsletter som true eller false." }).optional(),
  address: address.optional(),
  idempotencyKey: text,
  deceased: z.union(
    [
      z.object({ id: text }),
      z.object({ name: text, dateOfDeath: text, homeTown: text, funeralDate: text.nullable().optional() }),
    ],
    { error: "Ange personen med id från sökningen, eller med name, dateOfDeath och homeTown." },
  ),
  sheet: z.object({
    to: text,
    parlourId: text.optional(),
    recipient: z.object({ name: text, email: text.optional(), address: address.optional() }).optional(),
    design: text,
    greeting: text.optional(),
    signature: text,
    showAmount: z.boolean({ error: "Ange showAmount som true eller false." }).optional(),
  }),
});

const memorialRequest = withContext(memorialPayload);

/** Where each form field stands in the API's payload, for the error's `fields`. */
const PAYLOAD_PATHS: Record<string, string> = {
  amount: "payload.amount",
  customAmount: "payload.amount",
  name: "payload.name",
  email: "payload.email",
  personnummer: "payload.personnummer",
  street: "payload.address.street",
  postalCode: "payload.address.postalCode",
  city: "payload.address.city",
  idempotencyKey: "payload.idempotencyKey",
  deceasedId: "payload.deceased.id",
  deceasedName: "payload.deceased.name",
  deceasedDeathDate: "payload.deceased.dateOfDeath",
  deceasedTown: "payload.deceased.homeTown",
  funeralDate: "payload.deceased.funeralDate",
  sheetTo: "payload.sheet.to",
  parlourId: "payload.sheet.parlourId",
  recipientName: "payload.sheet.recipient.name",
  recipientEmail: "payload.sheet.recipient.email",
  recipientStreet: "payload.sheet.recipient.address.street",
  recipientPostalCode: "payload.sheet.recipient.address.postalCode",
  recipientCity: "payload.sheet.recipient.address.city",
  design: "payload.sheet.design",
  greeting: "payload.sheet.greeting",
  signature: "payload.sheet.signature",
};

const INVALID = "Uppgifterna är inte kompletta. Rätta fälten och försök igen.";

type MemorialPayload = z.output<typeof memorialPayload>;

/** The payload as the memorial gift form's fields: one schema, one set of messages. */
function formFields(p: MemorialPayload): Record<string, string | undefined> {
  const deceased = "id" in p.deceased ? { deceasedId: p.deceased.id } : {
    deceasedName: p.deceased.name,
    deceasedDeathDate: p.deceased.dateOfDeath,
    deceasedTown: p.deceased.homeTown,
    funeralDate: p.deceased.funeralDate ?? "",
  };
  const recipient = p.sheet.recipient;
  return {
    ...giftFormFields(p, {
      paymentMethod: p.address ? "invoice" : "card",
      street: p.address?.street ?? "",
      postalCode: p.address?.postalCode ?? "",
      city: p.address?.city ?? "",
    }),
    ...deceased,
    sheetTo: p.sheet.to,
    parlourId: p.sheet.parlourId ?? "",
    recipientName: recipient?.name ?? "",
    recipientEmail: recipient?.email ?? "",
    recipientStreet: recipient?.address?.street ?? "",
    recipientPostalCode: recipient?.address?.postalCode ?? "",
    recipientCity: recipient?.address?.city ?? "",
    design: p.sheet.design,
    greeting: p.sheet.greeting ?? "",
    signature: p.sheet.signature,
    showAmount: p.sheet.showAmount ? "on" : undefined,
  };
}

function payloadFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([key, message]) => [PAYLOAD_PATHS[key] ?? (key === "form" ? key : `payload.${key}`), message]));
}

export function memorialGiftApiRouter(container: AppContainer, limits: { perMinute: number }): Router {
  const router = express.Router();

  router.post("/MemorialGift/Add", perMinuteLimit(container.rateLimiter, "api-memorial-gifts", limits.perMinute), async (req, res, next) => {
    try {
      const envelope = memorialRequest.safeParse(req.body);
      if (!envelope.success) return sendApiError(res, 400, "validation_failed", INVALID, fieldErrors(envelope.error));
      // The day in Sweden decides what "in the past" means for a funeral date.
      const schema = memorialGiftFormSchema(container.giftLimits, swedishDate(container.clock.now()));
      const form = schema.safeParse(formFields(envelope.data.payload));
      if (!form.success) return sendApiError(res, 400, "validation_failed", INVALID, payloadFields(fieldErrors(form.error)));
      const resolved = await resolveMemorialGift(container.memorialLookup, form.data.memorial);
      const memorial = await memorialFor(container.db, container.clock, resolved.deceased);
      const gift = form.data.gift;
      const { gift: row, created } = await createGift(container.db, container.clock, {
        giftType: "memorial",
        amountOre: gift.amountOre,
        donorName: gift.name,
        donorEmail: gift.email,
        donorPersonnummer: gift.personnummer,
        memorialId: memorial.id,
        order: { kind: "single_order", items: [resolved.item] },
        newsletterConsent: gift.newsletter,
        address: gift.address,
        idempotencyKey: gift.idempotencyKey,
      });
      res.status(created ? 201 : 200).json({ orderReference: row.order_reference, amount: row.amount_ore / 100, currency: "SEK" });
    } catch (error) {
      if (error instanceof MemorialInputError) {
        return sendApiError(res, 422, "unknown_memorial", "Personen eller begravningsbyrån finns inte i sökningen. Sök igen och välj i listan.", payloadFields(error.fields));
      }
      if (error instanceof MemorialSourceError) {
        container.logger.warn({ call: "MemorialGift/Add", code: error.code }, "memorial source unavailable");
        res.setHeader("Retry-After", "30");
        return sendApiError(res, 503, "source_unavailable", "Vi kan inte kontrollera personen just nu. Försök igen om en stund.");
      }
      next(error);
    }
  });

  return router;
}
