import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { openTestDatabase, testEngines } from "#tests/support/test-databases";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { checkReadiness } from "./readiness";

describe.each(testEngines)("readiness on %s", (engine) => {
  const clock = new ManualClock();
  const deps = { clock, logger: silentLogger, jobsLastAlive: () => undefined, jobsStaleAfterMs: 300_000 };

  it("is not ready while a migration this code knows has not run, and says which", async () => {
    const database = await openTestDatabase(engine, { upTo: "0024-donor-pending-email" });
    try {
      const readiness = await checkReadiness({ ...deps, ...database });
      expect(readiness).toMatchObject({ ready: false, reason: "migrations" });
      expect(readiness.ready || readiness.detail).toContain("migrations not run: 0025-autogiro-requests-by-payment");
    } finally {
      await database.dispose();
    }
  });

  it("is not ready when the database does not answer", async () => {
    const database = await openTestDatabase(engine);
    await database.dispose();
    expect(await checkReadiness({ ...deps, ...database })).toMatchObject({ ready: false, reason: "database" });
  });

  it("is ready on a migrated database where no job loop runs", async () => {
    const database = await openTestDatabase(engine);
    try {
      expect(await checkReadiness({ ...deps, ...database })).toEqual({ ready: true });
    } finally {
      await database.dispose();
    }
  });
});

describe("GET /readyz", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    server?.container.jobs.stop();
    await server?.dispose();
    server = undefined;
  });

  it("answers 200 when ready, and 503 with the reason once the job loop has been quiet longer than READY_JOBS_STALE_AFTER_MS", async () => {
    const clock = new ManualClock("2026-03-02T10:00:00.000Z");
    server = await startTestServer({ clock, env: { READY_JOBS_STALE_AFTER_MS: "60000" } });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({ status: "ready" });

    // A loop that never gets to finish a round: an hour between rounds stands in for one stuck on a hung connection.
    server.container.jobs.start(3_600_000);
    clock.advance(60_000);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    clock.advance(1_000);
    const stale = await fetch(`${server.url}/readyz`);
    expect(stale.status).toBe(503);
    expect(await stale.json()).toEqual({ status: "not-ready", reason: "jobs", detail: "the job loop has not finished a round for 61 s" });
    // Liveness is another question: the process and its database still answer.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("leaves the job loop out where READY_JOBS_STALE_AFTER_MS is 0", async () => {
    const clock = new ManualClock("2026-03-02T10:00:00.000Z");
    server = await startTestServer({ clock, env: { READY_JOBS_STALE_AFTER_MS: "0" } });
    server.container.jobs.start(3_600_000);
    clock.advance(86_400_000);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});
