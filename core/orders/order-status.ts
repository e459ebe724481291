/**
 * An order is what a gift asks the charity to produce and deliver; each of its
 * items is one document to one recipient by one channel. Every union here is
 * also a CHECK constraint in the database.
 *
 * An item's fulfilment, kept as appended events like a payment's:
 *
 *   created → ready → sent
 *                   ↘ failed → ready (sent again)
 *   created | ready | failed → cancelled
 *   sent → failed (an e-mail that bounced after it left)
 *
 * `created`: stored with its gift, waiting for the payment. `ready`: paid, to be
 * produced and delivered (the fulfilment queue). `sent`: delivered, or handed
 * to the post. `cancelled` is final (the gift was refunded, or staff stopped it).
 */
export const ORDER_ITEM_STATUSES = ["created", "ready", "sent", "failed", "cancelled"] as const;
export type OrderItemStatus = (typeof ORDER_ITEM_STATUSES)[number];

const NEXT: Readonly<Record<OrderItemStatus, readonly OrderItemStatus[]>> = {
  created: ["ready", "cancelled"],
  ready: ["sent", "failed", "cancelled"],
  failed: ["ready", "cancelled"],
  sent: ["failed"],
  cancelled: [],
};

export function canTransitionOrderItem(from: OrderItemStatus, to: OrderItemStatus): boolean {
  return NEXT[from].includes(to);
}

/** What is produced: a document (or, for `article`, a thing the charity sends, such as a pin). */
export const ORDER_ITEM_KINDS = ["memorial_sheet", "greeting_card", "gift_card", "gift_certificate", "diploma", "article"] as const;
export type OrderItemKind = (typeof ORDER_ITEM_KINDS)[number];

/** How it reaches the recipient. A funeral parlour is post or e-mail to the parlour, kept apart because its date is the funeral. */
export const ORDER_CHANNELS = ["email", "post", "download", "funeral_parlour"] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/** One recipient, or a company's list of recipients (the spec's analytics keys single_order and list_order). */
export const ORDER_KINDS = ["single_order", "list_order"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** Who moved an item: the payment settling or being refunded, the delivery job, staff, the donor. */
export const ORDER_TRANSITION_SOURCES = ["payment", "delivery", "staff", "donor", "system"] as const;
export type OrderTransitionSource = (typeof ORDER_TRANSITION_SOURCES)[number];
