import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "#db/schema";
import type { CompanyCertificateData, DocumentRenderer, DocumentRequest } from "../documents/document-renderer";
import type { MailAttachment } from "../mail/mailer";
import type { NewOrderItem, OrderItemRow } from "../orders/order-repository";
import { findOrderForGift, orderItems } from "../orders/order-repository";
import { findGiftByOrderReference, type GiftRow } from "../payments/payment-repository";
import { isOrderReference } from "../payments/order-reference";
import { plainText } from "../text/plain-text";
import { CARD_GREETING_MAX_CHARACTERS } from "../cards/card-design";
import { checkCardCode, type CardChoices } from "../cards/card-choices";
import { greetingCardDocument } from "../cards/greeting-card-document";
import type { Card, CardCatalogue } from "../cards/card-catalogue";
import { storedCardContent } from "../cards/greeting-card-order";
import type { ListRecipient } from "../list-orders/list-order";
import { formatNumber } from "../site/format";
import type { CompanyLogo } from "./company-logo";

/**
 * The Christmas gift instead of presents (issue #31, decision 0046): with its
 * gift a company gives its logo for the gift certificate (gåvobevis) it gets
 * to show customers and staff, and may send a digital Christmas card to a
 * list of them. The list is read by the list orders' reader in its e-mail
 * only mode (core/list-orders/list-order.ts); each row becomes one
 * `greeting_card` order item by e-mail in the gift's order, so the cards are
 * counted against each address's e-mail limit when the gift is stored
 * (core/gifts/give-gift.ts) and sent by the delivery job once the gift is
 * paid (core/orders/order-delivery.ts), as every greeting card is.
 */

/** The card part of the company gift form; checked only when `sendCard` is ticked. */
export const christmasCardFields = {
  sendCard: z.string().optional(),
  cardCode: z.string().trim().max(40).optional().default(""),
  cardGreeting: plainText({ multiLine: true, max: CARD_GREETING_MAX_CHARACTERS, tooLong: `Hälsningen får vara högst ${CARD_GREETING_MAX_CHARACTERS} tecken.` }).optional().default(""),
};

export interface ChristmasCardChoice {
  cardCode: string;
  greeting: string;
}

type CardFieldValues = z.output<z.ZodObject<typeof christmasCardFields>>;

export function wantsCard(value: Pick<CardFieldValues, "sendCard">): boolean {
  return value.sendCard === "on" || value.sendCard === "true";
}

/** The card on sale today (a Christmas card: the page offers only those) and a greeting of at least two characters. */
export function checkChristmasCard(value: CardFieldValues, ctx: z.RefinementCtx, cards: CardChoices, now: Date): void {
  if (!wantsCard(value)) return;
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  checkCardCode(value.cardCode, cards, now, issue);
  if ([...value.cardGreeting.trim()].length < 2) issue("cardGreeting", "Skriv företagets julhälsning.");
}

export function christmasCardChoice(value: CardFieldValues): ChristmasCardChoice | null {
  return wantsCard(value) ? { cardCode: value.cardCode, greeting: value.cardGreeting } : null;
}

/** The Christmas cards a company may choose today: the catalogue's Christmas occasion, listed and on sale. */
export function christmasCards(catalogue: CardCatalogue, today: string): Card[] {
  return catalogue.cardsOnSale(today).filter((card) => card.occasion === "christmas");
}

/** One card by e-mail per row of the list; a row's own text replaces the company's greeting. */
export function christmasCardItems(card: ChristmasCardChoice, companyName: string, recipients: readonly ListRecipient[]): NewOrderItem[] {
  return recipients.map((recipient) => ({
    kind: "greeting_card",
    design: card.cardCode,
    content: { cardCode: card.cardCode, greeting: recipient.text || card.greeting, giverName: companyName, row: recipient.row },
    recipient: { name: recipient.name, email: recipient.email },
    channel: "email",
  }));
}

export interface CompanyChristmas {
  gift: GiftRow;
  companyName: string;
  logo: { type: string; base64: string; width: number; height: number } | null;
  cards: OrderItemRow[];
}

