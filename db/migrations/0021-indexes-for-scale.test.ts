import { afterEach, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { migrateTo, migrateToLatest } from "../migrate";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { donorGifts } from "#core/donors/gift-history";
import { ku65Totals } from "#core/tax/ku65";

/**
 * Migration 0021 adds the indexes a large database needs and drops the one it
 * makes redundant; the gifts stay as they were, and the queries they serve
 * answer the same. `npm run bench:scale` shows what they do to the plans on a
 * million gifts; here SQLite's planner is asked directly (it plans by rule on a
 * small table too), and PostgreSQL's catalogue says the indexes are there.
 */
const T = "2025-06-01T10:00:00.000Z";

async function indexes(database: TestDatabase): Promise<string[]> {
  const db = database.db as unknown as Kysely<unknown>;
  const result =
    database.engine === "postgres"
      ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'gifts' and schemaname = current_schema()`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'gifts'`.execute(db);
  return result.rows.map((r) => r.name);
}

describe.each(testEngines)("migration 0021 on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("adds the tax-year and unlinked-gift indexes, drops the personnummer index they make redundant, and changes no gift", async () => {
    database = await openTestDatabase(engine, { upTo: "0019-several-instances" });
    const db = database.db as unknown as Kysely<unknown>;
    await sql`insert into donors (id, personnummer, given_name, surname, created_at, updated_at) values ('d1', '198112289874', 'Anna', 'Svensson', ${T}, ${T})`.execute(db);
    await sql`insert into gifts (id, order_reference, gift_type, amount_ore, donor_name, donor_email, donor_personnummer, status, idempotency_key, created_at, updated_at, paid_at, donor_id)
              values ('g1', 'REF1', 'one_off', 50000, 'Anna Svensson', 'anna@exempel.se', '198112289874', 'paid', 'k1', ${T}, ${T}, ${T}, 'd1'),
                     ('g2', 'REF2', 'one_off', 250000, 'Anna Svensson', 'anna@exempel.se', '198112289874', 'paid', 'k2', ${T}, ${T}, ${T}, null),
                     ('g3', 'REF3', 'membership', 30000, 'Anna Svensson', 'anna@exempel.se', '198112289874', 'paid', 'k3', ${T}, ${T}, ${T}, null),
                     ('g4', 'REF4', 'one_off', 20000, 'Bo Exempel', 'bo@exempel.se', null, 'awaiting_payment', 'k4', ${T}, ${T}, null, null)`.execute(db);
    const before = (await sql<Record<string, unknown>>`select * from gifts order by id`.execute(db)).rows;
    expect(await indexes(database)).toContain("gifts_personnummer_idx");

    expect(await migrateToLatest(database.db, database.engine, database.schema)).toContain("0021-indexes-for-scale");
    expect((await sql<Record<string, unknown>>`select * from gifts order by id`.execute(db)).rows).toEqual(before);
    const after = await indexes(database);
    expect(after).toEqual(expect.arrayContaining(["gifts_paid_idx", "gifts_personnummer_donor_idx", "gifts_donor_idx"]));
    expect(after).not.toContain("gifts_personnummer_idx");

    // The queries the indexes are for still find the same gifts.
    const donor = (await database.db.selectFrom("donors").selectAll().where("id", "=", "d1").executeTakeFirstOrThrow());
    expect((await donorGifts(database.db, donor)).map((g) => g.orderReference).sort()).toEqual(["REF1", "REF2", "REF3"]);
    expect(await ku65Totals(database.db, 2025)).toEqual(new Map([["198112289874", 3000]]));

    if (engine === "sqlite") {
      const plan = async (query: string) => (await sql<{ detail: string }>`${sql.raw(`explain query plan ${query}`)}`.execute(db)).rows.map((r) => r.detail).join("\n");
      expect(await plan(`select amount_ore, paid_at, gift_type, donor_personnummer, donor_id from gifts where status = 'paid' and paid_at >= '2025-01-01' and paid_at <= '2025-12-31'`)).toMatch(
        /USING COVERING INDEX gifts_paid_idx/,
      );
      expect(await plan(`select id from gifts where donor_personnummer = '198112289874' and donor_id is null`)).toMatch(/gifts_personnummer_donor_idx \(donor_personnummer=\? AND donor_id=\?\)/);
    }
  });

  it("runs on a database that is already up to date without doing anything", async () => {
    database = await openTestDatabase(engine);
    expect(await migrateTo(database.db, database.engine, "0021-indexes-for-scale", database.schema)).toEqual([]);
  });
});
