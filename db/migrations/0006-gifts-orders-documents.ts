import { sql, type Kysely } from "kysely";
import { addCheckConstraints, assertForeignKeysHold, autoIncrementPrimaryKey, oneOf, type Engine } from "../dialect";

/**
 * One model for every gift, order and document (decision 0012):
 * - gifts get their donor (`donor_id`), linked now for every donor already
 *   known by personnummer, and their type from the closed set of products
 *   instead of the analytics key they were stored under;
 * - every status, type, method and provider column gets a CHECK constraint
 *   (payments may now be `refunded`);
 * - orders, their items and the items' fulfilment events are created.
 * Runs inside the migration transaction: all of it happens, or none.
 *
 * The sets are written out here rather than imported from core: a migration
 * must do tomorrow what it did today, whatever core later adds. A later change
 * to a set is a new migration; db/check-constraints.test.ts fails until the
 * database accepts exactly what the TypeScript unions say.
 */
const GIFT_TYPES = ["one_off", "memorial", "membership", "monthly", "extra", "digital_greeting", "gift_card", "gift_certificate", "diploma"];
const GIFT_STATUSES = ["awaiting_payment", "paid", "refunded"];
const PAYMENT_STATUSES = ["created", "pending", "paid", "declined", "failed", "cancelled", "expired", "refunded"];
const PAYMENT_METHODS = ["swish", "card", "invoice", "autogiro", "bank"];
const PROVIDERS = ["HLFSwish", "Mondido", "Invoice", "Drip", "Brite"];
const TRANSITION_SOURCES = ["api", "callback", "poll", "reconcile", "donor", "import", "staff", "seed"];
const ORDER_KINDS = ["single_order", "list_order"];
const ORDER_ITEM_KINDS = ["memorial_sheet", "greeting_card", "gift_card", "gift_certificate", "diploma", "article"];
const ORDER_CHANNELS = ["email", "post", "download", "funeral_parlour"];
const ORDER_ITEM_STATUSES = ["created", "ready", "sent", "failed", "cancelled"];
const ORDER_TRANSITION_SOURCES = ["payment", "delivery", "staff", "donor", "system"];

const OLD_TO_NEW_GIFT_TYPE: Readonly<Record<string, string>> = {
  regular_gift: "one_off",
  memorial_gift: "memorial",
  membership_gift: "membership",
  monthly_gift: "monthly",
  // A raise of a monthly gift was never a gift of its own kind: it is a monthly gift of the new amount.
  monthly_gift_increase: "monthly",
  extra_gift: "extra",
};

export function up0006(engine: Engine) {
  return async (db: Kysely<unknown>): Promise<void> => {
    for (const [from, to] of Object.entries(OLD_TO_NEW_GIFT_TYPE)) {
      await sql`update gifts set gift_type = ${to} where gift_type = ${from}`.execute(db);
    }
    await db.schema.alterTable("gifts").addColumn("donor_id", "text", (c) => c.references("donors.id")).execute();
    await sql`update gifts set donor_id = (select d.id from donors d where d.personnummer = gifts.donor_personnummer)
              where donor_personnummer is not null`.execute(db);
    // Donors known only by e-mail (a My data link, no personnummer) own the gifts given with that e-mail and no number, as gift-history has always read them.
    await sql`update gifts set donor_id = (select min(d.id) from donors d where d.personnummer is null and d.email = gifts.donor_email)
              where donor_id is null and donor_personnummer is null`.execute(db);
    await db.schema.createIndex("gifts_donor_idx").on("gifts").column("donor_id").execute();

    await addCheckConstraints(db, engine, "gifts", {
      gifts_gift_type_check: oneOf("gift_type", GIFT_TYPES),
      gifts_status_check: oneOf("status", GIFT_STATUSES),
      gifts_amount_check: "amount_ore > 0",
    });
    await addCheckConstraints(db, engine, "payments", {
      payments_status_check: oneOf("status", PAYMENT_STATUSES),
      payments_method_check: oneOf("method", PAYMENT_METHODS),
      payments_provider_check: oneOf("provider", PROVIDERS),
      payments_amount_check: "amount_ore > 0",
    });
    await addCheckConstraints(db, engine, "payment_events", {
      payment_events_from_status_check: oneOf("from_status", PAYMENT_STATUSES, { nullable: true }),
      payment_events_to_status_check: oneOf("to_status", PAYMENT_STATUSES),
      payment_events_source_check: oneOf("source", TRANSITION_SOURCES),
    });
    await addCheckConstraints(db, engine, "bankid_orders", {
      bankid_orders_kind_check: oneOf("kind", ["auth", "sign"]),
      bankid_orders_status_check: oneOf("status", ["pending", "failed", "complete"]),
    });

    await db.schema
      .createTable("orders")
      .addColumn("id", "text", (c) => c.primaryKey())
      // One order per gift: the gift pays for everything the order produces.
      .addColumn("gift_id", "text", (c) => c.notNull().unique().references("gifts.id"))
      .addColumn("kind", "text", (c) => c.notNull().check(sql.raw(oneOf("kind", ORDER_KINDS))))
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();

    await db.schema
      .createTable("order_items")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
      .addColumn("reference", "text", (c) => c.notNull().unique())
      .addColumn("kind", "text", (c) => c.notNull().check(sql.raw(oneOf("kind", ORDER_ITEM_KINDS))))
      .addColumn("design", "text")
      .addColumn("content", "text", (c) => c.notNull())
      .addColumn("recipient_name", "text", (c) => c.notNull())
      .addColumn("recipient_email", "text")
      .addColumn("recipient_street", "text")
      .addColumn("recipient_postal_code", "text")
      .addColumn("recipient_city", "text")
      .addColumn("channel", "text", (c) => c.notNull().check(sql.raw(oneOf("channel", ORDER_CHANNELS))))
      .addColumn("due_date", "text")
      .addColumn("send_at", "text")
      .addColumn("status", "text", (c) => c.notNull().check(sql.raw(oneOf("status", ORDER_ITEM_STATUSES))))
      .addColumn("sent_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("order_items_order_idx").on("order_items").column("order_id").execute();
    // The fulfilment queue: what is ready, by the date it must arrive.
    await db.schema.createIndex("order_items_queue_idx").on("order_items").columns(["status", "channel", "due_date"]).execute();

    const id = autoIncrementPrimaryKey(engine);
    await db.schema
      .createTable("order_events")
      .addColumn("id", id.type, id.build)
      .addColumn("order_item_id", "text", (c) => c.notNull().references("order_items.id"))
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("from_status", "text", (c) => c.check(sql.raw(oneOf("from_status", ORDER_ITEM_STATUSES, { nullable: true }))))
      .addColumn("to_status", "text", (c) => c.notNull().check(sql.raw(oneOf("to_status", ORDER_ITEM_STATUSES))))
      .addColumn("source", "text", (c) => c.notNull().check(sql.raw(oneOf("source", ORDER_TRANSITION_SOURCES))))
      .addColumn("data", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("order_events_item_idx").on("order_events").column("order_item_id").execute();

    await assertForeignKeysHold(db, engine);
  };
}
