import { sql, type Kysely } from "kysely";
import { oneOf, rebuildSqliteTable, type Engine } from "../dialect";

/**
 * Company gifts (issue #31, decision 0045): `gifts.gift_type` gains `company`,
 * and each company gift has one `company_gifts` row with the company's
 * organisationsnummer (ten digits), name, contact person and own reference.
 * A company gift carries no personnummer and no donor id, so nothing that
 * finds a person's gifts can find it; the company's gifts are found by
 * organisationsnummer through this table only.
 *
 * PostgreSQL swaps the named constraint; SQLite cannot alter one, so the
 * gifts table is rebuilt with the widened definition (as migration 0016 did
 * for postal_form_requests). The set is written out: a migration must do
 * tomorrow what it did today; db/check-constraints.test.ts keeps it equal to
 * core's GIFT_TYPES.
 */
const GIFT_TYPES_WITH_COMPANY = [
  "one_off",
  "memorial",
  "membership",
  "monthly",
  "extra",
  "digital_greeting",
  "gift_card",
  "gift_certificate",
  "diploma",
  "company",
];

export function up0026(engine: Engine) {
  return async (db: Kysely<unknown>): Promise<void> => {
    const widened = oneOf("gift_type", GIFT_TYPES_WITH_COMPANY);
    if (engine === "postgres") {
      await sql`alter table gifts drop constraint gifts_gift_type_check`.execute(db);
      await sql.raw(`alter table gifts add constraint gifts_gift_type_check check (${widened})`).execute(db);
    } else {
      await rebuildSqliteGiftsWith(db, widened);
    }

    await db.schema
      .createTable("company_gifts")
      .addColumn("gift_id", "text", (c) => c.primaryKey().references("gifts.id"))
      // Ten digits, no hyphen (core/companies/organisationsnummer.ts); the KU65 form adds `16`.
      .addColumn("organisationsnummer", "text", (c) => c.notNull().check(sql`length(organisationsnummer) = 10`))
      .addColumn("company_name", "text", (c) => c.notNull())
      .addColumn("contact_name", "text", (c) => c.notNull())
      .addColumn("company_reference", "text")
      .execute();
    await db.schema.createIndex("company_gifts_organisationsnummer_idx").on("company_gifts").column("organisationsnummer").execute();
  };
}

async function rebuildSqliteGiftsWith(db: Kysely<unknown>, widened: string): Promise<void> {
  // Migration 0006 wrote the set of its day; whichever it was, it is replaced by the one above.
  const current = /constraint "gifts_gift_type_check" check \(gift_type in \([^)]*\)\)/;
  await rebuildSqliteTable(db, "gifts", (create) => {
    if (!current.test(create)) throw new Error("gifts: the gift_type constraint is not the one migration 0006 made");
    return create.replace(current, `constraint "gifts_gift_type_check" check (${widened})`);
  });
}
