import { afterEach, describe, expect, it } from "vitest";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { KyselyWebEventRepository } from "./web-event-repository";
import type { StoredWebEvent } from "./stored-web-event";

const pageView = (receivedAt: Date, session = "session-0001"): StoredWebEvent => ({
  kind: "web",
  type: "pageview",
  session,
  identity: "identity-0001",
  requestGroup: "group-0001",
  currentUrl: "https://www.exempel.se/om-oss?utm_source=mejl",
  referrer: null,
  userAgent: "Mozilla/5.0",
  utmCampaign: null,
  utmMedium: null,
  utmSource: "mejl",
  timeMs: null,
  receivedAt,
});

describe.each(testEngines)("KyselyWebEventRepository on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("stores an event with every field", async () => {
    database = await openTestDatabase(engine);
    const repository = new KyselyWebEventRepository(database.db);
    await repository.insert(pageView(new Date("2026-01-15T10:00:00.000Z")));
    await repository.insert({
      ...pageView(new Date("2026-01-15T10:00:05.000Z")),
      kind: "timeonpage",
      type: "timeonpage",
      timeMs: 5000,
    });
    const rows = await database.db.selectFrom("web_events").selectAll().orderBy("id").execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      kind: "web",
      type: "pageview",
      session: "session-0001",
      request_group: "group-0001",
      current_url: "https://www.exempel.se/om-oss?utm_source=mejl",
      referrer: null,
      user_agent: "Mozilla/5.0",
      utm_source: "mejl",
      time_ms: null,
      received_at: "2026-01-15T10:00:00.000Z",
    });
    expect(rows[1]).toMatchObject({ kind: "timeonpage", time_ms: 5000 });
  });

  it("purges only events received before the cutoff, in batches", async () => {
    database = await openTestDatabase(engine);
    const repository = new KyselyWebEventRepository(database.db);
    for (let day = 1; day <= 5; day++)
      await repository.insert(pageView(new Date(`2026-01-0${day}T12:00:00.000Z`), `session-000${day}`));
    const cutoff = new Date("2026-01-04T00:00:00.000Z");
    expect(await repository.purgeReceivedBefore(cutoff, 2)).toBe(2);
    expect(await repository.purgeReceivedBefore(cutoff, 2)).toBe(1);
    expect(await repository.purgeReceivedBefore(cutoff, 2)).toBe(0);
    const left = await database.db.selectFrom("web_events").select("session").orderBy("received_at").execute();
    expect(left.map((row) => row.session)).toEqual(["session-0004", "session-0005"]);
  });
});
