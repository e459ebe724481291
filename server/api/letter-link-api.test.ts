import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import { ManualClock } from "#core/clock";
import { testEngines } from "#tests/support/test-databases";
import { insertTestDonor } from "#tests/support/test-donor";
import { issueLetterLink, type IssuedLetterLink } from "#core/letter-links/letter-links";
import { newLetterReference } from "#core/letter-links/letter-link-reference";
import { createLogger } from "../logging";
import { startTestServer, type TestServer } from "#tests/support/test-server";

const PERSONNUMMER = "198112289874";

describe.each(testEngines)("GET /api/donor/{id} on %s", (engine) => {
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");
  const logLines: string[] = [];
  let server: TestServer;
  let link: IssuedLetterLink;
  let donorId = "";
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer({
      engine,
      clock,
      logger: createLogger("debug", logStream),
      env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json", RATE_LIMIT_LETTER_LINKS_PER_MINUTE: "10" },
    });
    const donor = await insertTestDonor(server.container.db, clock, { personnummer: PERSONNUMMER, email: "erik@exempel.se", phone: "0701234567" });
    donorId = donor.id;
    link = await issueLetterLink({ db: server.container.db, clock }, donor, 60);
  });
  afterAll(() => server.dispose());
  // A new minute for each test: the per-visitor window starts afresh.
  beforeEach(() => clock.advance(60_000));

  const get = (id: string) => fetch(`${server.url}/api/donor/${encodeURIComponent(id)}`);

  it("answers only the name and postal address, never to be cached", async () => {
    const answer = await get(link.reference);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const text = await answer.text();
    expect(JSON.parse(text)).toStrictEqual({ name: "Erik Lindgren", street: "Ringvägen 12", postalCode: "118 60", city: "Stockholm" });
    for (const secret of [PERSONNUMMER, "erik@exempel.se", "0701234567", donorId]) expect(text).not.toContain(secret);
  });

  // Issue #30: /brev/{reference} took a reference typed in small letters and this answered 404 to it.
  it("takes the reference in small letters, as /brev/{reference} does", async () => {
    const answer = await get(` ${link.reference.toLowerCase()}`);
    expect(answer.status).toBe(200);
    expect((await answer.json()).name).toBe("Erik Lindgren");
  });

  it("answers 404 alike for an unknown, malformed or sequential id, a donor id, and an expired link", async () => {
    const answers = [];
    for (const id of [newLetterReference(), newLetterReference().toLowerCase(), "1", "12345", donorId, "../../etc/passwd"]) {
      const answer = await get(id);
      expect(answer.status, id).toBe(404);
      expect(answer.headers.get("cache-control"), id).toBe("no-store");
      answers.push(await answer.json());
    }
    const expiring = await issueLetterLink({ db: server.container.db, clock }, (await server.container.db.selectFrom("donors").selectAll().where("id", "=", donorId).executeTakeFirstOrThrow()), 1);
    expect((await get(expiring.reference)).status).toBe(200);
    clock.advance(86_400_000);
    const expired = await get(expiring.reference);
    expect(expired.status).toBe(404);
    answers.push(await expired.json());
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ error: { code: "not_found", message: expect.stringMatching(/Länken fungerar inte längre/) } });
  });

  it("limits each visitor to RATE_LIMIT_LETTER_LINKS_PER_MINUTE", async () => {
    for (let i = 0; i < 10; i++) expect((await get(newLetterReference())).status).toBe(404);
    const limited = await get(link.reference);
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.code).toBe("rate_limited");
    clock.advance(60_000);
    expect((await get(link.reference)).status).toBe(200);
  });

  it("never writes the reference or a personnummer to the log, even when the request fails", async () => {
    const container = server.container as { db: Kysely<DB> };
    const db = container.db;
    // The database fails with the path and the donor's number in its message, as a driver error might.
    container.db = new Proxy(db, {
      get(target, property, receiver) {
        if (property === "selectFrom") throw new Error(`query for /api/donor/${link.reference} (donor ${PERSONNUMMER}) failed`);
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    try {
      const failed = await get(link.reference);
      expect(failed.status).toBe(500);
      expect((await failed.json()).error.code).toBe("internal_error");
    } finally {
      container.db = db;
    }
    const log = logLines.join("");
    expect(log).toContain("API request failed");
    expect(log).toContain("/donor/[redacted]");
    expect(log).not.toContain(link.reference);
    expect(log).not.toContain(PERSONNUMMER);
  });
});
