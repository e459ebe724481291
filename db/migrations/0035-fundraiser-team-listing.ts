import { sql, type Kysely } from "kysely";

/**
 * A team's organiser chooses whether the team is shown in the list at
 * /insamlingar once staff have read it, as a fundraiser's organiser does
 * (decision 0052, amended). Teams started before the choice existed were
 * never asked, so they stay out of the list (0) until their organiser or
 * staff say otherwise.
 */
export async function up0035(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("fundraiser_teams")
    .addColumn("listed", "integer", (c) => c.notNull().defaultTo(0).check(sql.raw("listed in (0, 1)")))
    .execute();
}
