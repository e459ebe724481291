import type { Kysely } from "kysely";

/**
 * A visitor's report of a team's page (decision 0055), kept as a
 * fundraiser's report is (`fundraiser_reports`, migration 0031) in a table
 * of the team's own: a team is not a fundraiser (decision 0052), and making
 * `fundraiser_reports.fundraiser_id` nullable for a second kind of page
 * would mean a SQLite table rebuild. Staff mark a report handled (or it is
 * handled when they hide the team); nothing about the visitor is stored.
 */
export async function up0036(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("fundraiser_team_reports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("team_id", "text", (c) => c.notNull().references("fundraiser_teams.id"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("handled_at", "text")
    .addColumn("handled_by", "text")
    .execute();
  await db.schema.createIndex("fundraiser_team_reports_team_idx").on("fundraiser_team_reports").column("team_id").execute();
}
