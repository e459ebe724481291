import { afterEach, describe, expect, it } from "vitest";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { RateLimiter, MINUTE_MS, HOUR_MS, type CounterStore } from "./rate-limiter";
import { MemoryCounterStore } from "./memory-counter-store";
import { DatabaseCounterStore } from "./database-counter-store";

/**
 * The one rate limiter (decision 0029), the same behaviour over each store:
 * in memory (the single SQLite process) and in the database (instances on
 * PostgreSQL; run on both engines, since the table exists on both).
 */
const T0 = Date.parse("2026-11-25T10:00:00.000Z");

type Setup = { store: (now: () => number) => CounterStore; dispose?: () => Promise<void>; db?: TestDatabase };

const stores: Array<[string, () => Promise<Setup>]> = [
  ["memory", async () => ({ store: (now) => new MemoryCounterStore(now) })],
  ...testEngines.map((engine): [string, () => Promise<Setup>] => [
    `database on ${engine}`,
    async () => {
      const db = await openTestDatabase(engine);
      return { db, store: (now) => new DatabaseCounterStore(db.db, now), dispose: () => db.dispose() };
    },
  ]),
];

describe.each(stores)("the rate limiter over the %s store", (_name, setup) => {
  let current: Setup | undefined;
  afterEach(async () => {
    await current?.dispose?.();
    current = undefined;
  });

  const makeLimiter = async (start = T0) => {
    current = await setup();
    let now = start;
    const clock = { now: () => now, advance: (ms: number) => (now += ms) };
    return { limiter: new RateLimiter(current.store(clock.now), clock.now), clock };
  };

  it("allows `limit` hits per key in a window and refuses the rest, without touching other keys or limits", async () => {
    const { limiter } = await makeLimiter();
    const starts = limiter.limit("starts", 3, MINUTE_MS);
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await starts.hit("203.0.113.7"));
    expect(results).toEqual([true, true, true, false, false]);
    expect(await starts.peek("203.0.113.7")).toBe(false);
    expect(await starts.hit("203.0.113.8")).toBe(true);
    expect(await limiter.limit("polls", 3, MINUTE_MS).hit("203.0.113.7")).toBe(true);
  });

  it("peek does not count; take says how many remain and how long the window has left", async () => {
    const { limiter, clock } = await makeLimiter();
    const limit = limiter.limit("lookups", 2, MINUTE_MS);
    for (let i = 0; i < 5; i++) expect(await limit.peek("k")).toBe(true);
    expect(await limit.take("k")).toEqual({ allowed: true, remaining: 1, secondsLeft: 60 });
    clock.advance(20_000);
    expect(await limit.take("k")).toEqual({ allowed: true, remaining: 0, secondsLeft: 40 });
    expect(await limit.take("k")).toEqual({ allowed: false, remaining: 0, secondsLeft: 40 });
  });

  it("opens a key's window at its first count and starts afresh when it ends, for each key on its own", async () => {
    const { limiter, clock } = await makeLimiter(T0 + 45_000);
    const limit = limiter.limit("previews", 1, MINUTE_MS);
    expect(await limit.secondsLeft("k")).toBe(60);
    expect(await limit.hit("k")).toBe(true);
    expect(await limit.hit("k")).toBe(false);
    clock.advance(30_000);
    // A window aligned to the clock would have ended here; this one lasts a minute from the first count.
    expect(await limit.hit("k")).toBe(false);
    expect(await limit.hit("other")).toBe(true);
    expect(await limit.secondsLeft("k")).toBe(30);
    clock.advance(29_500);
    expect(await limit.secondsLeft("k")).toBe(1);
    expect(await limit.hit("k")).toBe(false);
    clock.advance(500);
    expect(await limit.peek("k")).toBe(true);
    expect(await limit.hit("k")).toBe(true);
    expect(await limit.secondsLeft("k")).toBe(60);
    expect(await limit.hit("other")).toBe(false);
  });

  it("keeps hour and quarter-hour windows", async () => {
    const { limiter, clock } = await makeLimiter();
    const perPhone = limiter.limit("per-phone", 2, 15 * MINUTE_MS);
    const perHour = limiter.limit("per-hour", 1, HOUR_MS);
    expect([await perPhone.hit("46701234567"), await perPhone.hit("46701234567"), await perPhone.hit("46701234567")]).toEqual([true, true, false]);
    expect([await perHour.hit("k"), await perHour.hit("k")]).toEqual([true, false]);
    clock.advance(14 * MINUTE_MS);
    expect(await perPhone.hit("46701234567")).toBe(false);
    clock.advance(MINUTE_MS);
    expect(await perPhone.hit("46701234567")).toBe(true);
    expect(await perHour.hit("k")).toBe(false);
    clock.advance(45 * MINUTE_MS);
    expect(await perHour.hit("k")).toBe(true);
  });

  it("counts every hit made at the same moment (no lost updates)", async () => {
    const { limiter } = await makeLimiter();
    const limit = limiter.limit("burst", 10, MINUTE_MS);
    const results = await Promise.all(Array.from({ length: 25 }, () => limit.hit("203.0.113.9")));
    expect(results.filter(Boolean)).toHaveLength(10);
  });

  it("refuses a name given twice with other numbers, and returns the same limit for the same numbers", async () => {
    const { limiter } = await makeLimiter();
    const a = limiter.limit("starts", 3, MINUTE_MS);
    expect(limiter.limit("starts", 3, MINUTE_MS)).toBe(a);
    expect(() => limiter.limit("starts", 4, MINUTE_MS)).toThrow(/other numbers/);
  });
});

