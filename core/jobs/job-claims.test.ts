import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { silentLogger } from "../logger";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { JobRunner, type JobHandler } from "./job-runner";
import { enqueueJob, failJob, LOCK_MS } from "./job-queue";

/**
 * Issue #19, more than one server: a runner used to claim ten jobs at once
 * with one 60 s claim and run them one after another, so a slow batch outlived
 * the claim of its last jobs and another instance claimed and ran them again.
 * Each job is now claimed just before it runs.
 */
describe.each(testEngines)("job claims with two runners on one %s database", (engine) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.dispose();
    db = undefined;
  });

  it("runs every job once although the first runner's jobs together outlive a claim", async () => {
    db = await openTestDatabase(engine);
    const clock = new ManualClock(new Date("2026-11-25T10:00:00Z"));
    const runs: Array<{ runner: string; job: number }> = [];
    const other: { runner?: JobRunner } = {};
    const handler =
      (runner: string): JobHandler =>
      async (payload) => {
        const { n } = payload as { n: number };
        runs.push({ runner, job: n });
        // The first runner's jobs take two thirds of a claim each: each within its own, but two of them outlive one claim for both.
        if (runner === "one") clock.advance((LOCK_MS * 2) / 3);
        // While the first runner is on its second job, the other instance's loop comes round.
        if (runner === "one" && n === 2) await other.runner!.runOnce();
      };
    const runner = (name: string) =>
      new JobRunner({ db: db!.db, engine, clock, logger: silentLogger, handlers: { "test.job": handler(name) }, sleep: async () => {} });
    const first = runner("one");
    const second = runner("two");
    other.runner = second;
    for (const n of [1, 2, 3]) {
      await enqueueJob(db.db, clock, { type: "test.job", payload: { n }, dedupeKey: `test:${n}` });
      clock.advance(1);
    }

    await first.runOnce();
    await second.runOnce();

    expect(runs.map((r) => r.job).sort()).toEqual([1, 2, 3]);
    expect(runs).toEqual([
      { runner: "one", job: 1 },
      { runner: "one", job: 2 },
      { runner: "two", job: 3 },
    ]);
    const done = await db.db.selectFrom("jobs").select(["done_at"]).where("done_at", "is not", null).execute();
    expect(done).toHaveLength(3);
  });

  it("does not let a runner that lost its claim reschedule the job the new holder runs", async () => {
    db = await openTestDatabase(engine);
    const clock = new ManualClock(new Date("2026-11-25T10:00:00Z"));
    await enqueueJob(db.db, clock, { type: "test.job", payload: {} });
    const row = await db.db.selectFrom("jobs").select(["id", "type"]).executeTakeFirstOrThrow();
    // Claimed by a runner as attempt 1, then taken over (attempt 2) after the claim ran out.
    await db.db.updateTable("jobs").set({ attempts: 2, locked_until: new Date(clock.now().getTime() + LOCK_MS).toISOString() }).execute();
    await failJob(db.db, clock, { id: row.id, type: row.type, payload: {}, attempts: 1 }, new Error("late failure"));
    const after = await db.db.selectFrom("jobs").selectAll().executeTakeFirstOrThrow();
    expect(after.locked_until).not.toBeNull();
    expect(after.last_error).toBeNull();
  });
});
