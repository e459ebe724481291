import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { deathDateRange } from "#core/memorial/death-window";
import { MemorialSourceError } from "#core/memorial/memorial-source";
import { MemorialSourceClient } from "./client";
import { createMemorialSourceSimulator } from "./simulator/memorial-source-simulator";

const API_KEY = "test-key-0123456789abcdef";
const clock = new ManualClock("2026-11-23T12:00:00Z");
const dates = deathDateRange(clock.now(), 90)!;

let servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  servers = [];
});

async function serve(app: express.Express): Promise<string> {
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function simulatorUrl(options: { slowMs?: number } = {}) {
  const simulator = createMemorialSourceSimulator({ clock, apiKey: API_KEY, ...options });
  const app = express();
  app.use("/_sim/memorial-source", simulator.router);
  return { base: `${await serve(app)}/_sim/memorial-source`, simulator };
}

async function failure(promise: Promise<unknown>): Promise<MemorialSourceError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(MemorialSourceError);
    return error as MemorialSourceError;
  }
  throw new Error("expected the call to fail");
}

describe("memorial source client ↔ simulator over HTTP", () => {
  it("reads one person and one parlour by the id a search returned, and says null for an unknown id", async () => {
    const { base, simulator } = await simulatorUrl();
    const someone = simulator.deceased().find((p) => p.funeralParlour)!;
    const client = new MemorialSourceClient({ baseUrl: base, apiKey: API_KEY });
    expect(await client.deceased(someone.id)).toEqual(someone);
    expect(await client.funeralParlour(someone.funeralParlour!.id)).toEqual(someone.funeralParlour);
    expect(await client.deceased("no-such-person")).toBeNull();
    expect(await client.funeralParlour("../../v1/deceased")).toBeNull();
    const wrongKey = new MemorialSourceClient({ baseUrl: base, apiKey: "wrong-key-0123456789abcdef" });
    expect((await failure(wrongKey.deceased(someone.id))).code).toBe("unauthorized");
  });

  it("finds the deceased by a typed name with the simulator's ranking", async () => {
    const { base, simulator } = await simulatorUrl();
    const someone = simulator.deceased().find((p) => p.dateOfDeath >= dates.from && p.funeralParlour)!;
    const client = new MemorialSourceClient({ baseUrl: base, apiKey: API_KEY });
    const typed = `${someone.givenNames.slice(0, 3)} ${someone.surname.slice(0, 4)}`;
    const page = await client.searchDeceased({ name: typed, dates, limit: 20 });
    expect(page.items.map((p) => p.id)).toEqual(
      simulator.deceasedIndex().search({ name: typed, dates, limit: 20 }).items.map((p) => p.id),
    );
    expect(page.items).toContainEqual(someone);
    expect(page.total).toBeGreaterThanOrEqual(page.items.length);
  });

  it("finds funeral parlours by name or town", async () => {
    const { base, simulator } = await simulatorUrl();
    const client = new MemorialSourceClient({ baseUrl: base, apiKey: API_KEY });
    const fonus = simulator.parlours().find((p) => p.name.startsWith("Fonus "))!;
    const page = await client.searchFuneralParlours({ query: `fonus ${fonus.town.slice(0, 3)}`, limit: 20 });
    expect(page.items).toContainEqual(fonus);
    const inTown = await client.searchFuneralParlours({ query: "begr", town: fonus.town, limit: 50 });
    for (const p of inTown.items) expect(p.town).toBe(fonus.town);
  });

  it("is refused without the right API key", async () => {
    const { base } = await simulatorUrl();
    const error = await failure(new MemorialSourceClient({ baseUrl: base, apiKey: "wrong-key-0123456789" }).searchDeceased({ name: "anna", dates, limit: 5 }));
    expect(error.code).toBe("unauthorized");
    expect(error.status).toBe(401);
  });

  it("turns a source that is down, slow, unreachable or sends garbage into a MemorialSourceError", async () => {
    const { base } = await simulatorUrl({ slowMs: 2_000 });
    const client = new MemorialSourceClient({ baseUrl: base, apiKey: API_KEY, timeoutMs: 300 });
    expect((await failure(client.searchDeceased({ name: "test-unavailable", dates, limit: 5 }))).code).toBe("http_status");
    expect((await failure(client.searchFuneralParlours({ query: "test-garbage", limit: 5 }))).code).toBe("invalid_response");
    expect((await failure(client.searchDeceased({ name: "test-slow", dates, limit: 5 }))).code).toBe("timeout");
    const closed = await serve(express());
    servers.pop()!.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await failure(new MemorialSourceClient({ baseUrl: closed, apiKey: API_KEY }).searchFuneralParlours({ query: "fonus", limit: 5 }))).code).toBe(
      "unreachable",
    );
  });

  it("drops whatever a source sends beyond the protocol's fields, such as a personnummer", async () => {
    const app = express();
    app.get("/v1/deceased", (_req, res) => {
      res.json({
        total: 2,
        items: [
          {
            id: "D1",
            givenNames: "Karin",
            surname: "Lindqvist",
            birthYear: 1941,
            age: 85,
            dateOfDeath: "2026-11-02",
            homeTown: "Umeå",
            funeralDate: null,
            funeralParlour: null,
            personnummer: "19410312-1234",
            address: "Storgatan 1",
          },
          { id: "D2", givenNames: "Trasig" },
        ],
      });
    });
    const client = new MemorialSourceClient({ baseUrl: await serve(app), apiKey: API_KEY });
    const page = await client.searchDeceased({ name: "karin", dates, limit: 5 });
    expect(page.items).toEqual([
      { id: "D1", givenNames: "Karin", surname: "Lindqvist", birthYear: 1941, age: 85, dateOfDeath: "2026-11-02", homeTown: "Umeå", funeralDate: null, funeralParlour: null },
    ]);
    expect(JSON.stringify(page)).not.toContain("1234");
  });

  it("sends the protocol's parameters and the key header", async () => {
    let seen: { query: unknown; key: string | undefined } | undefined;
    const app = express();
    app.get("/v1/deceased", (req, res) => {
      seen = { query: req.query, key: req.get("x-api-key") };
      res.json({ total: 0, items: [] });
    });
    const client = new MemorialSourceClient({ baseUrl: `${await serve(app)}/`, apiKey: API_KEY });
    await client.searchDeceased({ name: "Åsa Björk", town: "Västerås", dates: { from: "2026-10-01", to: "2026-11-23" }, limit: 7 });
    expect(seen).toEqual({
      query: { name: "Åsa Björk", town: "Västerås", diedFrom: "2026-10-01", diedTo: "2026-11-23", limit: "7" },
      key: API_KEY,
    });
  });
});

describe("the simulator's protocol checks", () => {
  it("answers bad parameters with 400 and names the parameter", async () => {
    const { base } = await simulatorUrl();
    const get = async (path: string) => {
      const response = await fetch(`${base}${path}`, { headers: { "x-api-key": API_KEY } });
      return { status: response.status, body: (await response.json()) as { error?: { code: string; parameter?: string } } };
    };
    expect(await get("/v1/deceased?name=anna&diedFrom=2026-02-30&diedTo=2026-11-23")).toMatchObject({
      status: 400,
      body: { error: { code: "invalid_parameter", parameter: "diedFrom" } },
    });
    expect((await get("/v1/deceased?name=anna&diedFrom=2026-10-01")).body.error?.parameter).toBe("diedTo");
    expect((await get("/v1/funeral-parlours?q=fonus&limit=51")).body.error?.parameter).toBe("limit");
    expect((await get("/v1/funeral-parlours?q=fonus&sort=name")).body.error?.parameter).toBe("sort");
    expect((await get("/v1/nothing")).status).toBe(404);
  });
});
