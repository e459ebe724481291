import { sql, type Kysely } from "kysely";
import { oneOf } from "../dialect";

/**
 * Fundraisers (insamlingar, decision 0050): one table for every page where
 * people give together. Memorial collections (migration 0008, decision 0019)
 * become the kind `memorial`, their rows and their gifts' rows moved over with
 * every value; personal fundraisers (birthday, wedding, challenge, in honour,
 * other) are the other kinds, with a title, a picture from the site's own, a
 * goal, an end date, staff review before they are listed, and the organiser's
 * updates, offline gifts and visitors' reports beside them.
 *
 * A memorial-only column (the person, who opened it, the sheet design) is set
 * exactly when the kind is `memorial`; a personal fundraiser's title and
 * picture exactly when it is not. The sets are written out (a migration must
 * do tomorrow what it did today); db/check-constraints.test.ts keeps them
 * equal to core's unions.
 */
const KINDS = ["memorial", "birthday", "wedding", "challenge", "in_honour", "other"];
const ORGANISER_KINDS = ["family", "funeral_parlour"];
const STATUSES = ["open", "closed"];
const REVIEWS = ["pending", "approved", "refused"];
const SHEET_DESIGNS = ["lilja", "ljus", "duva", "hjarta"];
const PICTURES = ["hjarta", "ballonger", "ringar", "lopare", "blomma", "lungor"];
const yesNo = (column: string) => sql.raw(`${column} in (0, 1)`);
const MEMORIAL_COLUMNS = ["memorial_id", "organiser_kind", "design"];
const PERSONAL_COLUMNS = ["title", "picture"];

