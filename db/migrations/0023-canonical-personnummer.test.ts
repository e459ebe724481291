import { afterEach, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { migrateTo } from "../migrate";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";

/**
 * Migration 0023 stores every personnummer as 12 digits (issue #29). Gifts
 * given before it kept what the donor typed; rows are written with plain
 * SQL, as the code before 0023 wrote them.
 */
const T = "2026-11-20T09:00:00.000Z";

describe.each(testEngines)("migration 0023 on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("rewrites typed personnummer to 12 digits in gifts and reported KU65 statements, and leaves the rest", async () => {
    database = await openTestDatabase(engine, { upTo: "0022-erasure-of-agreements" });
    const db = database.db as unknown as Kysely<unknown>;
    const gifts: [string, string | null][] = [
      ["g1", "19811228-9874"],
      ["g2", "811228-9874"],
      ["g3", "198112289874"],
      ["g4", null],
      ["g5", "not-a-number"],
    ];
    for (const [id, personnummer] of gifts) {
      await sql`insert into gifts (id, order_reference, gift_type, amount_ore, donor_name, donor_email, donor_personnummer, status, idempotency_key, created_at, updated_at)
                values (${id}, ${`REF-${id}`}, 'one_off', 30000, 'Erik Lindgren', 'erik@exempel.se', ${personnummer}, 'paid', ${`k-${id}`}, ${T}, ${T})`.execute(db);
    }
    await sql`insert into ku65_files (id, income_year, kind, statements, xml, created_at, created_by) values ('f1', 2025, 'full', 2, '<x/>', ${T}, 'test')`.execute(db);
    await sql`insert into ku65_statements (income_year, personnummer, specification_number, reported_kr, file_id, reported_at)
              values (2025, '19811228-9874', 1, 600, 'f1', ${T}), (2025, '19850812-2382', 2, 300, 'f1', ${T}), (2025, '198508122382', 3, 200, 'f1', ${T})`.execute(db);

    expect(await migrateTo(database.db, database.engine, "0023-canonical-personnummer", database.schema)).toEqual(["0023-canonical-personnummer"]);

    const after = (await sql<{ id: string; donor_personnummer: string | null }>`select id, donor_personnummer from gifts order by id`.execute(db)).rows;
    expect(after).toEqual([
      { id: "g1", donor_personnummer: "198112289874" },
      { id: "g2", donor_personnummer: "198112289874" },
      { id: "g3", donor_personnummer: "198112289874" },
      { id: "g4", donor_personnummer: null },
      { id: "g5", donor_personnummer: "not-a-number" },
    ]);
    const statements = (await sql<{ personnummer: string; specification_number: number }>`
      select personnummer, specification_number from ku65_statements order by specification_number`.execute(db)).rows;
    // Erik keeps his specification number under the 12 digits; the second 19850812-2382 stays as it was, since the year already has her under the 12 digits.
    expect(statements.map((s) => [s.personnummer, Number(s.specification_number)])).toEqual([
      ["198112289874", 1],
      ["19850812-2382", 2],
      ["198508122382", 3],
    ]);
  });
});
