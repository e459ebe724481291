import { sql, type Kysely } from "kysely";
import { oneOf } from "../dialect";

/**
 * Refunds through the provider's API (decision 0027). One row per refund
 * asked of Swish or Mondido, written – with its idempotency key and, for
 * Swish, the instruction id it will be sent under – before the provider is
 * called, so that neither a repeated click nor a crash between the call and
 * the answer's write can send a second refund.
 *
 * `payment_refunds_one_live` lets a payment have one refund that is not
 * `refused` (full refunds only): a second request finds the first. A refused
 * one may be followed by a new try.
 *
 * The set is written out (a migration must do tomorrow what it did today);
 * db/check-constraints.test.ts keeps it equal to core's union.
 */
const REFUND_STATUSES = ["requested", "sending", "sent", "confirmed", "refused"];

export async function up0017(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payment_refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payment_id", "text", (c) => c.notNull().references("payments.id"))
    .addColumn("provider", "text", (c) => c.notNull())
    // From the staff member's form (one per form shown): the same submission twice is one refund.
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    // Swish: our instruction id, chosen before the call. Mondido: its refund id, known after.
    .addColumn("provider_reference", "text")
    .addColumn("status", "text", (c) => c.notNull().check(sql.raw(oneOf("status", REFUND_STATUSES))))
    .addColumn("amount_ore", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    // `staff:{id}`.
    .addColumn("requested_by", "text", (c) => c.notNull())
    .addColumn("error_code", "text")
    .addColumn("error_message", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await sql`create unique index payment_refunds_one_live on payment_refunds (payment_id) where status <> 'refused'`.execute(db);
  await db.schema.createIndex("payment_refunds_open_idx").on("payment_refunds").columns(["status", "updated_at"]).execute();
}
