import { afterEach, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { migrateTo } from "../migrate";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";

/**
 * Memorial collections stored before migration 0031 become fundraisers of the
 * kind `memorial` with every value kept, their gifts' rows move with them, and
 * the old tables are gone.
 */
const T = "2026-11-27T09:00:00.000Z";

describe.each(testEngines)("migration 0031 on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("moves each memorial collection and its gifts into the fundraiser tables", async () => {
    database = await openTestDatabase(engine, { upTo: "0030-gift-mentions" });
    const db = database.db as unknown as Kysely<unknown>;
    await sql`insert into memorials (id, source_id, name, birth_year, date_of_death, home_town, funeral_date, funeral_parlour_source_id, funeral_parlour_name, created_at, updated_at)
              values ('m1', 's1', 'Märta Minne', 1940, '2026-11-01', 'Umeå', null, null, null, ${T}, ${T})`.execute(db);
    await sql`insert into memorial_collections (id, slug, memorial_id, organiser_kind, organiser_name, organiser_email, message, design, show_greetings, show_total, status, manage_token_id, closed_at, sheets_sent_at, created_at, updated_at)
              values ('c1', 'marta-minne', 'm1', 'funeral_parlour', 'Byrån', 'byran@exempel.se', 'I stället för blommor', 'ljus', 1, 0, 'closed', 'jti1', ${T}, ${T}, ${T}, ${T}),
                     ('c2', 'marta-minne-2', 'm1', 'family', 'Karin', 'karin@exempel.se', null, 'duva', 0, 1, 'open', 'jti2', null, null, ${T}, ${T})`.execute(db);
    await sql`insert into gifts (id, order_reference, gift_type, amount_ore, donor_name, donor_email, donor_personnummer, newsletter_consent, status, idempotency_key, created_at, updated_at)
              values ('g1', 'REF1', 'memorial', 50000, 'Bo Exempel', 'bo@exempel.se', null, 0, 'paid', 'k1', ${T}, ${T})`.execute(db);
    await sql`insert into memorial_collection_gifts (gift_id, collection_id, show_on_page, show_amount, hidden_at, created_at) values ('g1', 'c1', 1, 0, ${T}, ${T})`.execute(db);

    expect(await migrateTo(database.db, database.engine, "0031-fundraisers", database.schema)).toEqual(["0031-fundraisers"]);

    const rows = (await sql<Record<string, unknown>>`select * from fundraisers order by id`.execute(db)).rows;
    expect(rows).toEqual([
      expect.objectContaining({ id: "c1", slug: "marta-minne", kind: "memorial", title: null, memorial_id: "m1", organiser_kind: "funeral_parlour", organiser_name: "Byrån",
        organiser_email: "byran@exempel.se", message: "I stället för blommor", design: "ljus", picture: null, show_greetings: 1, show_total: 0, status: "closed",
        manage_token_id: "jti1", closed_at: T, sheets_sent_at: T, listed: 0, review: "approved", confirmed_at: T, hidden_at: null }),
      expect.objectContaining({ id: "c2", kind: "memorial", organiser_kind: "family", design: "duva", status: "open", closed_at: null, manage_token_id: "jti2" }),
    ]);
    expect((await sql`select * from fundraiser_gifts`.execute(db)).rows).toEqual([
      { gift_id: "g1", fundraiser_id: "c1", show_on_page: 1, show_amount: 0, display_name: null, greeting: null, wants_updates: 0, hidden_at: T, created_at: T },
    ]);
    await expect(sql`select 1 from memorial_collections`.execute(db)).rejects.toThrow();
    // A memorial collection keeps its memorial columns: one without a person is refused.
    await expect(sql`update fundraisers set memorial_id = null where id = 'c2'`.execute(db)).rejects.toThrow();
  });
});
