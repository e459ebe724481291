import { afterEach, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { migrateTo } from "../migrate";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";

/**
 * Migration 0022 lets agreements, mandates and stored cards outlive their
 * donor (decision 0035). Rows stored before it keep every value; the
 * reference to the donor, the unique keys and the indexes survive SQLite's
 * rebuild; a donor id may now be null but still not point at nothing. Rows
 * are written with plain SQL, as the code before 0022 wrote them.
 */
const T = "2026-11-20T09:00:00.000Z";
const TABLES = ["agreements", "mandates", "stored_cards"] as const;

async function rows(db: Kysely<unknown>, table: string) {
  return (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by id`.execute(db)).rows;
}

async function indexNames(database: TestDatabase, table: string): Promise<string[]> {
  const db = database.db as unknown as Kysely<unknown>;
  const result =
    database.engine === "postgres"
      ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = ${table} and schemaname = current_schema()`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  return result.rows.map((r) => r.name);
}

describe.each(testEngines)("migration 0022 on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("keeps every agreement, mandate and stored card, lets their donor be null and nothing else", async () => {
    database = await openTestDatabase(engine, { upTo: "0021-indexes-for-scale" });
    const db = database.db as unknown as Kysely<unknown>;
    await sql`insert into donors (id, personnummer, given_name, surname, created_at, updated_at) values ('d1', '198112289874', 'Erik', 'Lindgren', ${T}, ${T})`.execute(db);
    await sql`insert into mandates (id, donor_id, payer_number, clearing, account, bank_name, status, signed_at, signature_ref, created_at, updated_at)
              values ('m1', 'd1', '4827163950', '5000', '1234560', 'SEB', 'approved', ${T}, 'bankid-1', ${T}, ${T})`.execute(db);
    await sql`insert into gifts (id, order_reference, gift_type, amount_ore, donor_name, donor_email, status, idempotency_key, created_at, updated_at, donor_id)
              values ('g1', 'REF1', 'monthly', 20000, 'Erik Lindgren', 'erik@exempel.se', 'paid', 'k1', ${T}, ${T}, 'd1')`.execute(db);
    await sql`insert into payments (id, gift_id, method, provider, status, amount_ore, created_at, updated_at, expires_at)
              values ('p1', 'g1', 'card', 'Mondido', 'paid', 20000, ${T}, ${T}, ${T})`.execute(db);
    await sql`insert into stored_cards (id, donor_id, provider, provider_card_id, token, masked_number, expires_on, status, stored_by_payment_id, created_at, updated_at)
              values ('c1', 'd1', 'Mondido', '777', 'secret-token', '411111******1111', '2029-12-31', 'active', 'p1', ${T}, ${T})`.execute(db);
    await sql`insert into agreements (id, donor_id, kind, amount_ore, interval, debit_day, method, mandate_id, card_subscription_ref, status, starts_on, next_debit_on, idempotency_key, created_at, updated_at)
              values ('a1', 'd1', 'monthly_gift', 20000, 'monthly', 28, 'autogiro', 'm1', null, 'active', '2026-11-20', '2026-12-28', 'signup-1', ${T}, ${T}),
                     ('a2', 'd1', 'monthly_gift', 15000, 'monthly', 5, 'card', null, 'c1', 'active', '2026-11-20', '2026-12-05', 'signup-2', ${T}, ${T})`.execute(db);
    await sql`update gifts set agreement_id = 'a2' where id = 'g1'`.execute(db);
    const before = Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await rows(db, t)] as const)));
    const indexesBefore = Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await indexNames(database!, t)] as const)));

    expect(await migrateTo(database.db, database.engine, "0022-erasure-of-agreements", database.schema)).toEqual(["0022-erasure-of-agreements"]);
    expect(await rows(db, "agreements")).toEqual(before.agreements);
    expect(await rows(db, "mandates")).toEqual(before.mandates);
    expect(await rows(db, "stored_cards")).toEqual(before.stored_cards!.map((row) => ({ ...row, removed_at: null })));
    for (const table of TABLES) expect((await indexNames(database, table)).sort()).toEqual(indexesBefore[table]!.sort());
    // Gifts still point at their agreement.
    expect((await sql<{ agreement_id: string }>`select agreement_id from gifts`.execute(db)).rows).toEqual([{ agreement_id: "a2" }]);

    for (const table of TABLES) {
      await sql`update ${sql.table(table)} set donor_id = null`.execute(db);
      await expect(sql`update ${sql.table(table)} set donor_id = 'no-such-donor'`.execute(db)).rejects.toThrow();
    }
    // The unique keys are still there.
    await expect(sql`insert into mandates (id, payer_number, clearing, account, bank_name, status, signed_at, signature_ref, created_at, updated_at)
                     values ('m2', '4827163950', '5000', '1', 'SEB', 'approved', ${T}, 'b', ${T}, ${T})`.execute(db)).rejects.toThrow();
    await expect(sql`update agreements set idempotency_key = 'signup-1' where id = 'a2'`.execute(db)).rejects.toThrow();
    await expect(sql`update stored_cards set status = 'lost'`.execute(db)).rejects.toThrow();
  });
});
