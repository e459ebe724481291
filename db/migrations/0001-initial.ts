import type { Kysely } from "kysely";
import type { Engine } from "../dialect";
import { autoIncrementPrimaryKey } from "../dialect";

export function up0001(engine: Engine) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("gifts")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("order_reference", "text", (c) => c.notNull().unique())
      .addColumn("gift_type", "text", (c) => c.notNull())
      .addColumn("amount_ore", "bigint", (c) => c.notNull())
      .addColumn("donor_name", "text", (c) => c.notNull())
      .addColumn("donor_email", "text", (c) => c.notNull())
      .addColumn("donor_personnummer", "text")
      .addColumn("newsletter_consent", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("paid_at", "text")
      .execute();
    await db.schema.createIndex("gifts_personnummer_idx").on("gifts").column("donor_personnummer").execute();

    await db.schema
      .createTable("payments")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("gift_id", "text", (c) => c.notNull().references("gifts.id"))
      .addColumn("method", "text", (c) => c.notNull())
      .addColumn("provider", "text", (c) => c.notNull())
      .addColumn("provider_reference", "text")
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("amount_ore", "bigint", (c) => c.notNull())
      .addColumn("payer_alias", "text")
      .addColumn("client_token", "text")
      .addColumn("error_code", "text")
      .addColumn("last_checked_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("paid_at", "text")
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("payments_gift_idx").on("payments").column("gift_id").execute();
    await db.schema.createIndex("payments_status_idx").on("payments").columns(["status", "expires_at"]).execute();
    await db.schema
      .createIndex("payments_provider_ref_idx")
      .on("payments")
      .columns(["provider", "provider_reference"])
      .unique()
      .execute();

    await db.schema
      .createTable("payment_events")
      .addColumn("id", autoIncrementPrimaryKey(engine).type, autoIncrementPrimaryKey(engine).build)
      .addColumn("payment_id", "text", (c) => c.notNull().references("payments.id"))
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("from_status", "text")
      .addColumn("to_status", "text", (c) => c.notNull())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("data", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("payment_events_payment_idx").on("payment_events").column("payment_id").execute();

    await db.schema
      .createTable("jobs")
      .addColumn("id", autoIncrementPrimaryKey(engine).type, autoIncrementPrimaryKey(engine).build)
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("dedupe_key", "text", (c) => c.unique())
      .addColumn("payload", "text", (c) => c.notNull())
      .addColumn("run_at", "text", (c) => c.notNull())
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("locked_until", "text")
      .addColumn("done_at", "text")
      .addColumn("last_error", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("jobs_due_idx").on("jobs").columns(["done_at", "run_at"]).execute();

    await db.schema
      .createTable("kv_entries")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
  };
}
