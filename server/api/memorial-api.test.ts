import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { addDays } from "#core/calendar/swedish-calendar";
import type { DeceasedPerson } from "#core/memorial/memorial-records";
import { freePort, startTestServer, type TestServer } from "#tests/support/test-server";

// A personnummer in any of its written forms (ÅÅMMDD-NNNN, ÅÅÅÅMMDDNNNN…).
const PERSONNUMMER = /\b(\d{2})?\d{6}[-+]?\d{4}\b/;

describe("memorial search API", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  const clock = new ManualClock("2026-11-23T12:00:00Z");
  async function started(env: Record<string, string> = {}) {
    server = await startTestServer({ clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json", ...env } });
    return server;
  }
  // Test code reads arbitrary JSON answers; asserting on them is the type check.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function get(url: string): Promise<{ status: number; body: any; headers: Headers }> {
    const response = await fetch(url);
    return { status: response.status, body: await response.json(), headers: response.headers };
  }
  const someone = (s: TestServer, test: (p: DeceasedPerson) => boolean) => s.container.memorial.simulator!.deceased().find(test)!;

  it("finds a recently deceased person by the beginning of the names, with a death notice's fields only", async () => {
    const s = await started();
    const person = someone(s, (p) => p.dateOfDeath >= "2026-10-01" && p.funeralParlour !== null);
    const typed = `${person.givenNames.slice(0, 3)} ${person.surname.slice(0, 4)}`;
    const res = await get(`${s.url}/api/DeceasedPeople/Search?name=${encodeURIComponent(typed)}&pageSize=20`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toMatchObject({ diedFrom: "2026-08-26", diedTo: "2026-11-23" });
    expect(res.body.items).toContainEqual(person);
    for (const item of res.body.items) {
      expect(Object.keys(item).sort()).toEqual(
        ["age", "birthYear", "dateOfDeath", "funeralDate", "funeralParlour", "givenNames", "homeTown", "id", "surname"],
      );
    }
    expect(JSON.stringify(res.body)).not.toMatch(PERSONNUMMER);
  });

  it("folds diacritics: typing without å/ä/ö/é finds the names as written", async () => {
    const s = await started();
    const person = someone(s, (p) => p.dateOfDeath >= "2026-09-01" && /[åäöé]/i.test(p.givenNames + p.surname));
    const folded = `${person.givenNames} ${person.surname}`.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    const res = await get(`${s.url}/api/DeceasedPeople/Search?name=${encodeURIComponent(folded)}&pageSize=20`);
    expect(res.body.items.map((p: DeceasedPerson) => p.id)).toContain(person.id);
    expect(res.body.items[0].givenNames + res.body.items[0].surname).toMatch(/[åäöéÅÄÖÉ]/);
  });

  it("searches only the last 90 days, and the last N days when asked", async () => {
    const s = await started();
    const old = someone(s, (p) => p.dateOfDeath < "2026-08-26");
    const name = encodeURIComponent(`${old.givenNames} ${old.surname}`);
    const res = await get(`${s.url}/api/DeceasedPeople/Search?name=${name}&diedFrom=2026-01-01&pageSize=20`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((p: DeceasedPerson) => p.id)).not.toContain(old.id);
    for (const p of res.body.items) expect(p.dateOfDeath >= "2026-08-26").toBe(true);

    const recent = someone(s, (p) => p.dateOfDeath === "2026-11-20");
    const week = await get(`${s.url}/api/DeceasedPeople/Search?name=${encodeURIComponent(recent.surname)}&withinDays=7&pageSize=20`);
    expect(week.body.diedFrom).toBe(addDays("2026-11-23", -6));
    expect(week.body.items.map((p: DeceasedPerson) => p.id)).toContain(recent.id);
    for (const p of week.body.items) expect(p.dateOfDeath >= "2026-11-17").toBe(true);

    const range = await get(`${s.url}/api/DeceasedPeople/Search?name=${encodeURIComponent(recent.surname)}&diedFrom=2026-11-01&diedTo=2026-11-10`);
    for (const p of range.body.items) expect(p.dateOfDeath >= "2026-11-01" && p.dateOfDeath <= "2026-11-10").toBe(true);
  });

  it("narrows to a home town", async () => {
    const s = await started();
    const res = await get(`${s.url}/api/DeceasedPeople/Search?name=an&town=stockholm&pageSize=20`);
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const p of res.body.items) expect(p.homeTown).toBe("Stockholm");
  });

  it("finds funeral parlours by name or town as one types", async () => {
    const s = await started();
    const res = await get(`${s.url}/api/FuneralParlors/Search?query=${encodeURIComponent("begr umea")}`);
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const p of res.body.items) {
      expect(p.town).toBe("Umeå");
      expect(Object.keys(p).sort()).toEqual(["email", "id", "name", "phone", "postalAddress", "town"]);
    }
  });

  it("answers bad input with 400, a Swedish message and the field, never 5xx", async () => {
    const s = await started();
    const cases: Array<[string, string, RegExp]> = [
      ["/api/DeceasedPeople/Search", "name", /bokstäver/],
      [`/api/DeceasedPeople/Search?name=${"a".repeat(300)}`, "name", /högst 100 tecken/],
      ["/api/DeceasedPeople/Search?name=Karin%00Lind", "name", /tecken som inte hör hemma/],
      ["/api/DeceasedPeople/Search?name=Karin%E2%80%AELind", "name", /tecken som inte hör hemma/],
      ["/api/DeceasedPeople/Search?name=k", "name", /minst 2 bokstäver/],
      ["/api/DeceasedPeople/Search?name=karin&diedFrom=2026-02-30", "diedFrom", /finns inte i kalendern/],
      ["/api/DeceasedPeople/Search?name=karin&diedTo=23/11/2026", "diedTo", /ÅÅÅÅ-MM-DD/],
      ["/api/DeceasedPeople/Search?name=karin&diedFrom=2026-11-10&diedTo=2026-11-01", "diedTo", /före startdatumet/],
      ["/api/DeceasedPeople/Search?name=karin&withinDays=365", "withinDays", /senaste 90 dagarna/],
      ["/api/DeceasedPeople/Search?name=karin&withinDays=abc", "withinDays", /mellan 1 och 90/],
      ["/api/DeceasedPeople/Search?name=karin&pageSize=50", "pageSize", /mellan 1 och 20/],
      ["/api/DeceasedPeople/Search?name=karin&name=lind", "name", /en gång/],
      ["/api/DeceasedPeople/Search?name=karin&personnummer=194103121234", "personnummer", /Okänd parameter/],
      ["/api/FuneralParlors/Search?query=fonus&sort=name", "sort", /Okänd parameter/],
      [`/api/FuneralParlors/Search?query=fonus&town=${"x".repeat(61)}`, "town", /högst 60 tecken/],
    ];
    for (const [path, field, message] of cases) {
      const res = await get(`${s.url}${path}`);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      expect(res.body.error.message).toMatch(/Rätta fälten/);
      expect(res.body.error.fields[field], path).toMatch(message);
    }
  });

  it("limits each search per visitor with a Swedish 429", async () => {
    const s = await started({ RATE_LIMIT_MEMORIAL_SEARCHES_PER_MINUTE: "3" });
    for (let i = 0; i < 3; i++) expect((await get(`${s.url}/api/FuneralParlors/Search?query=fonus`)).status).toBe(200);
    const limited = await get(`${s.url}/api/FuneralParlors/Search?query=fonus`);
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/för många försök/);
    // The other search counts on its own.
    expect((await get(`${s.url}/api/DeceasedPeople/Search?name=anna`)).status).toBe(200);
  });

  it("keeps a looser live source to the window and to a death notice's fields", async () => {
    const source = express();
    const notice = (id: string, dateOfDeath: string) => ({
      id,
      givenNames: "Karin",
      surname: "Lindqvist",
      birthYear: 1941,
      age: 85,
      dateOfDeath,
      homeTown: "Umeå",
      funeralDate: null,
      funeralParlour: null,
      personnummer: "194103121234",
      relatives: ["Anna"],
    });
    source.get("/v1/deceased", (_req, res) => {
      res.json({ total: 3, items: [notice("D-new", "2026-11-02"), notice("D-old", "2026-05-01"), notice("D-future", "2026-12-24")] });
    });
    const fake = await new Promise<http.Server>((resolve) => {
      const s = source.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const s = await started({
        MEMORIAL_SOURCE_MODE: "live",
        MEMORIAL_SOURCE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
        MEMORIAL_SOURCE_API_KEY: "k".repeat(20),
      });
      const res = await get(`${s.url}/api/DeceasedPeople/Search?name=karin`);
      expect(res.status).toBe(200);
      expect(res.body.items.map((p: DeceasedPerson) => p.id)).toEqual(["D-new"]);
      expect(res.body.items[0]).not.toHaveProperty("personnummer");
      expect(JSON.stringify(res.body)).not.toMatch(PERSONNUMMER);
      expect(JSON.stringify(res.body)).not.toContain("relatives");
    } finally {
      fake.closeAllConnections();
      await new Promise((resolve) => fake.close(resolve));
    }
  });

  it("answers 503 with a Swedish message when the source is down or refuses us", async () => {
    const s = await started();
    const down = await get(`${s.url}/api/DeceasedPeople/Search?name=test-unavailable`);
    expect(down.status).toBe(503);
    expect(down.body.error).toMatchObject({ code: "source_unavailable", message: expect.stringMatching(/Skriv in namnet/) });
    expect(down.headers.get("retry-after")).toBe("30");
    expect((await get(`${s.url}/api/FuneralParlors/Search?query=test-garbage`)).status).toBe(503);
    await s.dispose();
    server = undefined;

    const nobody = await freePort();
    const live = await started({ MEMORIAL_SOURCE_MODE: "live", MEMORIAL_SOURCE_URL: `http://127.0.0.1:${nobody}`, MEMORIAL_SOURCE_API_KEY: "k".repeat(20) });
    expect(live.container.memorial.simulator).toBeNull();
    const unreachable = await get(`${live.url}/api/FuneralParlors/Search?query=fonus`);
    expect(unreachable.status).toBe(503);
    expect(unreachable.body.error.message).toMatch(/byråns namn och adress själv/);
    expect((await fetch(`${live.url}/_sim/memorial-source/v1/funeral-parlours?q=fonus`)).status).not.toBe(200);
  });
});
