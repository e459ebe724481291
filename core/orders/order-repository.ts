import crypto from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Clock } from "../clock";
import type { DB, OrderEventsTable, OrderItemsTable, OrdersTable } from "#db/schema";
import { newOrderReference } from "../payments/order-reference";
import type { OrderChannel, OrderItemKind, OrderKind } from "./order-status";

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;
type Executor = Kysely<DB> | Transaction<DB>;

export interface Recipient {
  name: string;
  email?: string | null;
  address?: { street: string; postalCode: string; city: string } | null;
}

export interface NewOrderItem {
  kind: OrderItemKind;
  design?: string | null;
  /** The words on the document; stored as JSON, read back by the document's template. */
  content: Record<string, unknown>;
  recipient: Recipient;
  channel: OrderChannel;
  /** YYYY-MM-DD, Swedish time. */
  dueDate?: string | null;
  sendAt?: Date | null;
}

export interface NewOrder {
  kind: OrderKind;
  items: readonly NewOrderItem[];
}

/**
 * Stores a gift's order with its items, each `created` with its first event.
 * Called in the transaction that stores the gift (core/gifts/gift-service.ts),
 * so an order never exists without its gift.
 */
export async function insertOrder(trx: Transaction<DB>, clock: Clock, giftId: string, order: NewOrder): Promise<OrderRow> {
  if (order.items.length === 0) throw new Error("An order needs at least one item");
  const now = clock.now().toISOString();
  const row: OrderRow = { id: crypto.randomUUID(), gift_id: giftId, kind: order.kind, created_at: now, updated_at: now };
  await trx.insertInto("orders").values(row).execute();
  for (const item of order.items) await insertOrderItem(trx, clock, row.id, item);
  return row;
}

/** One item, `created` with its first event: with its order, or added later to an order (an article line, core/gift-documents/register-article.ts). */
export async function insertOrderItem(trx: Transaction<DB>, clock: Clock, orderId: string, item: NewOrderItem): Promise<OrderItemRow> {
  const now = clock.now().toISOString();
  const itemRow: OrderItemRow = {
    id: crypto.randomUUID(),
    order_id: orderId,
    reference: newOrderReference(),
    kind: item.kind,
    design: item.design ?? null,
    content: JSON.stringify(item.content),
    recipient_name: item.recipient.name,
    recipient_email: item.recipient.email ?? null,
    recipient_street: item.recipient.address?.street ?? null,
    recipient_postal_code: item.recipient.address?.postalCode ?? null,
    recipient_city: item.recipient.address?.city ?? null,
    channel: item.channel,
    due_date: item.dueDate ?? null,
    send_at: item.sendAt?.toISOString() ?? null,
    status: "created",
    sent_at: null,
    created_at: now,
    updated_at: now,
  };
  await trx.insertInto("order_items").values(itemRow).execute();
  await trx
    .insertInto("order_events")
    .values({ order_item_id: itemRow.id, type: "created", from_status: null, to_status: "created", source: "system", data: null, created_at: now })
    .execute();
  return itemRow;
}

export async function findOrderForGift(db: Executor, giftId: string): Promise<OrderRow | undefined> {
  return db.selectFrom("orders").selectAll().where("gift_id", "=", giftId).executeTakeFirst();
}

export async function orderItems(db: Executor, orderId: string): Promise<OrderItemRow[]> {
  return db.selectFrom("order_items").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id").execute();
}

export async function findOrderItem(db: Executor, id: string): Promise<OrderItemRow | undefined> {
  return db.selectFrom("order_items").selectAll().where("id", "=", id).executeTakeFirst();
}

/** An item's own page and document open by its unguessable reference. */
export async function findOrderItemByReference(db: Executor, reference: string): Promise<OrderItemRow | undefined> {
  return db.selectFrom("order_items").selectAll().where("reference", "=", reference).executeTakeFirst();
}

/** The items ordered with these gifts, each with its gift's order reference (a donor's page in the back office). */
export async function orderItemsOfGifts(db: Executor, orderReferences: readonly string[]) {
  if (orderReferences.length === 0) return [];
  return db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .innerJoin("gifts", "gifts.id", "orders.gift_id")
    .select(["order_items.reference", "order_items.kind", "order_items.channel", "order_items.status", "order_items.recipient_name", "order_items.due_date", "gifts.order_reference"])
    .where("gifts.order_reference", "in", orderReferences)
    .execute();
}

export async function orderItemEvents(db: Executor, itemId: string): Promise<OrderEventRow[]> {
  return db.selectFrom("order_events").selectAll().where("order_item_id", "=", itemId).orderBy("id").execute();
}

/**
 * What staff produce and post: items that are ready, by the date they must
 * arrive (those without a date last), oldest first within a day.
 */
export async function fulfilmentQueue(db: Executor, channels: readonly OrderChannel[] = ["post", "funeral_parlour"]): Promise<OrderItemRow[]> {
  return db
    .selectFrom("order_items")
    .selectAll()
    .where("status", "=", "ready")
    .where("channel", "in", channels)
    .orderBy((eb) => eb.case().when("due_date", "is", null).then(1).else(0).end())
    .orderBy("due_date")
    .orderBy("created_at")
    .execute();
}
