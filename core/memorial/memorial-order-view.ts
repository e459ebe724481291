import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { GiftRow } from "../payments/payment-repository";
import { findGiftByOrderReference } from "../payments/payment-repository";
import { isOrderReference } from "../payments/order-reference";
import { findOrderForGift, orderItems, type OrderItemRow } from "../orders/order-repository";
import type { OrderItemStatus } from "../orders/order-status";
import { addWorkingDays, swedishDate } from "../calendar/swedish-calendar";
import { formatDateLong } from "../site/format";
import { formatSwedishDay, POST_DELIVERY_WORKING_DAYS } from "./delivery-date";
import { storedSheetContent } from "./memorial-sheet";
import { funeralDateFor, sheetDeliveryEstimate, sheetDestination, sheetGoesByEmail } from "./sheet-delivery";

/**
 * What the donor's order page (/order/minnesblad/:orderReference) shows of a
 * memorial gift: in whose memory, where the sheet goes, how far it has come
 * (in Swedish) and when it is expected. Null for anything that is not a
 * memorial gift's order reference, so the page answers 404.
 */
export interface MemorialOrderView {
  orderReference: string;
  amountOre: number;
  deceasedName: string;
  signature: string;
  /** "med post till Familjen Ek", "till begravningsbyrån Fonus Umeå med e-post" */
  destination: string;
  /** Postal address lines when it goes by post. */
  address: string[];
  status: OrderItemStatus;
  statusLabel: string;
  /** When it is expected to arrive, or did; null when it will not (cancelled, failed). */
  arrival: string | null;
  funeralDate: string | null;
}

export async function findMemorialOrder(db: Kysely<DB>, orderReference: string): Promise<{ gift: GiftRow; item: OrderItemRow } | null> {
  if (!isOrderReference(orderReference)) return null;
  const gift = await findGiftByOrderReference(db, orderReference);
  if (!gift || gift.gift_type !== "memorial") return null;
  const order = await findOrderForGift(db, gift.id);
  const item = order ? (await orderItems(db, order.id)).find((i) => i.kind === "memorial_sheet") : undefined;
  return item ? { gift, item } : null;
}

export function statusLabel(item: Pick<OrderItemRow, "status" | "sent_at">): string {
  switch (item.status) {
    case "created":
      return "Väntar på betalning";
    case "ready":
      return "Förbereds";
    case "sent":
      return `Skickat den ${formatDateLong(item.sent_at ?? "")}`;
    case "failed":
      return "Kunde inte skickas – vi hör av oss";
    case "cancelled":
      return "Avbruten";
  }
}

export async function memorialOrderView(db: Kysely<DB>, orderReference: string, now: Date): Promise<MemorialOrderView | null> {
  const found = await findMemorialOrder(db, orderReference);
  if (!found) return null;
  const { gift, item } = found;
  const content = storedSheetContent(item.content);
  const funeralDate = await funeralDateFor(db, gift, item);
  const byEmail = sheetGoesByEmail(item);
  let arrival: string | null = null;
  if (item.status === "created" || item.status === "ready") {
    arrival = sheetDeliveryEstimate(item, gift.paid_at ? new Date(gift.paid_at) : now, funeralDate, gift.paid_at !== null).message;
  } else if (item.status === "sent" && item.sent_at) {
    const sentOn = swedishDate(new Date(item.sent_at));
    // A memorial collection's sheets leave together by e-mail when it closes.
    arrival = byEmail || item.channel === "download"
      ? `Minnesbladet skickades med e-post ${formatSwedishDay(sentOn)}.`
      : `Minnesbladet postades ${formatSwedishDay(sentOn)} och kommer fram senast ${formatSwedishDay(addWorkingDays(sentOn, POST_DELIVERY_WORKING_DAYS))}.`;
  }
  const address =
    !byEmail && item.recipient_street
      ? [item.recipient_name, item.recipient_street, `${item.recipient_postal_code ?? ""} ${item.recipient_city ?? ""}`.trim()]
      : [];
  return {
    orderReference: gift.order_reference,
    amountOre: gift.amount_ore,
    deceasedName: content.deceasedName,
    signature: content.signature,
    destination: sheetDestination(item),
    address,
    status: item.status,
    statusLabel: statusLabel(item),
    arrival,
    funeralDate,
  };
}
