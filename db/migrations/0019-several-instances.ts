import type { Kysely } from "kysely";

/**
 * Rate-limit counters shared by every instance (decision 0029): one row per
 * limit and visitor, holding the visitor's current window. The visitor (an
 * address, a phone number, a donor id) is kept only as a SHA-256, and a row is
 * pruned once its window has ended, so the table holds only open windows. The default
 * single process on SQLite counts in memory and never writes here; the table
 * exists on both engines so the store can be tested on both.
 *
 * `payments.restarted_at` marks a Swish start cut short by a crash as being
 * finished (core/payments/payment-service.ts), so that two starts of the same
 * gift – on two instances – do not both send it to Swish again.
 */
export async function up0019(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limit_counters")
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull())
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limit_counters_pkey", ["bucket", "key_hash"])
    .execute();
  await db.schema.createIndex("rate_limit_counters_expires_idx").on("rate_limit_counters").column("expires_at").execute();

  // When a Swish start cut short by a crash was last taken up again: the claim
  // that keeps two instances (or two requests) from both sending it to Swish.
  await db.schema.alterTable("payments").addColumn("restarted_at", "text").execute();
}
