import { afterEach, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { migrateTo } from "../migrate";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";

/**
 * Gifts stored before migration 0026 keep every value and their payments when
 * SQLite rebuilds the gifts table for the widened gift_type; a company gift
 * then needs its company row's ten-digit number.
 */
const T = "2026-11-27T09:00:00.000Z";

describe.each(testEngines)("migration 0026 on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("keeps the stored gifts and their payments, and lets a gift be a company's", async () => {
    database = await openTestDatabase(engine, { upTo: "0025-autogiro-requests-by-payment" });
    const db = database.db as unknown as Kysely<unknown>;
    await sql`insert into gifts (id, order_reference, gift_type, amount_ore, donor_name, donor_email, donor_personnummer, newsletter_consent, status, idempotency_key, created_at, updated_at)
              values ('g1', 'REF1', 'one_off', 50000, 'Bo Exempel', 'bo@exempel.se', null, 0, 'awaiting_payment', 'k1', ${T}, ${T})`.execute(db);
    await sql`insert into payments (id, gift_id, method, provider, status, amount_ore, created_at, updated_at, expires_at)
              values ('p1', 'g1', 'card', 'Mondido', 'created', 50000, ${T}, ${T}, ${T})`.execute(db);
    const before = (await sql<Record<string, unknown>>`select * from gifts`.execute(db)).rows;

    expect(await migrateTo(database.db, database.engine, "0026-company-gifts", database.schema)).toEqual(["0026-company-gifts"]);
    expect((await sql<Record<string, unknown>>`select * from gifts`.execute(db)).rows).toEqual(before);
    expect((await sql<{ gift_id: string }>`select gift_id from payments`.execute(db)).rows).toEqual([{ gift_id: "g1" }]);

    await sql`insert into gifts (id, order_reference, gift_type, amount_ore, donor_name, donor_email, donor_personnummer, newsletter_consent, status, idempotency_key, created_at, updated_at)
              values ('g2', 'REF2', 'company', 2500000, 'Exempel AB', 'ekonomi@exempel.se', null, 0, 'awaiting_payment', 'k2', ${T}, ${T})`.execute(db);
    await sql`insert into company_gifts (gift_id, organisationsnummer, company_name, contact_name, company_reference)
              values ('g2', '5566778899', 'Exempel AB', 'Karin Ek', 'Jul 2026')`.execute(db);
    await expect(sql`insert into company_gifts (gift_id, organisationsnummer, company_name, contact_name) values ('g1', '556677-8899', 'X', 'Y')`.execute(db)).rejects.toThrow();
    await expect(sql`update gifts set gift_type = 'corporate' where id = 'g2'`.execute(db)).rejects.toThrow();
  });
});