export async function up0031(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("fundraisers")
    .addColumn("id", "text", (c) => c.primaryKey())
    // The page's address (core/memorial/collection-slug.ts checks the format).
    .addColumn("slug", "text", (c) => c.notNull().unique().check(sql`length(slug) between 3 and 60 and slug = lower(slug)`))
    .addColumn("kind", "text", (c) => c.notNull().check(sql.raw(oneOf("kind", KINDS))))
    .addColumn("title", "text")
    .addColumn("memorial_id", "text", (c) => c.references("memorials.id"))
    .addColumn("organiser_kind", "text", (c) => c.check(sql.raw(oneOf("organiser_kind", ORGANISER_KINDS, { nullable: true }))))
    .addColumn("organiser_name", "text", (c) => c.notNull())
    .addColumn("organiser_email", "text", (c) => c.notNull())
    // The donor who started it logged in with BankID; null when they identified by the e-mailed link.
    .addColumn("organiser_donor_id", "text", (c) => c.references("donors.id").onDelete("set null"))
    // The purpose text at the top of the page; null for none.
    .addColumn("message", "text")
    .addColumn("design", "text", (c) => c.check(sql.raw(oneOf("design", SHEET_DESIGNS, { nullable: true }))))
    .addColumn("picture", "text", (c) => c.check(sql.raw(oneOf("picture", PICTURES, { nullable: true }))))
    .addColumn("goal_ore", "integer", (c) => c.check(sql`goal_ore is null or goal_ore > 0`))
    // The last day gifts are taken (Swedish date, YYYY-MM-DD); null for none.
    .addColumn("ends_on", "text")
    // Listed at /insamlingar once approved (the organiser's choice); otherwise only by its address.
    .addColumn("listed", "integer", (c) => c.notNull().check(yesNo("listed")))
    .addColumn("review", "text", (c) => c.notNull().check(sql.raw(oneOf("review", REVIEWS))))
    .addColumn("review_reason", "text")
    .addColumn("reviewed_at", "text")
    .addColumn("reviewed_by", "text")
    // When the organiser showed they own the address (the e-mailed link opened, or BankID at once); a page nobody confirmed is not shown.
    .addColumn("confirmed_at", "text")
    // Staff hid the page (a report upheld); the reason is for staff.
    .addColumn("hidden_at", "text")
    .addColumn("hidden_reason", "text")
    .addColumn("show_greetings", "integer", (c) => c.notNull().check(yesNo("show_greetings")))
    .addColumn("show_total", "integer", (c) => c.notNull().check(yesNo("show_total")))
    .addColumn("status", "text", (c) => c.notNull().check(sql.raw(oneOf("status", STATUSES))))
    .addColumn("manage_token_id", "text", (c) => c.notNull())
    .addColumn("closed_at", "text")
    .addColumn("sheets_sent_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("fundraisers_closed_check", sql`(status = 'open' and closed_at is null) or (status = 'closed' and closed_at is not null)`)
    .addCheckConstraint(
      "fundraisers_memorial_check",
      sql.raw(
        `(kind = 'memorial' and ${MEMORIAL_COLUMNS.map((c) => `${c} is not null`).join(" and ")} and ${PERSONAL_COLUMNS.map((c) => `${c} is null`).join(" and ")})` +
          ` or (kind <> 'memorial' and ${MEMORIAL_COLUMNS.map((c) => `${c} is null`).join(" and ")} and ${PERSONAL_COLUMNS.map((c) => `${c} is not null`).join(" and ")})`,
      ),
    )
    .execute();
  await db.schema.createIndex("fundraisers_memorial_idx").on("fundraisers").column("memorial_id").execute();
  await db.schema.createIndex("fundraisers_review_idx").on("fundraisers").columns(["review", "created_at"]).execute();

  await db.schema
    .createTable("fundraiser_gifts")
    .addColumn("gift_id", "text", (c) => c.primaryKey().references("gifts.id"))
    .addColumn("fundraiser_id", "text", (c) => c.notNull().references("fundraisers.id"))
    // The giver allowed their name and greeting on the page (otherwise the wall says "Anonym").
    .addColumn("show_on_page", "integer", (c) => c.notNull().check(yesNo("show_on_page")))
    .addColumn("show_amount", "integer", (c) => c.notNull().check(yesNo("show_amount")))
    // A personal fundraiser's wall: the name and greeting the giver wrote (a memorial gift's are on its sheet).
    .addColumn("display_name", "text")
    .addColumn("greeting", "text")
    // The giver asked for the organiser's updates by e-mail.
    .addColumn("wants_updates", "integer", (c) => c.notNull().defaultTo(0).check(yesNo("wants_updates")))
    // The organiser (or staff) hid this greeting from the page.
    .addColumn("hidden_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("fundraiser_gifts_fundraiser_idx").on("fundraiser_gifts").column("fundraiser_id").execute();

  await sql`insert into fundraisers (id, slug, kind, title, memorial_id, organiser_kind, organiser_name, organiser_email, organiser_donor_id, message, design, picture,
              goal_ore, ends_on, listed, review, review_reason, reviewed_at, reviewed_by, confirmed_at, hidden_at, hidden_reason, show_greetings, show_total, status,
              manage_token_id, closed_at, sheets_sent_at, created_at, updated_at)
            select id, slug, 'memorial', null, memorial_id, organiser_kind, organiser_name, organiser_email, null, message, design, null,
              null, null, 0, 'approved', null, null, null, created_at, null, null, show_greetings, show_total, status,
              manage_token_id, closed_at, sheets_sent_at, created_at, updated_at
            from memorial_collections`.execute(db);
  await sql`insert into fundraiser_gifts (gift_id, fundraiser_id, show_on_page, show_amount, display_name, greeting, wants_updates, hidden_at, created_at)
            select gift_id, collection_id, show_on_page, show_amount, null, null, 0, hidden_at, created_at from memorial_collection_gifts`.execute(db);
  await db.schema.dropTable("memorial_collection_gifts").execute();
  await db.schema.dropTable("memorial_collections").execute();

  // Gifts given outside the site (cash at the party, a Swish to the organiser) that the organiser adds to the total: never a gift row, never in tax data.
  await db.schema
    .createTable("fundraiser_offline_gifts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("fundraiser_id", "text", (c) => c.notNull().references("fundraisers.id"))
    .addColumn("amount_ore", "integer", (c) => c.notNull().check(sql`amount_ore > 0`))
    .addColumn("display_name", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("fundraiser_offline_gifts_fundraiser_idx").on("fundraiser_offline_gifts").column("fundraiser_id").execute();

  await db.schema
    .createTable("fundraiser_updates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("fundraiser_id", "text", (c) => c.notNull().references("fundraisers.id"))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("fundraiser_updates_fundraiser_idx").on("fundraiser_updates").column("fundraiser_id").execute();

  // A visitor's "report this page": waits for staff, who mark it handled.
  await db.schema
    .createTable("fundraiser_reports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("fundraiser_id", "text", (c) => c.notNull().references("fundraisers.id"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("handled_at", "text")
    .addColumn("handled_by", "text")
    .execute();
  await db.schema.createIndex("fundraiser_reports_fundraiser_idx").on("fundraiser_reports").column("fundraiser_id").execute();
}
