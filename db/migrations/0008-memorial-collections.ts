import { sql, type Kysely } from "kysely";
import { oneOf } from "../dialect";

/**
 * Memorial collections (minnesinsamlingar, decision 0019): a page for one
 * deceased person, opened by the family or a funeral parlour, where anyone
 * gives a memorial gift with the person already chosen. Each gift given there
 * is linked to the collection by a row of its own, stored in the gift's
 * transaction, with what the giver allowed the page to show.
 *
 * The sets are written out (a migration must do tomorrow what it did today);
 * db/check-constraints.test.ts keeps them equal to core's unions.
 */
const ORGANISER_KINDS = ["family", "funeral_parlour"];
const COLLECTION_STATUSES = ["open", "closed"];
const SHEET_DESIGNS = ["lilja", "ljus", "duva", "hjarta"];
const yesNo = (column: string) => sql.raw(`${column} in (0, 1)`);

export async function up0008(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("memorial_collections")
    .addColumn("id", "text", (c) => c.primaryKey())
    // The page's address: unguessable by default, or chosen (core/memorial/collection-slug.ts checks the format).
    .addColumn("slug", "text", (c) => c.notNull().unique().check(sql`length(slug) between 3 and 60 and slug = lower(slug)`))
    .addColumn("memorial_id", "text", (c) => c.notNull().references("memorials.id"))
    .addColumn("organiser_kind", "text", (c) => c.notNull().check(sql.raw(oneOf("organiser_kind", ORGANISER_KINDS))))
    .addColumn("organiser_name", "text", (c) => c.notNull())
    .addColumn("organiser_email", "text", (c) => c.notNull())
    // A few words from the family at the top of the page ("I stället för blommor…"); null for none.
    .addColumn("message", "text")
    .addColumn("design", "text", (c) => c.notNull().check(sql.raw(oneOf("design", SHEET_DESIGNS))))
    // Whether the page shows the names and greetings of those who allowed it (the family's choice).
    .addColumn("show_greetings", "integer", (c) => c.notNull().check(yesNo("show_greetings")))
    // Whether the page shows the running total (the family's choice).
    .addColumn("show_total", "integer", (c) => c.notNull().check(yesNo("show_total")))
    .addColumn("status", "text", (c) => c.notNull().check(sql.raw(oneOf("status", COLLECTION_STATUSES))))
    // The id (jti) of the one signed manage link that works; a new link replaces it.
    .addColumn("manage_token_id", "text", (c) => c.notNull())
    .addColumn("closed_at", "text")
    // When the combined PDF of every sheet was e-mailed to the organiser.
    .addColumn("sheets_sent_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint(
      "memorial_collections_closed_check",
      sql`(status = 'open' and closed_at is null) or (status = 'closed' and closed_at is not null)`,
    )
    .execute();
  await db.schema.createIndex("memorial_collections_memorial_idx").on("memorial_collections").column("memorial_id").execute();

  await db.schema
    .createTable("memorial_collection_gifts")
    .addColumn("gift_id", "text", (c) => c.primaryKey().references("gifts.id"))
    .addColumn("collection_id", "text", (c) => c.notNull().references("memorial_collections.id"))
    // The giver allowed their name (the sheet's signature) and greeting on the page.
    .addColumn("show_on_page", "integer", (c) => c.notNull().check(yesNo("show_on_page")))
    // The giver allowed the amount to be shown (on the sheet, and on the page with their greeting).
    .addColumn("show_amount", "integer", (c) => c.notNull().check(yesNo("show_amount")))
    // The organiser hid this greeting from the page; it stays on the family's sheets.
    .addColumn("hidden_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("memorial_collection_gifts_collection_idx").on("memorial_collection_gifts").column("collection_id").execute();
}
