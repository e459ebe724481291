import { afterEach, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { migrateTo, migrateToLatest } from "../migrate";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";

/**
 * A database filled under the schema before 0006 (gifts, payments, their
 * events, donors, sessions, BankID orders, links, jobs) is migrated, and
 * nothing is lost. Rows are written with plain SQL, as the old code wrote
 * them, because today's Kysely types no longer describe that schema.
 */
const T = "2026-10-01T10:00:00.000Z";

async function fillOldSchema(db: Kysely<unknown>): Promise<void> {
  await sql`insert into donors (id, personnummer, given_name, surname, street, postal_code, city, protected_identity, email, phone,
            contact_email, contact_post, contact_phone, newsletter, created_at, updated_at, last_login_at)
            values ('donor-bankid', '198112289874', 'Astrid', 'Exempel', 'Storgatan 1', '111 22', 'Exempelstad', 0, 'astrid@exempel.se', null, 1, 1, 0, 0, ${T}, ${T}, ${T}),
                   ('donor-email', null, 'Bertil', 'Prov', null, null, null, 0, 'bertil@exempel.se', null, 1, 1, 0, 0, ${T}, ${T}, null)`.execute(db);
  await sql`insert into donor_sessions (id_hash, donor_id, created_at, last_seen_at, expires_at)
            values ('session-hash', 'donor-bankid', ${T}, ${T}, '2026-10-01T10:30:00.000Z')`.execute(db);
  await sql`insert into my_data_tokens (id, donor_id, purpose, created_at, expires_at, revoked_at, last_used_at)
            values ('token-1', 'donor-email', 'my-data', ${T}, '2026-10-08T10:00:00.000Z', null, null)`.execute(db);
  await sql`insert into bankid_orders (order_ref, kind, browser_hash, same_device, auto_start_token, qr_start_token, qr_start_secret, status,
            hint_code, donor_id, signature, created_at, last_collected_at, consumed_at)
            values ('order-1', 'auth', 'browser', 1, 'ast', 'qst', 'qss', 'complete', null, 'donor-bankid', null, ${T}, ${T}, ${T})`.execute(db);
  const gifts: Array<[string, string, number, string, string | null, string]> = [
    ["gift-one-off", "regular_gift", 50_000, "astrid@exempel.se", "198112289874", "paid"],
    ["gift-memorial", "memorial_gift", 20_000, "bertil@exempel.se", null, "paid"],
    ["gift-raise", "monthly_gift_increase", 25_000, "carin@exempel.se", "191212121212", "awaiting_payment"],
    ["gift-anonymous", "regular_gift", 10_000, "dora@exempel.se", null, "awaiting_payment"],
  ];
  for (const [id, type, amount, email, pnr, status] of gifts) {
    await sql`insert into gifts (id, order_reference, gift_type, amount_ore, donor_name, donor_email, donor_personnummer, newsletter_consent,
              status, idempotency_key, created_at, updated_at, paid_at, donor_street, donor_postal_code, donor_city)
              values (${id}, ${`REF-${id}`}, ${type}, ${amount}, 'Namn Namnsson', ${email}, ${pnr}, 1, ${status}, ${`key-${id}`}, ${T}, ${T},
              ${status === "paid" ? T : null}, null, null, null)`.execute(db);
  }
  await sql`insert into payments (id, gift_id, method, provider, provider_reference, status, amount_ore, payer_alias, client_token, error_code,
            last_checked_at, created_at, updated_at, paid_at, expires_at, client_url)
            values ('pay-1', 'gift-one-off', 'swish', 'HLFSwish', 'SWISHREF1', 'paid', 50000, '46701234567', 'token', null, ${T}, ${T}, ${T}, ${T}, ${T}, null),
                   ('pay-2', 'gift-anonymous', 'invoice', 'Invoice', '1234567890', 'pending', 10000, null, null, null, null, ${T}, ${T}, null, ${T}, null)`.execute(db);
  await sql`insert into payment_events (payment_id, type, from_status, to_status, source, data, created_at)
            values ('pay-1', 'created', null, 'created', 'api', null, ${T}), ('pay-1', 'status-changed', 'created', 'paid', 'callback', '{"x":1}', ${T}),
                   ('pay-2', 'created', null, 'created', 'api', null, ${T})`.execute(db);
  await sql`insert into jobs (type, dedupe_key, payload, run_at, attempts, locked_until, done_at, last_error, created_at)
            values ('send-receipt', 'receipt:gift-one-off', '{"giftId":"gift-one-off"}', ${T}, 1, null, ${T}, null, ${T})`.execute(db);
}

const TABLES = ["gifts", "payments", "payment_events", "donors", "donor_sessions", "my_data_tokens", "bankid_orders", "jobs"] as const;

async function snapshot(db: Kysely<unknown>): Promise<Record<string, Array<Record<string, unknown>>>> {
  const out: Record<string, Array<Record<string, unknown>>> = {};
  for (const table of TABLES) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    out[table] = rows.rows
      .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === "bigint" ? Number(v) : v])))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return out;
}

