import { sql, type Kysely } from "kysely";
import { parsePersonnummer } from "#core/identity/personnummer";

/**
 * Every stored personnummer in its one canonical form, 12 digits with no
 * separator (issue #29). Until now the gift forms stored what the donor typed,
 * so a number written as the form asks (ÅÅÅÅMMDD-NNNN) kept its dash: the
 * gift never met its donor on Mina sidor (gifts are found by the canonical
 * number BankID gives), and the KU65 file carried the dash, which
 * Skatteverket's schema refuses. A 10-digit number takes its century as it was
 * read when the gift was given (the gift's own date as "now"). A value that is
 * not a valid number is left as it is (the KU65 report refuses it, naming no
 * one); the forms never accepted one.
 *
 * KU65 statements already reported keep their specification numbers under the
 * canonical form, unless that year already has one under it (then the old row
 * stays: changing it would break the key of the report that already holds it).
 */
export async function up0023(db: Kysely<unknown>): Promise<void> {
  const gifts = await sql<{ id: string; donor_personnummer: string; created_at: string }>`
    select id, donor_personnummer, created_at from gifts
    where donor_personnummer is not null and length(donor_personnummer) <> 12`.execute(db);
  for (const row of gifts.rows) {
    const canonical = parsePersonnummer(row.donor_personnummer, { now: new Date(row.created_at) })?.canonical;
    if (canonical) await sql`update gifts set donor_personnummer = ${canonical} where id = ${row.id}`.execute(db);
  }

  const statements = await sql<{ income_year: number; personnummer: string; reported_at: string }>`
    select income_year, personnummer, reported_at from ku65_statements where length(personnummer) <> 12`.execute(db);
  for (const row of statements.rows) {
    const canonical = parsePersonnummer(row.personnummer, { now: new Date(row.reported_at) })?.canonical;
    if (!canonical) continue;
    const twin = await sql`select 1 from ku65_statements where income_year = ${row.income_year} and personnummer = ${canonical}`.execute(db);
    if (twin.rows.length > 0) continue;
    await sql`update ku65_statements set personnummer = ${canonical} where income_year = ${row.income_year} and personnummer = ${row.personnummer}`.execute(db);
  }
}
