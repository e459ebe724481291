import { sql, type Kysely } from "kysely";
import { oneOf } from "../dialect";

/**
 * Teams and the thank-you when a fundraiser ends (issue #32, decision 0052).
 *
 * - `fundraiser_teams`: a team page (/insamling/lag/{slug}) that sums its
 *   members' pages. It is not a fundraiser – it takes no gifts of its own – so
 *   it has a table of its own rather than a kind in `fundraisers` (whose kind
 *   and title/picture checks say "a page people give on"). It has what a
 *   fundraiser's organiser and staff need alike: an address, the organiser
 *   (the donor when they used BankID), staff review, hiding, open/closed (a
 *   closed team takes no new members) and the manage link's id.
 * - `fundraisers.team_id`: the team a personal fundraiser belongs to (a
 *   memorial collection never does; core keeps that).
 * - `fundraisers.thank_you_text`: what the organiser wrote to every giver
 *   when closing (null: the default text); `thanked_at`: when the thank-you
 *   e-mails were queued, set in the transaction that queues them, so the
 *   thank-you goes out once however often the job runs.
 *
 * The sets are written out (a migration must do tomorrow what it did today);
 * db/check-constraints.test.ts keeps them equal to core's unions.
 */
const REVIEWS = ["pending", "approved", "refused"];
const STATUSES = ["open", "closed"];

export async function up0032(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("fundraiser_teams")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique().check(sql`length(slug) between 3 and 60 and slug = lower(slug)`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("goal_ore", "integer", (c) => c.check(sql`goal_ore is null or goal_ore > 0`))
    .addColumn("organiser_name", "text", (c) => c.notNull())
    .addColumn("organiser_email", "text", (c) => c.notNull())
    // The donor who started it logged in with BankID; null when they identified by the e-mailed link.
    .addColumn("organiser_donor_id", "text", (c) => c.references("donors.id").onDelete("set null"))
    .addColumn("review", "text", (c) => c.notNull().check(sql.raw(oneOf("review", REVIEWS))))
    .addColumn("review_reason", "text")
    .addColumn("reviewed_at", "text")
    .addColumn("reviewed_by", "text")
    .addColumn("confirmed_at", "text")
    .addColumn("hidden_at", "text")
    .addColumn("hidden_reason", "text")
    .addColumn("status", "text", (c) => c.notNull().check(sql.raw(oneOf("status", STATUSES))))
    .addColumn("closed_at", "text")
    .addColumn("manage_token_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("fundraiser_teams_closed_check", sql`(status = 'open' and closed_at is null) or (status = 'closed' and closed_at is not null)`)
    .execute();
  await db.schema.createIndex("fundraiser_teams_review_idx").on("fundraiser_teams").columns(["review", "created_at"]).execute();
  await db.schema.createIndex("fundraiser_teams_organiser_idx").on("fundraiser_teams").column("organiser_donor_id").execute();

  await db.schema.alterTable("fundraisers").addColumn("team_id", "text", (c) => c.references("fundraiser_teams.id")).execute();
  await db.schema.alterTable("fundraisers").addColumn("thank_you_text", "text").execute();
  await db.schema.alterTable("fundraisers").addColumn("thanked_at", "text").execute();
  await db.schema.createIndex("fundraisers_team_idx").on("fundraisers").column("team_id").execute();
  // Mina sidor lists an organiser's pages; the end-date sweep finds open pages past their date.
  await db.schema.createIndex("fundraisers_organiser_idx").on("fundraisers").column("organiser_donor_id").execute();
  await db.schema.createIndex("fundraisers_open_ends_idx").on("fundraisers").columns(["status", "ends_on"]).execute();
}
