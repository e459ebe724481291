import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { DocumentRequest } from "../documents/document-renderer";
import type { SiteConfig } from "../site/site-config";
import { formatSek } from "../site/format";
import { giveGift, type GiveGiftDeps } from "../gifts/give-gift";
import { findGiftByOrderReference, type GiftRow, type PaymentRow } from "../payments/payment-repository";
import { isOrderReference } from "../payments/order-reference";
import { findOrderForGift, orderItems, type NewOrderItem, type OrderItemRow, type OrderRow } from "../orders/order-repository";
import type { CardCatalogue } from "../cards/card-catalogue";
import { addWorkingDays, swedishDate } from "../calendar/swedish-calendar";
import { formatSwedishDay, POST_DELIVERY_WORKING_DAYS } from "../memorial/delivery-date";
import { statusLabel } from "../memorial/memorial-order-view";
import type { OrderItemStatus } from "../orders/order-status";
import type { GiftDocumentFormData } from "./gift-document-form";
import {
  giftDocumentFileName,
  GIFT_DOCUMENT_LABELS,
  GIFT_DOCUMENT_RENDER_KIND,
  isGiftDocumentKind,
  OCCASION_HEADINGS,
  OCCASION_LABELS,
  storedGiftDocumentContent,
  type GiftDocumentContent,
  type GiftDocumentKind,
} from "./gift-documents";

/**
 * Ordering a gift card, gift certificate or diploma, and everything that
 * reads the order back: the document of an item, the donor's order page, the
 * e-mail that carries it. The gift is the money (given through giveGift, so
 * every payment method and the receipt work as for any gift); its order holds
 * one item per recipient.
 */
export async function giveGiftDocument(
  deps: GiveGiftDeps & { cards: Pick<CardCatalogue, "cardByCode"> },
  kind: GiftDocumentKind,
  data: GiftDocumentFormData,
  options: { donorId?: string | null } = {},
): Promise<{ gift: GiftRow; payment: PaymentRow }> {
  return giveGift(deps, data.gift, { giftType: kind, donorId: options.donorId ?? null, order: { kind: "single_order", items: [withCard(deps.cards, kind, data.item)] } });
}

/** A gift card keeps the art of its catalogue card as it was when bought (the form checked the code against the same catalogue). */
function withCard(cards: Pick<CardCatalogue, "cardByCode">, kind: GiftDocumentKind, item: NewOrderItem): NewOrderItem {
  if (kind !== "gift_card") return item;
  const card = item.design ? cards.cardByCode(item.design) : undefined;
  if (!card) throw new Error(`Gift card ordered with a card code not in the catalogue: ${item.design ?? "(none)"}`);
  const stored: GiftDocumentContent["card"] = { code: card.code, design: card.design };
  return { ...item, content: { ...item.content, card: stored } };
}


/**
 * The document of a stored item, dated by its gift. It carries the number the
 * buyer has on the receipt and the order page – the gift's order reference –
 * so that a recipient who quotes it is understood (issue #29); only a list
 * order's documents, one gift for many recipients, carry each item's own.
 */
export function giftDocumentRequest(item: OrderItemRow, gift: Pick<GiftRow, "gift_type" | "order_reference" | "paid_at" | "created_at">): DocumentRequest {
  if (!isGiftDocumentKind(item.kind)) throw new Error(`Order item ${item.id} is not a gift document`);
  const content = storedGiftDocumentContent(item.content);
  return {
    kind: GIFT_DOCUMENT_RENDER_KIND[item.kind],
    data: {
      design: item.design ?? "",
      heading: OCCASION_HEADINGS[content.occasion],
      recipientName: item.recipient_name,
      text: content.text,
      signature: content.signature,
      amountOre: content.showAmount ? content.amountOre : null,
      reference: isGiftDocumentKind(gift.gift_type) ? gift.order_reference : item.reference,
      date: documentDate(gift),
      card: content.card?.design ?? null,
    },
  };
}

export interface GiftDocumentOrder {
  gift: GiftRow;
  order: OrderRow;
  items: OrderItemRow[];
  kind: GiftDocumentKind;
}

/** A gift document order by the gift's unguessable reference, of the kind asked for; null for anything else. */
export async function findGiftDocumentOrder(db: Kysely<DB>, orderReference: string, kind: GiftDocumentKind): Promise<GiftDocumentOrder | null> {
  if (!isOrderReference(orderReference)) return null;
  const gift = await findGiftByOrderReference(db, orderReference);
  if (!gift || gift.gift_type !== kind) return null;
  const order = await findOrderForGift(db, gift.id);
  if (!order) return null;
  const items = (await orderItems(db, order.id))
    .filter((item) => item.kind === kind)
    .map((item) => ({ item, row: storedGiftDocumentContent(item.content).row ?? 0 }))
    .sort((a, b) => a.row - b.row)
    .map(({ item }) => item);
  return items.length > 0 ? { gift, order, items, kind } : null;
}

export function documentDate(gift: Pick<GiftRow, "paid_at" | "created_at">): string {
  return gift.paid_at ?? gift.created_at;
}

export function itemDocument(found: GiftDocumentOrder, item: OrderItemRow): DocumentRequest {
  return giftDocumentRequest(item, found.gift);
}

