import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { ResearchPortalClient, ResearchPortalError } from "./client";
import { createResearchPortalSimulator } from "./simulator/research-portal-simulator";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function simulator(): Promise<string> {
  const app = express();
  app.use("/_sim/research-portal", createResearchPortalSimulator());
  return `${await listen(app)}/_sim/research-portal`;
}

function answer(status: number, body: string, contentType = "application/json"): http.RequestListener {
  return (_req, res) => {
    res.writeHead(status, { "content-type": contentType });
    res.end(body);
  };
}

async function expectPortalError(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ResearchPortalError);
  expect((error as ResearchPortalError).code).toBe(code);
}

describe("ResearchPortalClient against the simulator", () => {
  it("fetches at least 40 fictional projects mapped to the domain type", async () => {
    const client = new ResearchPortalClient({ baseUrl: await simulator(), product: "befolkningsstudien" });
    const projects = await client.fetchApproved();
    expect(projects.length).toBeGreaterThanOrEqual(40);
    expect(new Set(projects.map((p) => p.id)).size).toBe(projects.length);
    const years = new Set(projects.map((p) => p.year));
    for (let y = 2019; y <= 2026; y++) expect(years.has(y), String(y)).toBe(true);
    expect(new Set(projects.map((p) => p.area))).toEqual(new Set(["hjärta", "lunga", "kärl", "sömn", "barn", "övrigt"]));
    const first = projects[0]!;
    expect(first).toMatchObject({
      id: expect.stringMatching(/^PET-\d{4}-\d{3}$/),
      title: expect.any(String),
      titleEn: expect.any(String),
      approvalDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      summary: { sv: expect.any(String), en: expect.any(String) },
    });
    expect(first.year).toBe(Number(first.approvalDate.slice(0, 4)));
  });

  it("requests GET {baseUrl}/{product}/petitions/approved/", async () => {
    let seen = "";
    const baseUrl = await listen((req, res) => {
      seen = `${req.method} ${req.url}`;
      res.end(JSON.stringify({ petitions: [] }));
    });
    await new ResearchPortalClient({ baseUrl: `${baseUrl}/`, product: "min studie" }).fetchApproved();
    expect(seen).toBe("GET /min%20studie/petitions/approved/");
  });

  it("reports the simulator's deterministic failure products as typed errors", async () => {
    const baseUrl = await simulator();
    await expectPortalError(new ResearchPortalClient({ baseUrl, product: "test-unavailable" }).fetchApproved(), "http_status");
    await expectPortalError(new ResearchPortalClient({ baseUrl, product: "test-garbage" }).fetchApproved(), "invalid_response");
    expect(await new ResearchPortalClient({ baseUrl, product: "test-empty" }).fetchApproved()).toEqual([]);
  });
});

describe("ResearchPortalClient when the portal misbehaves", () => {
  it("connection refused → unreachable", async () => {
    const baseUrl = await listen(() => undefined);
    await new Promise((resolve) => servers.pop()!.close(resolve));
    await expectPortalError(new ResearchPortalClient({ baseUrl, product: "p" }).fetchApproved(), "unreachable");
  });

  it("a server that never answers → timeout after the configured time", async () => {
    const baseUrl = await listen(() => {
      // Never responds.
    });
    const started = Date.now();
    await expectPortalError(new ResearchPortalClient({ baseUrl, product: "p", timeoutMs: 200 }).fetchApproved(), "timeout");
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("uses the spec's 10 s timeout by default", async () => {
    let timeoutMs = 0;
    const client = new ResearchPortalClient({
      baseUrl: "http://portal.test",
      product: "p",
      request: async (req) => {
        timeoutMs = req.timeoutMs;
        return { status: 200, headers: {}, body: '{"petitions":[]}' };
      },
    });
    await client.fetchApproved();
    expect(timeoutMs).toBe(10_000);
  });

  it.each([
    ["HTML", "<html>oops</html>"],
    ["empty body", ""],
    ["wrong JSON shape", '{"items": []}'],
    ["petitions not an array", '{"petitions": "many"}'],
    ["only unreadable petitions", '{"petitions": [{"petitionId": 1}, null, 42]}'],
  ])("garbage (%s) → invalid_response", async (_name, body) => {
    const baseUrl = await listen(answer(200, body));
    await expectPortalError(new ResearchPortalClient({ baseUrl, product: "p" }).fetchApproved(), "invalid_response");
  });

  it("HTTP 500 → http_status with the status", async () => {
    const baseUrl = await listen(answer(500, "{}"));
    const error = await new ResearchPortalClient({ baseUrl, product: "p" }).fetchApproved().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "http_status", status: 500 });
  });

  it("skips single unreadable petitions and duplicates, keeps the rest, maps unknown areas to övrigt", async () => {
    const good = {
      petitionId: "A-1",
      title: { sv: "Titel", en: "" },
      applicant: { name: "Anna Exempelsson", organisation: "Exempeluniversitetet" },
      approvedAt: "2023-05-06T10:00:00Z",
      researchArea: "Njurar",
    };
    const body = JSON.stringify({ petitions: [good, { ...good, petitionId: "B-2", approvedAt: "igår" }, good] });
    const baseUrl = await listen(answer(200, body));
    const projects = await new ResearchPortalClient({ baseUrl, product: "p" }).fetchApproved();
    expect(projects).toEqual([
      {
        id: "A-1",
        title: "Titel",
        titleEn: undefined,
        principalInvestigator: "Anna Exempelsson",
        institution: "Exempeluniversitetet",
        approvalDate: "2023-05-06",
        area: "övrigt",
        summary: { sv: "", en: undefined },
        year: 2023,
      },
    ]);
  });
});