/** A company gift by its unguessable reference, with its logo and its Christmas cards; null for anything else. */
export async function findCompanyChristmas(db: Kysely<DB>, orderReference: string): Promise<CompanyChristmas | null> {
  if (!isOrderReference(orderReference)) return null;
  const gift = await findGiftByOrderReference(db, orderReference);
  if (!gift || gift.gift_type !== "company") return null;
  const company = await db.selectFrom("company_gifts").selectAll().where("gift_id", "=", gift.id).executeTakeFirst();
  if (!company) return null;
  const order = await findOrderForGift(db, gift.id);
  const cards = order ? (await orderItems(db, order.id)).filter((item) => item.kind === "greeting_card") : [];
  const logo =
    company.logo_type && company.logo_base64 && company.logo_width && company.logo_height
      ? { type: company.logo_type, base64: company.logo_base64, width: company.logo_width, height: company.logo_height }
      : null;
  return { gift, companyName: company.company_name, logo, cards };
}

export function logoSource(logo: { type: string; base64: string; width: number; height: number } | null): CompanyCertificateData["logo"] {
  return logo ? { src: `data:${logo.type};base64,${logo.base64}`, width: logo.width, height: logo.height } : null;
}

/** A logo just uploaded, for the form's live preview. */
export function uploadedLogoSource(logo: CompanyLogo | null): CompanyCertificateData["logo"] {
  return logo ? logoSource({ type: logo.type, base64: Buffer.from(logo.bytes).toString("base64"), width: logo.width, height: logo.height }) : null;
}

export function companyCertificateRequest(found: Pick<CompanyChristmas, "gift" | "companyName" | "logo">): DocumentRequest {
  return {
    kind: "company-certificate",
    data: { companyName: found.companyName, amountOre: found.gift.amount_ore, date: found.gift.created_at, reference: found.gift.order_reference, logo: logoSource(found.logo) },
  };
}

/** The Christmas card as the list's first recipient gets it: the page's preview. */
export function christmasCardRequest(catalogue: CardCatalogue, item: OrderItemRow): DocumentRequest | null {
  const content = storedCardContent(item.content);
  const card = catalogue.cardByCode(content.cardCode);
  if (!card) return null;
  return { kind: "greeting-card", data: greetingCardDocument(card, { greeting: content.greeting, recipientName: item.recipient_name, giverName: content.giverName }) };
}

/** The company's page: the certificate to see and download, and its cards. */
export function companyChristmasPath(orderReference: string): string {
  return `/foretag/gavobevis/${orderReference}`;
}

export function certificateFileName(companyName: string, format: "pdf" | "png"): string {
  const base = companyName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase()
    .slice(0, 60);
  return `gavobevis-${base || "foretag"}.${format}`;
}

/** How the company's cards stand, in Swedish. */
export function cardsStatusText(cards: readonly Pick<OrderItemRow, "status">[], paid: boolean): string {
  const sent = cards.filter((c) => c.status === "sent").length;
  const failed = cards.filter((c) => c.status === "failed").length;
  const total = formatNumber(cards.length);
  if (!paid) return `Julkortet skickas till ${total} mottagare med e-post så snart gåvan är betald.`;
  if (sent === cards.length) return `Julkortet är skickat till alla ${total} mottagare.`;
  return `Julkortet är skickat till ${formatNumber(sent)} av ${total} mottagare${failed > 0 ? `; ${formatNumber(failed)} kunde inte skickas och vi tittar på det` : ", resten skickas inom några minuter"}.`;
}

/** What a company gift's receipt adds: the certificate as a PDF, the cards, and the page where both can be seen again. */
export async function companyChristmasReceiptExtras(
  deps: { db: Kysely<DB>; documents: DocumentRenderer; publicUrl: string },
  gift: GiftRow,
): Promise<{ paragraph: string; attachment: MailAttachment } | null> {
  if (gift.gift_type !== "company") return null;
  const found = await findCompanyChristmas(deps.db, gift.order_reference);
  if (!found) return null;
  const pdf = await deps.documents.render(companyCertificateRequest(found), "pdf");
  const cards = found.cards.length > 0 ? ` Julkortet går med e-post till ${formatNumber(found.cards.length)} mottagare.` : "";
  return {
    paragraph: `Gåvobeviset med företagets namn${found.logo ? " och logotyp" : ""} finns bifogat som PDF – visa det gärna för kunder och medarbetare.${cards} Ni kan alltid hämta det igen här: ${deps.publicUrl}${companyChristmasPath(gift.order_reference)}`,
    attachment: { filename: certificateFileName(found.companyName, "pdf"), content: pdf, contentType: "application/pdf" },
  };
}
