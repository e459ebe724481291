import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OffsetClock, ManualClock } from "#core/clock";
import { enqueueJob } from "#core/jobs/job-queue";
import { testGift } from "#tests/support/test-gift";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";

/** POSTs JSON as a browser that already holds `cookie`; the answer's cookie as a Cookie header ("name=value"). */
// Test code reads arbitrary JSON answers; asserting on them is the type check.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function post(url: string, body: unknown, cookie?: string): Promise<{ status: number; body: any; cookie: string | undefined; setCookie: string | null }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const setCookie = response.headers.get("set-cookie");
  return { status: response.status, body: await response.json(), cookie: setCookie?.split(";")[0], setCookie };
}

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

describe("test sessions", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ENABLE_TEST_ROUTES: "true" } });
  });
  afterAll(() => server.dispose());

  it("signs a browser in as a BankID test person, made and linked as a BankID login makes the donor, with the login's cookie", async () => {
    const { container } = server;
    // A gift given with Erik Lindgren's personnummer before he ever logged in.
    await container.db.insertInto("gifts").values(testGift({ id: "before-login", donor_personnummer: "198112289874", idempotency_key: "before-login" })).execute();
    const earlier = await post(`${server.url}/_test/session/donor`, { personnummer: "198112289874" });

    const answer = await post(`${server.url}/_test/session/donor`, { personnummer: "19811228-9874" }, earlier.cookie);
    expect(answer.status).toBe(200);
    expect(answer.setCookie).toMatch(/^hl_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    const session = await container.donors.sessions.current(answer.cookie);
    expect(session?.donor).toMatchObject({ id: answer.body.donorId, personnummer: "198112289874", given_name: "Erik", surname: "Lindgren", street: "Storgatan 12" });
    const gift = await container.db.selectFrom("gifts").select("donor_id").where("id", "=", "before-login").executeTakeFirstOrThrow();
    expect(gift.donor_id).toBe(answer.body.donorId);
    // As a login does, the session the browser came with is ended.
    expect(await container.donors.sessions.current(earlier.cookie)).toBeNull();
  });

  it("registers a BankID test person as staff with the roles asked for and starts a staff session bound to the browser's address", async () => {
    const { container } = server;
    const answer = await post(`${server.url}/_test/session/staff`, { personnummer: "198004262385", roles: ["insamling", "ekonomi"] });
    expect(answer.status).toBe(200);
    expect(answer.setCookie).toMatch(/^hl_staff=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    const check = await container.staff.sessions.check(answer.cookie, "127.0.0.1");
    expect(check).toMatchObject({ state: "active", staff: { id: answer.body.staffId, name: "Karin Holm", roles: ["insamling", "ekonomi"] } });
    expect((await container.staff.sessions.check(answer.cookie, "10.0.0.1")).state).toBe("moved");
    const signIns = await container.db.selectFrom("audit_log").select(["action", "staff_id"]).where("action", "=", "staff.sign_in").execute();
    expect(signIns).toEqual([{ action: "staff.sign_in", staff_id: answer.body.staffId }]);
  });

  it("refuses anyone who is not one of the BankID simulator's test persons, and a blocked BankID", async () => {
    for (const body of [{ personnummer: "199001019999" }, { personnummer: "198508122382" }, { personnummer: 198112289874 }, {}]) {
      const answer = await post(`${server.url}/_test/session/donor`, body);
      expect(answer.status).toBe(400);
      expect(answer.setCookie).toBeNull();
    }
    const noRole = await post(`${server.url}/_test/session/staff`, { personnummer: "198004262385", roles: ["chef"] });
    expect(noRole.status).toBe(400);
  });
});

describe("test routes switched off", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.dispose());

  it("answers 404 for every route, and makes no session", async () => {
    expect((await postJson(`${server.url}/_test/clock`, { advanceMs: 1000 })).status).toBe(404);
    expect((await postJson(`${server.url}/_test/jobs/run`, {})).status).toBe(404);
    expect((await postJson(`${server.url}/_test/rate-limits/fill`, { limit: "swish-requests-per-phone", key: "46700000111" })).status).toBe(404);
    const donor = await post(`${server.url}/_test/session/donor`, { personnummer: "198112289874" });
    const staff = await post(`${server.url}/_test/session/staff`, { personnummer: "198004262385", roles: ["admin"] });
    for (const answer of [donor, staff]) {
      expect(answer.status).toBe(404);
      expect(answer.setCookie).toBeNull();
    }
    expect(await server.container.db.selectFrom("donors").select("id").execute()).toEqual([]);
    expect(await server.container.db.selectFrom("staff").select("id").execute()).toEqual([]);
  });
});
