import type { Kysely } from "kysely";

/**
 * The person a memorial gift remembers, as a death notice shows them (never a
 * personnummer, an address or relatives), once per person from the source so
 * that every gift in their memory points at the same row; or as the donor
 * typed them when the source did not have them. Memorial collections add to
 * this table when they are built.
 */
export async function up0007(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("memorials")
    .addColumn("id", "text", (c) => c.primaryKey())
    // The source's id for the person; null when typed by hand.
    .addColumn("source_id", "text", (c) => c.unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("birth_year", "integer")
    .addColumn("date_of_death", "text", (c) => c.notNull())
    .addColumn("home_town", "text", (c) => c.notNull())
    .addColumn("funeral_date", "text")
    .addColumn("funeral_parlour_source_id", "text")
    .addColumn("funeral_parlour_name", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("gifts").addColumn("memorial_id", "text", (c) => c.references("memorials.id")).execute();
  await db.schema.createIndex("gifts_memorial_idx").on("gifts").column("memorial_id").execute();
}
