import { z } from "zod";
import { checkGift, giftData, giftFields, type GiftLimits } from "../gifts/gift-form";
import { plainText } from "../text/plain-text";
import { daysBetween, swedishDate } from "../calendar/swedish-calendar";
import { checkDeliveryDate, checkRecipient, latestDeliveryDate, morningOf, recipientFields } from "../gift-documents/gift-document-form";
import type { NewOrderItem } from "../orders/order-repository";
import { CARD_GREETING_MAX_CHARACTERS, CARD_NAME_MAX_CHARACTERS } from "./card-design";
import { checkCardCode, type CardChoices } from "./card-choices";

export { catalogueChoices, checkCardCode, type CardChoices } from "./card-choices";

/**
 * The digital greeting card (gift type `digital_greeting`): the donor picks a
 * card from the catalogue, writes the greeting, names the recipient and their
 * e-mail and chooses to send it now or on a day within a year; the gift's own
 * fields (amount, donor, payment) are every gift's. The gift's order holds one
 * `greeting_card` item by e-mail with its send-at time (08:00 Swedish time on
 * the day); when the gift is paid the delivery job is queued for that moment
 * (core/orders/order-delivery.ts) and e-mails the card as an image with a
 * link to its own page, /d/{cardCode}/{orderReference}.
 */
export const SEND_WHEN = ["now", "date"] as const;

export const greetingCardFields = {
  cardCode: z.string().trim().max(40).optional().default(""),
  greeting: plainText({ multiLine: true, max: CARD_GREETING_MAX_CHARACTERS, tooLong: `Hälsningen får vara högst ${CARD_GREETING_MAX_CHARACTERS} tecken.` }).pipe(
    z.string().min(2, "Skriv en hälsning till mottagaren."),
  ),
  recipientName: recipientFields.recipientName,
  recipientEmail: recipientFields.recipientEmail,
  giverName: plainText({ max: CARD_NAME_MAX_CHARACTERS, tooLong: `Namnet får vara högst ${CARD_NAME_MAX_CHARACTERS} tecken.` }).pipe(
    z.string().min(2, "Skriv vem kortet är från, till exempel Anna och Per."),
  ),
  sendWhen: z.string().optional().default("now"),
  deliveryDate: z.string().trim().optional().default(""),
};

type CardFieldValues = z.output<z.ZodObject<typeof greetingCardFields>>;

/** The card's part of the form, checked: the card on sale today, the recipient by e-mail, a send date within a year. */
function checkCard(value: CardFieldValues, ctx: z.RefinementCtx, cards: CardChoices, now: Date): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  checkCardCode(value.cardCode, cards, now, issue);
  checkRecipient({ ...value, recipientStreet: "", recipientPostalCode: "", recipientCity: "" }, "email", issue);
  if (value.sendWhen !== "now" && value.sendWhen !== "date") issue("sendWhen", "Välj när kortet ska skickas.");
  if (value.sendWhen === "date") {
    if (value.deliveryDate === "") issue("deliveryDate", "Välj dagen kortet ska skickas, eller välj att skicka det direkt.");
    else checkDeliveryDate(value.deliveryDate, "email", now, issue);
  }
}

export interface GreetingCardContent {
  cardCode: string;
  greeting: string;
  giverName: string;
}

function cardItem(value: CardFieldValues, now: Date): NewOrderItem {
  const date = value.sendWhen === "date" && value.deliveryDate !== "" ? value.deliveryDate : null;
  const later = date !== null && daysBetween(swedishDate(now), date) > 0;
  const content: GreetingCardContent = { cardCode: value.cardCode, greeting: value.greeting, giverName: value.giverName };
  return {
    kind: "greeting_card",
    design: value.cardCode,
    content: { ...content },
    recipient: { name: value.recipientName, email: value.recipientEmail.toLowerCase() },
    channel: "email",
    dueDate: date,
    sendAt: later ? morningOf(date) : null,
  };
}

/** One schema for the page, its action and the JSON API. */
export function greetingCardFormSchema(cards: CardChoices, limits: GiftLimits, now: Date) {
  return z
    .object({ ...giftFields, ...greetingCardFields })
    .superRefine((value, ctx) => {
      checkGift(value, ctx, limits);
      checkCard(value, ctx, cards, now);
    })
    .transform((value) => ({ gift: giftData(value), item: cardItem(value, now) }));
}

export type GreetingCardFormData = z.output<ReturnType<typeof greetingCardFormSchema>>;

export { latestDeliveryDate as latestSendDate };