describe.each(testEngines)("the database counter store on %s", (engine) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.dispose();
    db = undefined;
  });

  it("stores only a hash of the key, and prunes windows that have ended", async () => {
    db = await openTestDatabase(engine);
    let now = T0;
    const store = new DatabaseCounterStore(db.db, () => now);
    const limiter = new RateLimiter(store, () => now);
    await limiter.limit("per-phone", 5, 15 * MINUTE_MS).hit("46701234567");
    await limiter.limit("starts", 5, MINUTE_MS).hit("203.0.113.7");
    const rows = await db.db.selectFrom("rate_limit_counters").selectAll().execute();
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toMatch(/46701234567|203\.0\.113\.7/);
    await store.pruning;
    now += MINUTE_MS;
    expect(await store.prune()).toBe(1);
    now += 14 * MINUTE_MS;
    expect(await store.prune()).toBe(1);
    expect(await db.db.selectFrom("rate_limit_counters").selectAll().execute()).toHaveLength(0);
  });

  it("is shared: two limiters on one database (two instances) count together", async () => {
    db = await openTestDatabase(engine);
    const now = () => T0;
    const one = new RateLimiter(new DatabaseCounterStore(db.db, now), now).limit("starts", 4, MINUTE_MS);
    const two = new RateLimiter(new DatabaseCounterStore(db.db, now), now).limit("starts", 4, MINUTE_MS);
    const results = await Promise.all([one.hit("v"), two.hit("v"), one.hit("v"), two.hit("v"), one.hit("v"), two.hit("v")]);
    expect(results.filter(Boolean)).toHaveLength(4);
  });

  it("counts inside the caller's transaction, and a rolled-back start is not counted", async () => {
    db = await openTestDatabase(engine);
    const now = () => T0;
    const limit = new RateLimiter(new DatabaseCounterStore(db.db, now), now).limit("starts", 1, MINUTE_MS);
    await expect(
      db.db.transaction().execute(async (trx) => {
        expect(await limit.hit("v", trx)).toBe(true);
        throw new Error("the start failed");
      }),
    ).rejects.toThrow("the start failed");
    expect(await limit.peek("v")).toBe(true);
    await db.db.transaction().execute(async (trx) => void (await limit.hit("v", trx)));
    expect(await limit.peek("v")).toBe(false);
  });
});

describe("the memory counter store", () => {
  it("is bounded: ended windows are swept and past the cap the oldest key is dropped", async () => {
    let now = T0;
    const store = new MemoryCounterStore(() => now, 100);
    const limit = new RateLimiter(store, () => now).limit("starts", 5, MINUTE_MS);
    for (let i = 0; i < 250; i++) await limit.hit(`198.51.100.${i}`);
    expect(store.size).toBe(100);
    // The newest keys are still counted.
    expect((await store.current("starts", "198.51.100.249", T0))?.count).toBe(1);
    expect(await store.current("starts", "198.51.100.0", T0)).toBeNull();
    now += 2 * MINUTE_MS;
    await limit.hit("203.0.113.1");
    expect(store.size).toBe(1);
  });
});
