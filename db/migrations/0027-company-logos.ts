import { sql, type Kysely } from "kysely";

/**
 * A company gift's logo (issue #31, decision 0046): the sanitised SVG or the
 * checked PNG, as base64 text so that SQLite and PostgreSQL store it alike,
 * with its type and its drawn size. Both or neither: a logo without its type
 * cannot be drawn.
 */
export async function up0027(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("company_gifts")
    .addColumn("logo_type", "text", (c) => c.check(sql`logo_type in ('image/png', 'image/svg+xml')`))
    .execute();
  await db.schema.alterTable("company_gifts").addColumn("logo_base64", "text").execute();
  await db.schema.alterTable("company_gifts").addColumn("logo_width", "integer").execute();
  await db.schema.alterTable("company_gifts").addColumn("logo_height", "integer").execute();
}