describe.each(testEngines)("migration 0006 on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("moves a populated database onto the new model with nothing lost", async () => {
    database = await openTestDatabase(engine, { upTo: "0005-payment-methods" });
    const db = database.db as unknown as Kysely<unknown>;
    await fillOldSchema(db);
    const before = await snapshot(db);

    expect(await migrateTo(database.db, database.engine, "0006-gifts-orders-documents", database.schema)).toEqual(["0006-gifts-orders-documents"]);
    const after = await snapshot(db);

    // Every row of every table is still there, with the same values; gifts only gain their donor and their new type name.
    for (const table of TABLES.filter((t) => t !== "gifts")) expect(after[table]).toEqual(before[table]);
    const newType: Record<string, string> = { regular_gift: "one_off", memorial_gift: "memorial", monthly_gift_increase: "monthly" };
    expect(after.gifts).toHaveLength(before.gifts!.length);
    for (const old of before.gifts!) {
      const migrated = after.gifts!.find((g) => g.id === old.id)!;
      const { gift_type, donor_id, ...rest } = migrated;
      expect(rest).toEqual(Object.fromEntries(Object.entries(old).filter(([k]) => k !== "gift_type")));
      expect(gift_type).toBe(newType[old.gift_type as string]);
      expect(donor_id).toBe(
        old.id === "gift-one-off" ? "donor-bankid" : old.id === "gift-memorial" ? "donor-email" : null,
      );
    }

    // The new tables are there and empty; the database refuses what the types refuse.
    for (const table of ["orders", "order_items", "order_events"]) {
      expect((await sql`select count(*) as n from ${sql.table(table)}`.execute(db)).rows).toEqual([{ n: expect.anything() }]);
    }
    await expect(sql`update gifts set status = 'lost' where id = 'gift-one-off'`.execute(db)).rejects.toThrow();
    await expect(sql`update payments set status = 'maybe' where id = 'pay-1'`.execute(db)).rejects.toThrow();
    await expect(sql`update payments set status = 'refunded' where id = 'pay-1'`.execute(db)).resolves.toBeDefined();
    // References still hold after SQLite rebuilt the tables.
    await expect(
      sql`insert into payments (id, gift_id, method, provider, status, amount_ore, created_at, updated_at, expires_at)
          values ('pay-x', 'no-such-gift', 'swish', 'HLFSwish', 'created', 100, ${T}, ${T}, ${T})`.execute(db),
    ).rejects.toThrow();
    await expect(sql`delete from gifts where id = 'gift-one-off'`.execute(db)).rejects.toThrow();
    // The indexes were kept: order references stay unique.
    await expect(
      sql`update gifts set order_reference = 'REF-gift-memorial' where id = 'gift-one-off'`.execute(db),
    ).rejects.toThrow();
  });

  it("changes nothing when it fails half-way, and runs cleanly once the cause is gone", async () => {
    database = await openTestDatabase(engine, { upTo: "0005-payment-methods" });
    const db = database.db as unknown as Kysely<unknown>;
    await fillOldSchema(db);
    // A status the new CHECK refuses: the migration renames gift types first, then fails on this row.
    await sql`update gifts set status = 'weird' where id = 'gift-anonymous'`.execute(db);
    const before = await snapshot(db);

    await expect(migrateToLatest(database.db, database.engine, database.schema)).rejects.toThrow();

    expect(await snapshot(db)).toEqual(before);
    const columns = await sql<{ name: string }>`select * from gifts`.execute(db);
    expect(Object.keys(columns.rows[0] ?? {})).not.toContain("donor_id");
    await expect(sql`select count(*) from orders`.execute(db)).rejects.toThrow();

    await sql`update gifts set status = 'awaiting_payment' where id = 'gift-anonymous'`.execute(db);
    expect(await migrateTo(database.db, database.engine, "0006-gifts-orders-documents", database.schema)).toEqual(["0006-gifts-orders-documents"]);
    expect((await sql<{ gift_type: string }>`select gift_type from gifts where id = 'gift-one-off'`.execute(db)).rows[0]?.gift_type).toBe("one_off");
  });
});
