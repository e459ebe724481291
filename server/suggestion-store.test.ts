import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { QuerySuggestions } from "#core/search/suggestions";
import { DbKeyValueStore } from "#db/kv-entries";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { SUGGESTIONS_KEY, SuggestionStore } from "./suggestion-store";

describe.each(testEngines)("shared state in kv_entries on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  function instance(kv: DbKeyValueStore) {
    const options = { minCount: 1 };
    const suggestions = new QuerySuggestions(options);
    return { suggestions, store: new SuggestionStore({ kv, suggestions, suggestionOptions: options, logger: silentLogger }) };
  }

  it("stores JSON, overwrites it, and reads unreadable rows as absent", async () => {
    database = await openTestDatabase(engine);
    const kv = new DbKeyValueStore(database.db, new ManualClock());
    expect(await kv.get("x")).toBeUndefined();
    await kv.set("x", { a: 1 });
    await kv.set("x", { a: 2 });
    expect(await kv.get("x")).toEqual({ a: 2 });
    await database.db.updateTable("kv_entries").set({ value: "{not json" }).where("key", "=", "x").execute();
    expect(await kv.get("x")).toBeUndefined();
  });

  it("update() loses no increment when several writers race", async () => {
    database = await openTestDatabase(engine);
    const kv = new DbKeyValueStore(database.db, new ManualClock());
    await kv.set("n", 0);
    let calls = 0;
    await Promise.all(
      Array.from({ length: 4 }, () =>
        kv.update("n", (current) => {
          calls++;
          return Number(current) + 1;
        }),
      ),
    );
    expect(await kv.get("n")).toBe(4);
    // Whether the writers actually overlap depends on the pool and the machine,
    // so the count of tries is only bounded: each writer tried at least once.
    expect(calls).toBeGreaterThanOrEqual(4);
  });

  it("merges searches recorded on two instances and shares them after sync", async () => {
    database = await openTestDatabase(engine);
    const kv = new DbKeyValueStore(database.db, new ManualClock());
    const a = instance(kv);
    const b = instance(kv);
    expect(a.store.record("förmaksflimmer", 3)).toBe(true);
    expect(a.store.record("förmaksflimmer", 1)).toBe(true);
    expect(b.store.record("förmaksflimmer", 2)).toBe(true);
    expect(b.store.record("ingen träff", 0)).toBe(false);
    expect(b.store.record("19811228-9874", 4)).toBe(false);
    expect(b.suggestions.suggest("förm")).toEqual(["förmaksflimmer"]);

    await a.store.sync();
    await b.store.sync();
    expect(a.store.pendingCount).toBe(0);
    expect(await kv.get(SUGGESTIONS_KEY)).toEqual({ version: 1, queries: [{ query: "förmaksflimmer", count: 3 }] });

    await a.store.sync();
    expect(a.suggestions.toJSON().queries).toEqual([{ query: "förmaksflimmer", count: 3 }]);

    const restarted = instance(kv);
    await restarted.store.load();
    expect(restarted.suggestions.suggest("FORM")).toEqual(["förmaksflimmer"]);
  });
});
