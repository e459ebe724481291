import { sql, type Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { GiftStatus } from "../gifts/gift-types";
import type { OrderItemKind, OrderItemStatus } from "../orders/order-status";
import type { PaymentMethod, PaymentStatus } from "../payments/payment-status";

/**
 * The fundraising team's view of list orders (back office,
 * /admin/listbestallningar): a company's one gift covering many recipients,
 * and where each recipient's document stands. The company is the gift's
 * payer (the name given on the list order form).
 */
export interface ListOrderRow {
  orderId: string;
  orderReference: string;
  company: string;
  kind: OrderItemKind | null;
  rows: number;
  sent: number;
  toSend: number;
  failed: number;
  cancelled: number;
  amountOre: number;
  giftStatus: GiftStatus;
  method: PaymentMethod | null;
  paymentStatus: PaymentStatus | null;
  createdAt: string;
}

const count = (status: OrderItemStatus | OrderItemStatus[]) =>
  sql<number>`sum(case when ${sql.ref("i.status")} in (${sql.join([status].flat())}) then 1 else 0 end)`;

export async function listListOrders(db: Kysely<DB>, filter: { text?: string } = {}, limit = 200): Promise<ListOrderRow[]> {
  let query = db
    .selectFrom("orders as o")
    .innerJoin("gifts as g", "g.id", "o.gift_id")
    .leftJoin("order_items as i", "i.order_id", "o.id")
    .select([
      "o.id as order_id",
      "o.created_at",
      "g.id as gift_id",
      "g.order_reference",
      "g.donor_name",
      "g.amount_ore",
      "g.status as gift_status",
      (eb) => eb.fn.min("i.kind").as("kind"),
      (eb) => eb.fn.count<string | number>("i.id").as("rows"),
      count("sent").as("sent"),
      count(["created", "ready"]).as("to_send"),
      count("failed").as("failed"),
      count("cancelled").as("cancelled"),
    ])
    .where("o.kind", "=", "list_order")
    .groupBy(["o.id", "o.created_at", "g.id", "g.order_reference", "g.donor_name", "g.amount_ore", "g.status"]);
  const text = filter.text?.trim().toLowerCase();
  if (text) {
    const like = `%${text}%`;
    query = query.where((eb) => eb.or([eb(eb.fn("lower", ["g.donor_name"]), "like", like), eb(eb.fn("lower", ["g.order_reference"]), "like", like)]));
  }
  const rows = await query.orderBy("o.created_at", "desc").limit(limit).execute();
  const latest = await latestPayments(
    db,
    rows.map((r) => r.gift_id),
  );
  return rows.map((r) => ({
    orderId: r.order_id,
    orderReference: r.order_reference,
    company: r.donor_name,
    kind: (r.kind ?? null) as OrderItemKind | null,
    rows: Number(r.rows),
    sent: Number(r.sent ?? 0),
    toSend: Number(r.to_send ?? 0),
    failed: Number(r.failed ?? 0),
    cancelled: Number(r.cancelled ?? 0),
    amountOre: r.amount_ore,
    giftStatus: r.gift_status,
    method: latest.get(r.gift_id)?.method ?? null,
    paymentStatus: latest.get(r.gift_id)?.status ?? null,
    createdAt: r.created_at,
  }));
}

/** Each gift's latest payment attempt (what decides "paid" and how). */
async function latestPayments(db: Kysely<DB>, giftIds: string[]) {
  const map = new Map<string, { id: string; method: PaymentMethod; status: PaymentStatus }>();
  if (giftIds.length === 0) return map;
  const payments = await db
    .selectFrom("payments")
    .select(["id", "gift_id", "method", "status", "created_at"])
    .where("gift_id", "in", giftIds)
    .orderBy("created_at")
    .execute();
  // Oldest first, so the latest wins; a paid or refunded attempt wins over any other.
  for (const p of payments) {
    const current = map.get(p.gift_id);
    if (current && (current.status === "paid" || current.status === "refunded") && p.status !== "paid" && p.status !== "refunded") continue;
    map.set(p.gift_id, { id: p.id, method: p.method, status: p.status });
  }
  return map;
}

/** One list order: its gift and payment, and every recipient with where their document stands. */
export async function listOrderForStaff(db: Kysely<DB>, orderId: string) {
  const order = await db
    .selectFrom("orders as o")
    .innerJoin("gifts as g", "g.id", "o.gift_id")
    .select([
      "o.id as order_id",
      "o.created_at",
      "g.id as gift_id",
      "g.order_reference",
      "g.donor_name",
      "g.donor_email",
      "g.donor_street",
      "g.donor_postal_code",
      "g.donor_city",
      "g.amount_ore",
      "g.status as gift_status",
      "g.paid_at",
    ])
    .where("o.id", "=", orderId)
    .where("o.kind", "=", "list_order")
    .executeTakeFirst();
  if (!order) return null;
  const items = await db
    .selectFrom("order_items")
    .select(["id", "reference", "kind", "content", "recipient_name", "recipient_email", "recipient_street", "recipient_postal_code", "recipient_city", "channel", "due_date", "status", "sent_at"])
    .where("order_id", "=", orderId)
    .execute();
  // In the file's order: each item keeps its line in the uploaded list.
  const withRow = items
    .map(({ content, ...item }) => ({ ...item, row: rowOf(content) }))
    .sort((a, b) => (a.row ?? Number.MAX_SAFE_INTEGER) - (b.row ?? Number.MAX_SAFE_INTEGER) || a.recipient_name.localeCompare(b.recipient_name, "sv"));
  const payment = (await latestPayments(db, [order.gift_id])).get(order.gift_id) ?? null;
  return { order, items: withRow, payment };
}

function rowOf(content: string): number | null {
  try {
    const row = (JSON.parse(content) as { row?: unknown }).row;
    return typeof row === "number" ? row : null;
  } catch {
    return null;
  }
}
