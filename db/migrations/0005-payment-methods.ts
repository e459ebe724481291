import type { Kysely } from "kysely";

/**
 * Card, invoice and bank payments: where the donor's browser is sent to
 * (Brite's session page), the postal address an invoice goes to, and the bank
 * files (BgMax) that have been imported, so the same file is never booked twice.
 */
export async function up0005(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("payments").addColumn("client_url", "text").execute();
  await db.schema.alterTable("gifts").addColumn("donor_street", "text").execute();
  await db.schema.alterTable("gifts").addColumn("donor_postal_code", "text").execute();
  await db.schema.alterTable("gifts").addColumn("donor_city", "text").execute();
  await db.schema
    .createTable("bank_file_imports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sha256", "text", (c) => c.notNull().unique())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("imported_at", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .execute();
}
