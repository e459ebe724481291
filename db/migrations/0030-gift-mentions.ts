import { sql, type Kysely } from "kysely";

/**
 * A giver's own choice to be named on the live pages (issue #33): "Visa mitt
 * förnamn och ort på insamlingssidan", off unless ticked. One row per gift
 * that chose it, holding only what is shown – the first name and the place
 * the giver typed – and nothing for the others. Deleted with the gift, and
 * by an erasure (core/my-data). The live pages join it to paid gifts by
 * `gifts(status, paid_at)` (migration 0021) and its primary key.
 */
export async function up0030(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("gift_mentions")
    .addColumn("gift_id", "text", (c) => c.primaryKey().references("gifts.id").onDelete("cascade"))
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("place", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint("gift_mentions_first_name_length", sql`length(first_name) between 1 and 60`)
    .execute();
}
