import { afterEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { ManualClock } from "#core/clock";
import { migrateToLatest } from "./migrate";
import { seedDemoData } from "./seed";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";

describe.each(testEngines)("database on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("migrates, and a second run applies nothing", async () => {
    database = await openTestDatabase(engine);
    expect(await migrateToLatest(database.db, database.engine, database.schema)).toEqual([]);
    const result = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(Number(result.rows[0]?.one)).toBe(1);
  });

  it("seeds demo data once, however often it runs", async () => {
    database = await openTestDatabase(engine);
    const clock = new ManualClock();
    const first = await seedDemoData(database.db, clock);
    const second = await seedDemoData(database.db, clock);
    expect(first).toBeGreaterThan(0);
    expect(second).toBe(0);
    const gifts = await database.db.selectFrom("gifts").select(["id", "amount_ore"]).execute();
    expect(gifts).toHaveLength(first);
    expect(typeof gifts[0]?.amount_ore).toBe("number");
    const events = await database.db.selectFrom("payment_events").selectAll().execute();
    expect(events).toHaveLength(first);
    // The demo team (decision 0052) has its three members, once.
    const members = await database.db.selectFrom("fundraisers").select("slug").where("team_id", "=", "demo-team-1").orderBy("slug").execute();
    expect(members.map((m) => m.slug)).toEqual(["eriks-vasalopp", "klass-9b-springer", "saras-varvet"]);
  });

  it("numbers event rows itself and enforces unique order references", async () => {
    database = await openTestDatabase(engine);
    await seedDemoData(database.db, new ManualClock());
    const ids = (await database.db.selectFrom("payment_events").select("id").orderBy("id").execute()).map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const gift = await database.db.selectFrom("gifts").selectAll().executeTakeFirstOrThrow();
    await expect(
      database.db
        .insertInto("gifts")
        .values({ ...gift, id: "another", idempotency_key: "another" })
        .execute(),
    ).rejects.toThrow();
  });
});
