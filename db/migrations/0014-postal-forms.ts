import { sql, type Kysely } from "kysely";
import { oneOf } from "../dialect";

/**
 * Paper forms by post and links printed on letters (decision 0023).
 *
 * `postal_form_requests`: a form someone ordered by post (POST /api/PostalForm).
 * It is no order item: an order belongs to a gift and a gift is money, while
 * a form costs the person nothing. It has its own small table, which the
 * fulfilment queue lists beside the order items. `address_key` is the postal
 * address normalised (core/postal-forms/postal-address-key.ts), indexed with
 * the time for the limit on requests to one address.
 *
 * `letter_links`: a reference printed on a letter (a link or QR code) that
 * opens a form pre-filled with the donor's name and address
 * (GET /api/donor/{reference}). Only the SHA-256 of the reference is kept, as
 * the key it is looked up by: a copy of the table opens nothing. Links go
 * with their donor when the donor is erased (cascade).
 *
 * The sets are written out (a migration must do tomorrow what it did today);
 * db/check-constraints.test.ts keeps them equal to core's unions.
 */
const POSTAL_FORM_KINDS = ["autogiro_mandate", "membership", "payin_slips"];
const POSTAL_FORM_STATUSES = ["ready", "sent"];

export async function up0014(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("postal_form_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull().check(sql.raw(oneOf("kind", POSTAL_FORM_KINDS))))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("street", "text", (c) => c.notNull())
    // "123 45", as printed on the envelope.
    .addColumn("postal_code", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    // For the confirmation e-mail only; null when none was given.
    .addColumn("email", "text")
    .addColumn("address_key", "text", (c) => c.notNull())
    // YYYY-MM-DD (Swedish date) by which it should arrive, as told to the person.
    .addColumn("expected_by", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql.raw(oneOf("status", POSTAL_FORM_STATUSES))))
    .addColumn("sent_at", "text")
    // Who posted it: `staff:{id}` from the back office, the user name from the command line.
    .addColumn("sent_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("postal_form_requests_address_idx").on("postal_form_requests").columns(["address_key", "created_at"]).execute();
  // The fulfilment queue: what is ready, by the date it should arrive.
  await db.schema.createIndex("postal_form_requests_queue_idx").on("postal_form_requests").columns(["status", "expected_by"]).execute();

  await db.schema
    .createTable("letter_links")
    // SHA-256 (hex) of the reference printed on the letter; the reference itself is never stored.
    .addColumn("reference_hash", "text", (c) => c.primaryKey())
    .addColumn("donor_id", "text", (c) => c.notNull().references("donors.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("letter_links_donor_idx").on("letter_links").column("donor_id").execute();
}
