import type { Kysely } from "kysely";

/**
 * Companies as donors (issue #31, decision 0047).
 *
 * `company_statements`: the yearly statement (årsbesked) queued for a company
 * and income year, at most once (the primary key): sending the year's
 * statements again finds every company recorded and queues nothing. `job_key`
 * is the dedupe key of the e-mail job, so the back office reads whether the
 * mail went out from the job itself. The amount is what the statement said
 * when it was queued.
 *
 * `company_link_tokens`: the signed links to a company's own page, kept as
 * my_data_tokens keeps a donor's (core/my-data/link-tokens.ts), but for an
 * organisationsnummer: a company is not a donor and has no donors row.
 */
export async function up0028(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("company_statements")
    .addColumn("organisationsnummer", "text", (c) => c.notNull())
    .addColumn("income_year", "integer", (c) => c.notNull())
    .addColumn("qualifying_ore", "bigint", (c) => c.notNull())
    .addColumn("base_ore", "bigint", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("job_key", "text", (c) => c.notNull())
    .addColumn("queued_at", "text", (c) => c.notNull())
    .addColumn("queued_by", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("company_statements_pk", ["organisationsnummer", "income_year"])
    .execute();
  await db.schema.createIndex("company_statements_year_idx").on("company_statements").column("income_year").execute();

  await db.schema
    .createTable("company_link_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organisationsnummer", "text", (c) => c.notNull())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("company_link_tokens_organisationsnummer_idx").on("company_link_tokens").column("organisationsnummer").execute();
}