/** "med e-post till anna@exempel.se", "med post till Anna Svensson", "för nedladdning". */
export function itemDestination(item: Pick<OrderItemRow, "channel" | "recipient_name" | "recipient_email">): string {
  if (item.channel === "email") return `med e-post till ${item.recipient_name} (${item.recipient_email ?? ""})`;
  if (item.channel === "post") return `med post till ${item.recipient_name}`;
  return "att skriva ut själv";
}

function arrivalText(item: OrderItemRow, label: string, paid: boolean): string | null {
  if (item.status === "sent" && item.sent_at) {
    const sentOn = swedishDate(new Date(item.sent_at));
    return item.channel === "post"
      ? `${label} postades ${formatSwedishDay(sentOn)} och kommer fram senast ${formatSwedishDay(addWorkingDays(sentOn, POST_DELIVERY_WORKING_DAYS))}.`
      : `${label} skickades med e-post ${formatSwedishDay(sentOn)}.`;
  }
  if (item.status !== "created" && item.status !== "ready") return null;
  const when = item.due_date ? formatSwedishDay(item.due_date) : null;
  if (item.channel === "email") {
    if (item.send_at) return `${label} skickas med e-post på morgonen ${formatSwedishDay(swedishDate(new Date(item.send_at)))}.`;
    return paid ? `${label} skickas med e-post inom några minuter.` : `${label} skickas med e-post så snart gåvan är betald.`;
  }
  if (item.channel === "post") {
    return when ? `${label} postas så att det är framme senast ${when}.` : `${label} postas inom två arbetsdagar efter betalningen.`;
  }
  return null;
}

export interface GiftDocumentItemView {
  reference: string;
  recipientName: string;
  destination: string;
  address: string[];
  status: OrderItemStatus;
  statusLabel: string;
  arrival: string | null;
}

export interface GiftDocumentOrderView {
  kind: GiftDocumentKind;
  /** "Gåvobevis" */
  name: string;
  orderReference: string;
  amountOre: number;
  paid: boolean;
  listOrder: boolean;
  occasion: string;
  signature: string;
  /** The file name of the (first) document, e.g. gavobevis-anna-svensson.pdf. */
  fileBase: string;
  items: GiftDocumentItemView[];
}

export async function giftDocumentOrderView(db: Kysely<DB>, orderReference: string, kind: GiftDocumentKind): Promise<GiftDocumentOrderView | null> {
  const found = await findGiftDocumentOrder(db, orderReference, kind);
  if (!found) return null;
  const { gift, items } = found;
  const label = GIFT_DOCUMENT_LABELS[kind];
  const first = items[0] as OrderItemRow;
  const content = storedGiftDocumentContent(first.content);
  const paid = gift.status === "paid";
  const capitalised = label.definite.charAt(0).toUpperCase() + label.definite.slice(1);
  return {
    kind,
    name: label.name,
    orderReference: gift.order_reference,
    amountOre: gift.amount_ore,
    paid,
    listOrder: found.order.kind === "list_order",
    occasion: OCCASION_LABELS[content.occasion],
    signature: content.signature,
    fileBase: giftDocumentFileName(kind, first.recipient_name, "pdf").replace(/\.pdf$/, ""),
    items: items.map((item) => ({
      reference: item.reference,
      recipientName: item.recipient_name,
      destination: itemDestination(item),
      address:
        item.channel === "post" && item.recipient_street
          ? [item.recipient_name, item.recipient_street, `${item.recipient_postal_code ?? ""} ${item.recipient_city ?? ""}`.trim()]
          : [],
      status: item.status,
      statusLabel: item.channel === "download" && paid ? "Klart att skriva ut" : statusLabel(item),
      arrival: arrivalText(item, capitalised, paid),
    })),
  };
}

export interface DocumentMail {
  document: DocumentRequest;
  subject: string;
  text: string;
  filename: string;
}

/** The e-mail that carries a certificate or diploma (or a list order's gift card) to its recipient. */
export function giftDocumentMail(item: OrderItemRow, gift: GiftRow, site: SiteConfig): DocumentMail {
  if (!isGiftDocumentKind(item.kind)) throw new Error(`Order item ${item.id} is not a gift document`);
  const label = GIFT_DOCUMENT_LABELS[item.kind];
  const content = storedGiftDocumentContent(item.content);
  const amount = content.showAmount ? ` på ${formatSek(content.amountOre)}` : "";
  const text = [
    `Hej ${item.recipient_name}!`,
    "",
    `${content.signature} har gett en gåva${amount} i ditt namn till forskningen om hjärt- och lungsjukdomar.`,
    `${label.definite.charAt(0).toUpperCase()}${label.definite.slice(1)} finns bifogat som PDF, att spara eller skriva ut.`,
    ...(content.text ? ["", content.text] : []),
    "",
    "Varma hälsningar,",
    site.name,
    `${site.phone} · ${site.email}`,
  ].join("\n");
  return {
    document: giftDocumentRequest(item, gift),
    subject: `${OCCASION_HEADINGS[content.occasion]} – en gåva i ditt namn från ${content.signature}`,
    text,
    filename: giftDocumentFileName(item.kind, item.recipient_name, "pdf"),
  };
}
