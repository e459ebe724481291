import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "#db/schema";
import type { DocumentRenderer, DocumentRequest } from "../documents/document-renderer";
import type { MailAttachment } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import { giveGift, type GiveGiftDeps } from "../gifts/give-gift";
import { swedishDate } from "../calendar/swedish-calendar";
import { formatSwedishDay } from "../memorial/delivery-date";
import { findGiftByOrderReference, type GiftRow, type PaymentRow } from "../payments/payment-repository";
import { isOrderReference } from "../payments/order-reference";
import { findOrderForGift, orderItems, type OrderItemRow } from "../orders/order-repository";
import type { SheetMail } from "../memorial/sheet-delivery";
import type { Card, CardCatalogue } from "./card-catalogue";
import { greetingCardDocument } from "./greeting-card-document";
import type { GreetingCardContent, GreetingCardFormData } from "./greeting-card-form";

/**
 * Giving a digital greeting card and reading it back: the gift through
 * giveGift (every payment method, the receipt), the card's document, its
 * e-mail to the recipient and its paragraph in the donor's receipt.
 */

export async function giveGreetingCard(deps: GiveGiftDeps, data: GreetingCardFormData, options: { donorId?: string | null } = {}): Promise<{ gift: GiftRow; payment: PaymentRow }> {
  return giveGift(deps, data.gift, { giftType: "digital_greeting", donorId: options.donorId ?? null, order: { kind: "single_order", items: [data.item] } });
}

const storedContentSchema = z.object({ cardCode: z.string(), greeting: z.string(), giverName: z.string() });

export function storedCardContent(content: string): GreetingCardContent {
  return storedContentSchema.parse(JSON.parse(content));
}

export interface GreetingCardOrder {
  gift: GiftRow;
  item: OrderItemRow;
  card: Card;
  content: GreetingCardContent;
}

/** A greeting card by its gift's unguessable reference; null for anything else (another gift type, a malformed reference, a card no longer in the catalogue). */
export async function findGreetingCardOrder(db: Kysely<DB>, catalogue: CardCatalogue, orderReference: string): Promise<GreetingCardOrder | null> {
  if (!isOrderReference(orderReference)) return null;
  const gift = await findGiftByOrderReference(db, orderReference);
  if (!gift || gift.gift_type !== "digital_greeting") return null;
  const order = await findOrderForGift(db, gift.id);
  if (!order) return null;
  const item = (await orderItems(db, order.id)).find((i) => i.kind === "greeting_card");
  if (!item) return null;
  const content = storedCardContent(item.content);
  const card = catalogue.cardByCode(content.cardCode);
  return card ? { gift, item, card, content } : null;
}

export function greetingCardRequest(found: Pick<GreetingCardOrder, "card" | "item" | "content">): DocumentRequest {
  return {
    kind: "greeting-card",
    data: greetingCardDocument(found.card, { greeting: found.content.greeting, recipientName: found.item.recipient_name, giverName: found.content.giverName }),
  };
}

/** The card's own page. */
export function cardPagePath(cardCode: string, orderReference: string): string {
  return `/d/${encodeURIComponent(cardCode)}/${orderReference}`;
}

/** The e-mail to the recipient, with the card attached as an image. */
export function greetingCardMail(item: OrderItemRow, gift: GiftRow, site: SiteConfig, catalogue: CardCatalogue, publicUrl: string): SheetMail {
  const content = storedCardContent(item.content);
  const card = catalogue.cardByCode(content.cardCode);
  if (!card) throw new Error(`Greeting card ${content.cardCode} is not in the catalogue`);
  // A company's Christmas card goes to a whole list: no page of its own, and the gift is the company's, not given in the recipient's name (decision 0046).
  const company = gift.gift_type === "company";
  const text = [
    `Hej ${item.recipient_name}!`,
    "",
    company
      ? `${content.giverName} har i år gett en julgåva till hjärt- och lungforskningen i stället för julklappar, och skickar dig ett julkort med den här hälsningen:`
      : `${content.giverName} har gett en gåva till hjärt- och lungforskningen i ditt namn, och skickar dig ett kort med den här hälsningen:`,
    "",
    content.greeting,
    "",
    company ? "Kortet finns bifogat som bild." : `Kortet finns bifogat som bild. Du kan också se det här: ${publicUrl}${cardPagePath(card.code, gift.order_reference)}`,
    "",
    "Gåvan går till forskning om hjärt- och lungsjukdomar, för fler friska år.",
    "",
    "Varma hälsningar,",
    site.name,
    `${site.phone} · ${site.email}`,
  ].join("\n");
  return {
    document: greetingCardRequest({ card, item, content }),
    format: "png",
    subject: company ? `God jul från ${content.giverName}` : `${content.giverName} har skickat dig ett kort`,
    text,
    filename: company ? "julkort.png" : "gratulationskort.png",
  };
}

/** When the card goes, as the donor reads it. */
export function sendingText(item: Pick<OrderItemRow, "send_at" | "status" | "sent_at">, paid: boolean): string {
  if (item.status === "sent" && item.sent_at) return `Kortet skickades ${formatSwedishDay(swedishDate(new Date(item.sent_at)))}.`;
  if (item.send_at) return `Kortet skickas med e-post på morgonen ${formatSwedishDay(swedishDate(new Date(item.send_at)))}.`;
  return paid ? "Kortet skickas med e-post inom några minuter." : "Kortet skickas med e-post så snart gåvan är betald.";
}

/** What a greeting card's receipt adds: to whom and when the card goes, its page, and a copy of the card. Null for other gifts. */
export async function greetingCardReceiptExtras(
  deps: { db: Kysely<DB>; documents: DocumentRenderer; publicUrl: string; catalogue: CardCatalogue },
  gift: GiftRow,
): Promise<{ paragraph: string; attachment: MailAttachment } | null> {
  if (gift.gift_type !== "digital_greeting") return null;
  const found = await findGreetingCardOrder(deps.db, deps.catalogue, gift.order_reference);
  if (!found) return null;
  const image = await deps.documents.render(greetingCardRequest(found), "png");
  return {
    paragraph: [
      `Din gåva är ett digitalt gratulationskort till ${found.item.recipient_name} (${found.item.recipient_email ?? ""}).`,
      sendingText(found.item, true),
      `En kopia av kortet finns bifogad, och kortets egen sida är ${deps.publicUrl}${cardPagePath(found.card.code, gift.order_reference)}`,
    ].join(" "),
    attachment: { filename: "gratulationskort.png", content: image, contentType: "image/png" },
  };
}
