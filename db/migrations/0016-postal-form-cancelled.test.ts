import { afterEach, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { migrateTo } from "../migrate";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";

/**
 * Requests stored before migration 0016 (ready and sent) keep every value
 * when the status constraint widens to `cancelled`; the table's indexes and
 * its unique reference survive SQLite's rebuild. Rows are written with plain
 * SQL, as the code before 0016 wrote them.
 */
const T = "2026-11-23T09:00:00.000Z";

async function rows(db: Kysely<unknown>) {
  const result = await sql<Record<string, unknown>>`select * from postal_form_requests order by reference`.execute(db);
  return result.rows;
}

describe.each(testEngines)("migration 0016 on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("keeps the stored requests, adds who struck one and when, and lets the status be cancelled and nothing else", async () => {
    database = await openTestDatabase(engine, { upTo: "0014-postal-forms" });
    const db = database.db as unknown as Kysely<unknown>;
    await sql`insert into postal_form_requests (id, reference, kind, name, street, postal_code, city, email, address_key, expected_by, status, sent_at, sent_by, created_at, updated_at)
              values ('pf-1', 'BL-000000000001', 'membership', 'Märta Öberg', 'Åsgatan 4', '903 25', 'Umeå', null, '90325|åsgatan 4|umeå', '2026-11-27', 'ready', null, null, ${T}, ${T}),
                     ('pf-2', 'BL-000000000002', 'payin_slips', 'Bo Exempel', 'Lillgatan 2', '222 33', 'Lund', 'bo@exempel.se', '22233|lillgatan 2|lund', '2026-11-27', 'sent', ${T}, 'anna', ${T}, ${T})`.execute(db);
    const before = await rows(db);

    expect(await migrateTo(database.db, database.engine, "0016-postal-form-cancelled", database.schema)).toEqual(["0016-postal-form-cancelled"]);
    const after = await rows(db);
    expect(after).toEqual(before.map((row) => ({ ...row, cancelled_at: null, cancelled_by: null })));

    await expect(sql`update postal_form_requests set status = 'cancelled', cancelled_at = ${T}, cancelled_by = 'staff:s1' where id = 'pf-1'`.execute(db)).resolves.toBeDefined();
    await expect(sql`update postal_form_requests set status = 'lost' where id = 'pf-1'`.execute(db)).rejects.toThrow();
    // The unique reference and the queue's and the address limit's indexes are still there.
    await expect(sql`update postal_form_requests set reference = 'BL-000000000001' where id = 'pf-2'`.execute(db)).rejects.toThrow();
    const indexes =
      engine === "postgres"
        ? (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'postal_form_requests' and schemaname = ${database.schema}`.execute(db)).rows
        : (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'postal_form_requests' and sql is not null`.execute(db)).rows;
    expect(indexes.map((i) => i.name)).toEqual(expect.arrayContaining(["postal_form_requests_address_idx", "postal_form_requests_queue_idx"]));
  });
});
