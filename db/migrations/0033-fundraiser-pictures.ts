import { sql, type Kysely } from "kysely";
import { binaryType, type Engine } from "../dialect";

/**
 * Uploaded pictures for personal fundraisers (issue #32, decision 0053): one
 * row per fundraiser at most (a new upload replaces the old), holding the
 * JPEGs the site serves – the page's picture at two widths, the list's card
 * and the 1200 × 630 share image – made from the upload, which itself is
 * never kept. In the database rather than on disk, so that every instance
 * serves them and each engine's backup holds them (decision 0044). A
 * picture is public once staff approved it (`approved_at`).
 */
export function up0033(engine: Engine) {
  return async (db: Kysely<unknown>): Promise<void> => {
    const bytes = binaryType(engine);
    const size = (column: string) => sql.raw(`${column} between 1 and 4000`);
    await db.schema
      .createTable("fundraiser_pictures")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("fundraiser_id", "text", (c) => c.notNull().unique().references("fundraisers.id"))
      .addColumn("alt_text", "text", (c) => c.notNull().check(sql`length(alt_text) between 1 and 500`))
      .addColumn("source_type", "text", (c) => c.notNull())
      .addColumn("large_jpeg", bytes, (c) => c.notNull())
      .addColumn("large_width", "integer", (c) => c.notNull().check(size("large_width")))
      .addColumn("large_height", "integer", (c) => c.notNull().check(size("large_height")))
      .addColumn("medium_jpeg", bytes, (c) => c.notNull())
      .addColumn("medium_width", "integer", (c) => c.notNull().check(size("medium_width")))
      .addColumn("medium_height", "integer", (c) => c.notNull().check(size("medium_height")))
      .addColumn("card_jpeg", bytes, (c) => c.notNull())
      .addColumn("share_jpeg", bytes, (c) => c.notNull())
      .addColumn("approved_at", "text")
      .addColumn("approved_by", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
  };
}
