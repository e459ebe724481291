import type { Kysely } from "kysely";

/**
 * A donor's new e-mail address waits in `donors.pending_email` until they open
 * the confirmation link sent to it (issue #30): `email` – where receipts, My
 * data links and every other personal message go – changes only then, so a
 * typing mistake or somebody else's address never receives the donor's data.
 */
export async function up0024(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("donors").addColumn("pending_email", "text").execute();
}
