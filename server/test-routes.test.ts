import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OffsetClock, ManualClock } from "../core/clock";
import { enqueueJob } from "../core/jobs/job-queue";
import { postJson, startTestServer, type TestServer } from "./test-harness";

describe("OffsetClock", () => {
  it("adds the offset to the base clock and keeps counting from a set instant", () => {
    const base = new ManualClock("2026-03-01T08:00:00.000Z");
    const clock = new OffsetClock(base);
    clock.advance(86_400_000);
    expect(clock.now().toISOString()).toBe("2026-03-02T08:00:00.000Z");
    base.advance(1_000);
    expect(clock.now().toISOString()).toBe("2026-03-02T08:00:01.000Z");
    clock.set("2027-01-01T00:00:00.000Z");
    base.advance(500);
    expect(clock.now().toISOString()).toBe("2027-01-01T00:00:00.500Z");
  });
});

describe("test routes switched on", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ENABLE_TEST_ROUTES: "true" } });
  });
  afterAll(() => server.dispose());

  it("moves the server's clock and runs only the jobs due at the new now", async () => {
    const { container } = server;
    expect(container.clock).toBeInstanceOf(OffsetClock);
    const tomorrow = new Date(container.clock.now().getTime() + 86_400_000);
    await enqueueJob(container.db, container.clock, { type: "no-such-job-type", payload: {}, runAt: tomorrow });
    const attempts = async () =>
      (await container.db.selectFrom("jobs").select("attempts").where("type", "=", "no-such-job-type").executeTakeFirstOrThrow()).attempts;

    const early = await postJson(`${server.url}/_test/jobs/run`, {});
    expect(early.status).toBe(200);
    expect(await attempts()).toBe(0);

    const moved = await postJson(`${server.url}/_test/clock`, { advanceMs: 86_400_000 + 60_000 });
    expect(moved.status).toBe(200);
    expect(new Date(moved.body.now).getTime()).toBeGreaterThan(tomorrow.getTime());

    const run = await postJson(`${server.url}/_test/jobs/run`, {});
    expect(run.status).toBe(200);
    expect(run.body.ran).toBeGreaterThanOrEqual(1);
    expect(await attempts()).toBe(1);
  });

  it("sets the clock to an instant and refuses a malformed move", async () => {
    const set = await postJson(`${server.url}/_test/clock`, { to: "2030-06-01T12:00:00Z" });
    expect(set.status).toBe(200);
    expect(Math.abs(new Date(set.body.now).getTime() - Date.parse("2030-06-01T12:00:00Z"))).toBeLessThan(5_000);
    const bad = await postJson(`${server.url}/_test/clock`, { advanceMs: "soon" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_clock_move");
  });

  it("fills a rate limit for one key only, and refuses a limit the server does not have", async () => {
    const perPhone = server.container.rateLimiter.named("swish-requests-per-phone")!;
    const filled = await postJson(`${server.url}/_test/rate-limits/fill`, { limit: "swish-requests-per-phone", key: "46700000111" });
    expect(filled.status).toBe(200);
    expect(filled.body.full).toBe(true);
    expect(await perPhone.peek("46700000111")).toBe(false);
    expect(await perPhone.peek("46700000112")).toBe(true);
    const unknown = await postJson(`${server.url}/_test/rate-limits/fill`, { limit: "no-such-limit", key: "x" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe("invalid_limit");
  });
});

describe("test routes switched off", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.dispose());

  it("answers 404 for every route", async () => {
    expect((await postJson(`${server.url}/_test/clock`, { advanceMs: 1000 })).status).toBe(404);
    expect((await postJson(`${server.url}/_test/jobs/run`, {})).status).toBe(404);
    expect((await postJson(`${server.url}/_test/rate-limits/fill`, { limit: "swish-requests-per-phone", key: "46700000111" })).status).toBe(404);
  });
});
