import { z } from "zod";
import { checkGift, giftData, giftFields, type GiftLimits } from "../gifts/gift-form";
import { cityText, EMAIL_MAX, nameText, streetText } from "../text/text-fields";
import { addDays, daysBetween, isIsoDate, swedishDate, swedishHour, type IsoDate } from "../calendar/swedish-calendar";
import { estimateSheetDelivery, formatSwedishDay } from "../memorial/delivery-date";
import type { NewOrderItem, Recipient } from "../orders/order-repository";
import type { OrderChannel } from "../orders/order-status";
import { checkCardCode, type CardChoices } from "../cards/card-choices";
import {
  DESIGN_LABELS,
  GIFT_DOCUMENT_DESIGNS,
  GIFT_DOCUMENT_LABELS,
  isDesignOf,
  isOccasion,
  RECIPIENT_NAME_MAX_CHARACTERS,
  giftDocumentSignature,
  giftDocumentText,
  type GiftDocumentContent,
  type GiftDocumentKind,
} from "./gift-documents";

/**
 * The order form of a gift card, gift certificate or diploma: the document
 * (design, occasion, recipient, the giver's words) and how it reaches the
 * recipient, plus the gift's shared fields (amount, donor, payment). One
 * schema for the page, its action and the JSON API. A gift card is
 * downloaded by the donor at once; a certificate or diploma goes by e-mail
 * (on a chosen day, or as soon as it is paid) or by post (to arrive by a
 * chosen day, or as soon as it can).
 */
export const DELIVERIES = ["email", "post"] as const;
export type Delivery = (typeof DELIVERIES)[number];

/** How far ahead a sending or arrival date may be chosen. */
export const MAX_DAYS_AHEAD = 365;

/** The recipient of a document: the same fields (core/text/text-fields.ts) check a list order's rows (core/list-orders). */
export const recipientFields = {
  recipientName: nameText(RECIPIENT_NAME_MAX_CHARACTERS).optional().default(""),
  recipientEmail: z.string().trim().max(EMAIL_MAX, "E-postadressen är för lång.").optional().default(""),
  recipientStreet: streetText().optional().default(""),
  recipientPostalCode: z.string().trim().optional().default(""),
  recipientCity: cityText().optional().default(""),
};

export const documentFields = {
  design: z.string().optional().default(""),
  /** A gift card's card from the greeting-card catalogue (its design field is unused). */
  cardCode: z.string().trim().max(40).optional().default(""),
  occasion: z.string().optional().default(""),
  ...recipientFields,
  text: giftDocumentText().optional().default(""),
  signature: giftDocumentSignature().pipe(
    z.string().min(2, "Skriv vem gåvan är från, till exempel Anna och Per Svensson."),
  ),
  delivery: z.string().optional().default(""),
  deliveryDate: z.string().trim().optional().default(""),
  showAmount: z.string().optional(),
};

type DocumentFieldValues = z.output<z.ZodObject<typeof documentFields>>;
type RecipientFieldValues = z.output<z.ZodObject<typeof recipientFields>>;

const isEmail = (value: string) => z.email().safeParse(value).success;
export const POSTAL_CODE = /^\d{3}\s?\d{2}$/;
export const normalisePostalCode = (value: string) => value.replace(/^(\d{3})\s?(\d{2})$/, "$1 $2");

type Issue = (path: string, message: string) => void;

/** A recipient by e-mail or by post; the words are shared with the list order's rows. */
export function checkRecipient(value: RecipientFieldValues, delivery: Delivery, issue: Issue): void {
  if (value.recipientName.length < 2) issue("recipientName", "Skriv mottagarens namn, till exempel Margareta Lindqvist.");
  if (delivery === "email" && !isEmail(value.recipientEmail)) issue("recipientEmail", "Skriv mottagarens e-postadress, till exempel namn@exempel.se.");
  if (delivery === "post") {
    if (value.recipientStreet.length < 2) issue("recipientStreet", "Skriv gatuadressen dit det ska skickas.");
    if (!POSTAL_CODE.test(value.recipientPostalCode)) issue("recipientPostalCode", "Skriv postnumret med fem siffror, till exempel 123 45.");
    if (value.recipientCity.length < 2) issue("recipientCity", "Skriv orten.");
  }
}

/** The first day a posted document can arrive if the gift is paid now. */
export function earliestPostArrival(now: Date): IsoDate {
  return estimateSheetDelivery(now, "post", null).arrivesBy;
}

export function checkDeliveryDate(date: string, delivery: Delivery, now: Date, issue: Issue): void {
  if (date === "") return;
  const today = swedishDate(now);
  if (!isIsoDate(date)) return issue("deliveryDate", "Skriv datumet som ÅÅÅÅ-MM-DD, till exempel 2026-12-24, eller lämna fältet tomt.");
  if (daysBetween(today, date) > MAX_DAYS_AHEAD) return issue("deliveryDate", "Datumet kan vara högst ett år fram i tiden.");
  if (delivery === "email" && daysBetween(today, date) < 0) return issue("deliveryDate", "Datumet har redan varit. Välj i dag eller en senare dag, eller lämna fältet tomt.");
  if (delivery === "post") {
    const earliest = earliestPostArrival(now);
    if (daysBetween(earliest, date) < 0) {
      issue("deliveryDate", `Med post hinner det fram tidigast ${formatSwedishDay(earliest)}. Välj det datumet eller ett senare, eller e-post.`);
    }
  }
}

