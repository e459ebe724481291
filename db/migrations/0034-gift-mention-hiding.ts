import type { Kysely } from "kysely";

/**
 * Staff hiding a giver's name on the gala (issue #33, decision 0054): a name
 * that is offensive, or a giver who regrets it. The row stays (the gift still
 * counts and an erasure still finds it); `hidden_at` takes it off /gala and
 * the live stream, `hidden_by` says which staff member did it (also in the
 * audit log). Showing it again clears both.
 */
export async function up0034(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("gift_mentions").addColumn("hidden_at", "text").execute();
  await db.schema.alterTable("gift_mentions").addColumn("hidden_by", "text").execute();
}
