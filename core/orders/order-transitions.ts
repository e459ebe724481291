import type { Kysely, Transaction } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import { canTransitionOrderItem, type OrderItemStatus, type OrderTransitionSource } from "./order-status";
import { findOrderItem, type OrderItemRow } from "./order-repository";

type Executor = Kysely<DB> | Transaction<DB>;

export interface OrderItemTransition {
  itemId: string;
  to: OrderItemStatus;
  source: OrderTransitionSource;
  /** Facts worth keeping with the event (who, why; never personnummer or tokens). */
  data?: Record<string, unknown>;
}

/**
 * The one place an order item's fulfilment status changes: only from the
 * state it is in (so a delivery job and a member of staff cannot both win),
 * with an appended event. Returns whether it moved.
 */
export async function transitionOrderItem(db: Executor, clock: Clock, request: OrderItemTransition): Promise<{ changed: boolean; item: OrderItemRow }> {
  const current = await findOrderItem(db, request.itemId);
  if (!current) throw new Error(`Unknown order item ${request.itemId}`);
  if (!canTransitionOrderItem(current.status, request.to)) return { changed: false, item: current };
  const now = clock.now().toISOString();
  const updated = await db
    .updateTable("order_items")
    .set({ status: request.to, updated_at: now, ...(request.to === "sent" ? { sent_at: now } : {}) })
    .where("id", "=", current.id)
    .where("status", "=", current.status)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return { changed: false, item: (await findOrderItem(db, current.id)) ?? current };
  await db
    .insertInto("order_events")
    .values({
      order_item_id: current.id,
      type: "status-changed",
      from_status: current.status,
      to_status: request.to,
      source: request.source,
      data: request.data ? JSON.stringify(request.data) : null,
      created_at: now,
    })
    .execute();
  return { changed: true, item: (await findOrderItem(db, current.id)) as OrderItemRow };
}

/** Moves every item of a gift's order that is in one of `from` to `to`; returns the items that moved. */
export async function transitionGiftOrderItems(
  trx: Transaction<DB>,
  clock: Clock,
  giftId: string,
  from: readonly OrderItemStatus[],
  to: OrderItemStatus,
  source: OrderTransitionSource,
  data?: Record<string, unknown>,
): Promise<OrderItemRow[]> {
  const items = await trx
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .select("order_items.id")
    .where("orders.gift_id", "=", giftId)
    .where("order_items.status", "in", from)
    .execute();
  const moved: OrderItemRow[] = [];
  for (const { id } of items) {
    const result = await transitionOrderItem(trx, clock, { itemId: id, to, source, ...(data ? { data } : {}) });
    if (result.changed) moved.push(result.item);
  }
  return moved;
}
