import { afterEach, describe, expect, it } from "vitest";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { testGift } from "#tests/support/test-gift";
import { searchPayments } from "./payment-search";

describe.each(testEngines)("finance's payment list on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("lists the newest payments before any search, finds by name, and finds nothing for one letter", async () => {
    database = await openTestDatabase(engine);
    const { db } = database;
    for (const [i, name] of ["Anna Ek", "Bo Ek", "Cecilia Holm"].entries()) {
      const at = `2026-11-2${i}T10:00:00.000Z`;
      await db.insertInto("gifts").values(testGift({ id: `g${i}`, order_reference: `REF${i}`, idempotency_key: `k${i}`, donor_name: name, created_at: at })).execute();
      await db
        .insertInto("payments")
        .values({ id: `p${i}`, gift_id: `g${i}`, method: "swish", provider: "HLFSwish", provider_reference: `sw${i}`, status: "paid", amount_ore: 10_000,
          payer_alias: null, client_token: null, client_url: null, error_code: null, last_checked_at: null, created_at: at, updated_at: at, paid_at: at, expires_at: at })
        .execute();
    }
    expect((await searchPayments(db, "", 2)).map((h) => h.donorName)).toEqual(["Cecilia Holm", "Bo Ek"]);
    expect((await searchPayments(db, "  ek ")).map((h) => h.donorName)).toEqual(["Bo Ek", "Anna Ek"]);
    expect(await searchPayments(db, "e")).toEqual([]);
  });
});