function checkDocument(kind: GiftDocumentKind, value: DocumentFieldValues, ctx: z.RefinementCtx, now: Date, cards: CardChoices): void {
  const issue: Issue = (path, message) => ctx.addIssue({ code: "custom", path: [path], message });
  const label = GIFT_DOCUMENT_LABELS[kind];
  if (kind === "gift_card") checkCardCode(value.cardCode, cards, now, issue);
  else if (!isDesignOf(kind, value.design)) issue("design", `Välj hur ${label.definite} ska se ut.`);
  if (!isOccasion(value.occasion)) issue("occasion", "Välj tillfälle.");
  if (kind === "gift_card") {
    if (value.recipientName.length < 2) issue("recipientName", "Skriv vem gåvokortet är till, till exempel Margareta Lindqvist.");
    return;
  }
  if (value.delivery !== "email" && value.delivery !== "post") {
    issue("delivery", `Välj hur ${label.definite} ska skickas.`);
    return;
  }
  checkRecipient(value, value.delivery, issue);
  checkDeliveryDate(value.deliveryDate, value.delivery, now, issue);
}

/** 08:00 Swedish time on `date`: a dated e-mail arrives in the morning, not at midnight. */
export function morningOf(date: IsoDate): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const winter = new Date(Date.UTC(y, m - 1, d, 7));
  return swedishHour(winter) === 8 ? winter : new Date(Date.UTC(y, m - 1, d, 6));
}

export interface DocumentOrderLine {
  recipient: Recipient;
  channel: OrderChannel;
  content: GiftDocumentContent;
  dueDate: IsoDate | null;
  sendAt: Date | null;
}

/** One order item of a document, by e-mail, post or (a gift card) download. */
export function documentOrderItem(kind: GiftDocumentKind, design: string, line: DocumentOrderLine): NewOrderItem {
  return { kind, design, content: { ...line.content }, recipient: line.recipient, channel: line.channel, dueDate: line.dueDate, sendAt: line.sendAt };
}

function documentData(kind: GiftDocumentKind, value: DocumentFieldValues, now: Date, amountOre: number): NewOrderItem {
  if ((kind !== "gift_card" && !isDesignOf(kind, value.design)) || !isOccasion(value.occasion)) throw new Error("documentData before checkDocument");
  const content: GiftDocumentContent = {
    occasion: value.occasion,
    text: value.text,
    signature: value.signature,
    // A gift card always says what was given; a certificate or diploma when the giver wants it to.
    showAmount: kind === "gift_card" || value.showAmount === "on" || value.showAmount === "true",
    amountOre,
  };
  if (kind === "gift_card") {
    // The card's code is the design; giveGiftDocument stores the card's art with it.
    return documentOrderItem(kind, value.cardCode, { recipient: { name: value.recipientName }, channel: "download", content, dueDate: null, sendAt: null });
  }
  const date = value.deliveryDate === "" ? null : value.deliveryDate;
  if (value.delivery === "email") {
    const today = swedishDate(now);
    const sendAt = date && daysBetween(today, date) > 0 ? morningOf(date) : null;
    return documentOrderItem(kind, value.design, {
      recipient: { name: value.recipientName, email: value.recipientEmail.toLowerCase() },
      channel: "email",
      content,
      dueDate: date,
      sendAt,
    });
  }
  return documentOrderItem(kind, value.design, {
    recipient: {
      name: value.recipientName,
      address: { street: value.recipientStreet, postalCode: normalisePostalCode(value.recipientPostalCode), city: value.recipientCity },
    },
    channel: "post",
    content,
    dueDate: date,
    sendAt: null,
  });
}

/**
 * `cards`: which catalogue cards a gift card may wear (on the server the
 * catalogue, `catalogueChoices`; in the browser the codes the page offers).
 */
export function giftDocumentFormSchema(kind: GiftDocumentKind, limits: GiftLimits, now: Date, cards: CardChoices) {
  return z
    .object({ ...giftFields, ...documentFields })
    .superRefine((value, ctx) => {
      checkGift(value, ctx, limits);
      checkDocument(kind, value, ctx, now, cards);
    })
    .transform((value) => {
      const gift = giftData(value);
      return { gift, item: documentData(kind, value, now, gift.amountOre) };
    });
}

export type GiftDocumentFormData = z.output<ReturnType<typeof giftDocumentFormSchema>>;

/** The designs of a kind with their labels, for the page's radio buttons. */
export function designChoices(kind: GiftDocumentKind): Array<{ value: string; label: string }> {
  return (GIFT_DOCUMENT_DESIGNS[kind] as readonly (keyof typeof DESIGN_LABELS)[]).map((value) => ({ value, label: DESIGN_LABELS[value] }));
}

/** The latest date the page offers in its date field. */
export function latestDeliveryDate(now: Date): IsoDate {
  return addDays(swedishDate(now), MAX_DAYS_AHEAD);
}
