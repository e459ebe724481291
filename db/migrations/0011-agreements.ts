import { sql, type Kysely } from "kysely";
import { autoIncrementPrimaryKey, oneOf, type Engine } from "../dialect";

/**
 * Agreements – a promise to give again (monthly gift, membership) – with
 * their events, Bankgirot mandates, the requests waiting for the next autogiro
 * file, and every file exchanged with Bankgirot (decision 0012, Agreements;
 * decision 0017). Each debit is a gift with `agreement_id` and `debit_on`.
 *
 * The sets are written out here, not imported from core: a migration must do
 * tomorrow what it did today (db/check-constraints.test.ts compares them with
 * the unions in core/agreements/agreement-status.ts).
 */
const AGREEMENT_KINDS = ["monthly_gift", "membership"];
const AGREEMENT_INTERVALS = ["monthly", "yearly"];
const AGREEMENT_METHODS = ["autogiro", "card"];
const AGREEMENT_STATUSES = ["pending", "active", "paused", "cancelled", "refused"];
const AGREEMENT_EVENT_TYPES = ["created", "activated", "amount_changed", "day_changed", "paused", "resumed", "cancelled", "refused", "debit_failed"];
const AGREEMENT_EVENT_SOURCES = ["donor", "bankgirot", "staff", "system"];
const MANDATE_STATUSES = ["requested", "approved", "refused", "cancelled"];
const PROVIDER_FILE_DIRECTIONS = ["in", "out"];
const PROVIDER_FILE_STATUSES = ["writing", "sent", "processed", "rejected"];
const AUTOGIRO_REQUEST_KINDS = ["new_mandate", "cancel_mandate", "payment", "cancel_payments"];

export function up0011(engine: Engine) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("mandates")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("donor_id", "text", (c) => c.notNull().references("donors.id"))
      // Bankgirot's betalarnummer: ours to choose, random digits, never the personnummer.
      .addColumn("payer_number", "text", (c) => c.notNull().unique())
      .addColumn("clearing", "text", (c) => c.notNull())
      .addColumn("account", "text", (c) => c.notNull())
      .addColumn("bank_name", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().check(sql.raw(oneOf("status", MANDATE_STATUSES))))
      .addColumn("reason_code", "text")
      .addColumn("reason_text", "text")
      .addColumn("signed_at", "text", (c) => c.notNull())
      // The BankID order that signed the mandate (its signature is kept with the order).
      .addColumn("signature_ref", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("mandates_donor_idx").on("mandates").column("donor_id").execute();

    await db.schema
      .createTable("agreements")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("donor_id", "text", (c) => c.notNull().references("donors.id"))
      .addColumn("kind", "text", (c) => c.notNull().check(sql.raw(oneOf("kind", AGREEMENT_KINDS))))
      .addColumn("amount_ore", "integer", (c) => c.notNull().check(sql`amount_ore > 0`))
      .addColumn("interval", "text", (c) => c.notNull().check(sql.raw(oneOf("interval", AGREEMENT_INTERVALS))))
      .addColumn("debit_day", "integer", (c) => c.notNull().check(sql`debit_day between 1 and 28`))
      .addColumn("method", "text", (c) => c.notNull().check(sql.raw(oneOf("method", AGREEMENT_METHODS))))
      .addColumn("mandate_id", "text", (c) => c.references("mandates.id"))
      .addColumn("card_subscription_ref", "text")
      .addColumn("status", "text", (c) => c.notNull().check(sql.raw(oneOf("status", AGREEMENT_STATUSES))))
      .addColumn("starts_on", "text", (c) => c.notNull())
      .addColumn("paused_until", "text")
      // The next debit not yet requested from Bankgirot (null once cancelled or refused).
      .addColumn("next_debit_on", "text")
      .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("agreements_donor_idx").on("agreements").column("donor_id").execute();
    await db.schema.createIndex("agreements_due_idx").on("agreements").columns(["status", "next_debit_on"]).execute();

    const id = autoIncrementPrimaryKey(engine);
    await db.schema
      .createTable("agreement_events")
      .addColumn("id", id.type, id.build)
      .addColumn("agreement_id", "text", (c) => c.notNull().references("agreements.id"))
      .addColumn("type", "text", (c) => c.notNull().check(sql.raw(oneOf("type", AGREEMENT_EVENT_TYPES))))
      .addColumn("from_status", "text", (c) => c.check(sql.raw(oneOf("from_status", AGREEMENT_STATUSES, { nullable: true }))))
      .addColumn("to_status", "text", (c) => c.notNull().check(sql.raw(oneOf("to_status", AGREEMENT_STATUSES))))
      // The first debit the change affects; the donor is told the same date.
      .addColumn("applies_from", "text")
      .addColumn("data", "text")
      .addColumn("source", "text", (c) => c.notNull().check(sql.raw(oneOf("source", AGREEMENT_EVENT_SOURCES))))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("agreement_events_agreement_idx").on("agreement_events").column("agreement_id").execute();

    await db.schema
      .createTable("provider_files")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("provider", "text", (c) => c.notNull().check(sql.raw(oneOf("provider", ["Drip"]))))
      .addColumn("direction", "text", (c) => c.notNull().check(sql.raw(oneOf("direction", PROVIDER_FILE_DIRECTIONS))))
      .addColumn("layout", "text", (c) => c.notNull())
      .addColumn("file_name", "text", (c) => c.notNull())
      // A file read twice books nothing twice; an outgoing file's hash is set once written.
      .addColumn("sha256", "text", (c) => c.unique())
      .addColumn("status", "text", (c) => c.notNull().check(sql.raw(oneOf("status", PROVIDER_FILE_STATUSES))))
      .addColumn("summary", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("processed_at", "text")
      .execute();

    await db.schema
      .createTable("autogiro_requests")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("kind", "text", (c) => c.notNull().check(sql.raw(oneOf("kind", AUTOGIRO_REQUEST_KINDS))))
      .addColumn("mandate_id", "text", (c) => c.notNull().references("mandates.id"))
      .addColumn("payment_id", "text", (c) => c.references("payments.id"))
      // The AutogiroRequest (core/autogiro/autogiro-messages.ts) as JSON, exactly as it will be written.
      .addColumn("request", "text", (c) => c.notNull())
      // Null until the request is in a file.
      .addColumn("provider_file_id", "text", (c) => c.references("provider_files.id"))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("autogiro_requests_file_idx").on("autogiro_requests").column("provider_file_id").execute();

    await db.schema.alterTable("gifts").addColumn("agreement_id", "text", (c) => c.references("agreements.id")).execute();
    // The date Bankgirot debits an agreement's gift.
    await db.schema.alterTable("gifts").addColumn("debit_on", "text").execute();
    await db.schema.createIndex("gifts_agreement_idx").on("gifts").columns(["agreement_id", "debit_on"]).execute();
  };
}
