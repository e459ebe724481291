import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { parseBriteCallback } from "./callback";
import { BriteApiError, BriteClient, type BriteCallbackSubscription } from "./client";
import { createDepositSessionOnce } from "./create-deposit-session-once";
import { createBriteSimulator } from "./simulator/create-brite-simulator";
import { createFileBriteStore } from "./simulator/file-store";
import { storeOver, type BriteSimData, type BriteSimStore } from "./simulator/session-store";
import { SessionState, TransactionState } from "./states";

const PUBLIC_KEY = "pk-test";
const SECRET = "sk-test";
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

async function startSim(store?: BriteSimStore) {
  const clock = new ManualClock("2026-01-15T10:00:00Z");
  const received: unknown[] = [];
  let authorizeCalls = 0;
  const app = express();
  app.use((req, _res, next) => {
    if (req.path.endsWith("/merchant.authorize")) authorizeCalls++;
    next();
  });
  app.use("/_sim/brite", createBriteSimulator({ clock, logger: silentLogger, publicKey: PUBLIC_KEY, secret: SECRET, merchantId: "m-1", store }).router);
  app.post("/callbacks/brite", express.json(), (req, res) => {
    received.push(req.body);
    res.sendStatus(200);
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, () => resolve(s));
  });
  servers.push(server);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = (clientClock = clock) =>
    new BriteClient({ baseUrl: `${origin}/_sim/brite`, publicKey: PUBLIC_KEY, secret: SECRET, clock: clientClock, timeoutMs: 5_000 });
  const callbacks: BriteCallbackSubscription[] = [
    ...[SessionState.ABORTED, SessionState.FAILED, SessionState.COMPLETED].map((s) => ({ url: `${origin}/callbacks/brite`, session_state: s })),
    ...[TransactionState.ABORTED, TransactionState.FAILED, TransactionState.COMPLETED].map((s) => ({ url: `${origin}/callbacks/brite`, transaction_state: s })),
  ];
  const params = (merchantReference: string) => ({
    amountOre: 25_050,
    merchantReference,
    callbacks,
    locale: "sv",
    redirectUri: "https://site.example/gava/tack",
    customer: { firstname: "Test", lastname: "Testsson" },
  });
  return { clock, origin, client, received, params, authorizes: () => authorizeCalls };
}

async function waitFor(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields), redirect: "manual" as const });

/** What a donor does on the bank pages. */
async function chooseBankAndDecide(url: string, decision: "approve" | "abort") {
  const choice = await fetch(url);
  const choiceHtml = await choice.text();
  expect(choiceHtml).toContain('lang="sv"');
  expect(choiceHtml).toContain("<legend>Välj din bank</legend>");
  expect(choiceHtml).not.toMatch(/<script/i);
  const chosen = await fetch(`${url}/bank`, form({ bank: "Exempelbanken" }));
  expect(chosen.status).toBe(303);
  const approval = await (await fetch(url)).text();
  expect(approval).toContain("Godkänn betalningen");
  expect(approval).toContain("Avbryt");
  return fetch(`${url}/decision`, form({ decision }));
}

describe("BriteClient against the simulator", () => {
  it("authorizes and caches the token until shortly before it expires", async () => {
    const sim = await startSim();
    const client = sim.client();
    const token = await client.authorize();
    expect(token.expiresAt.toISOString()).toBe("2026-01-15T11:00:00.000Z");
    await client.getSession("none");
    await client.getSession("none");
    expect(sim.authorizes()).toBe(1);
    sim.clock.advance(58 * 60 * 1000);
    await client.getSession("none");
    expect(sim.authorizes()).toBe(1);
    sim.clock.advance(90 * 1000); // within the 60 s renewal margin
    await client.getSession("none");
    expect(sim.authorizes()).toBe(2);
  });

  it("retries once with a new token after a 401", async () => {
    const sim = await startSim();
    const clientClock = new ManualClock("2026-01-15T10:00:00Z");
    const client = sim.client(clientClock);
    await client.authorize();
    sim.clock.advance(2 * 60 * 60 * 1000); // the token expired at Brite, but our clock disagrees
    expect(await client.getSession("none")).toBeUndefined();
    expect(sim.authorizes()).toBe(2);
  });

  it("refuses wrong credentials", async () => {
    const sim = await startSim();
    const client = new BriteClient({ baseUrl: `${sim.origin}/_sim/brite`, publicKey: PUBLIC_KEY, secret: "wrong", clock: sim.clock });
    await expect(client.authorize()).rejects.toBeInstanceOf(BriteApiError);
  });

  it("creates and reads back a deposit session", async () => {
    const sim = await startSim();
    const client = sim.client();
    const created = await client.createDepositSession(sim.params("gift-1"));
    expect(created.url).toBe(`${sim.origin}/_sim/brite/session/${created.token}`);
    expect(await client.getSession(created.id)).toMatchObject({ id: created.id, state: SessionState.CREATED, merchant_reference: "gift-1", amount: 250.5 });
    expect((await client.getSessionByMerchantReference("gift-1"))?.id).toBe(created.id);
    expect(await client.getSessionByMerchantReference("gift-unknown")).toBeUndefined();
  });

  it("writes an approval whole: no state it saves has a completed transaction its session does not name", async () => {
    // What a crash between two writes could leave on disk: every state the store was asked to persist.
    const data: BriteSimData = { sessions: {}, transactions: {} };
    const written: BriteSimData[] = [];
    const sim = await startSim(storeOver(data, async () => void written.push(structuredClone(data))));
    const created = await sim.client().createDepositSession(sim.params("gift-atomic"));
    expect((await chooseBankAndDecide(created.url, "approve")).status).toBe(303);
    const completed = written.filter((state) => Object.values(state.transactions).some((t) => t.state === TransactionState.COMPLETED));
    expect(completed.length).toBeGreaterThan(0);
    for (const state of completed) {
      for (const transaction of Object.values(state.transactions)) {
        expect(state.sessions[transaction.session_id]).toMatchObject({ transaction_id: transaction.id, state: SessionState.COMPLETED });
      }
    }
  });

  it("completes on approval and sends both callbacks (in any order)", async () => {
    const sim = await startSim();
    const client = sim.client();
    const created = await client.createDepositSession(sim.params("gift-2"));
    const done = await chooseBankAndDecide(created.url, "approve");
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("https://site.example/gava/tack");

    const session = await client.getSession(created.id);
    expect(session?.state).toBe(SessionState.COMPLETED);
    const transaction = await client.getTransaction(session!.transaction_id!);
    expect(transaction).toMatchObject({ state: TransactionState.COMPLETED, amount: 250.5, session_id: created.id });

    await waitFor(() => sim.received.length >= 2);
    const parsed = sim.received.map((body) => parseBriteCallback(body));
    expect(parsed).toEqual(
      expect.arrayContaining([
        { ok: true, callback: { kind: "session", merchantId: "m-1", sessionId: created.id, state: SessionState.COMPLETED } },
        { ok: true, callback: { kind: "transaction", merchantId: "m-1", transactionId: transaction!.id, state: TransactionState.COMPLETED } },
      ]),
    );
    expect(parsed).toHaveLength(2);

    const again = await fetch(created.url);
    expect(again.status).toBe(409);
  });

  it("ends ABORTED when the donor cancels", async () => {
    const sim = await startSim();
    const client = sim.client();
    const created = await client.createDepositSession(sim.params("gift-3"));
    const done = await chooseBankAndDecide(created.url, "abort");
    expect(done.status).toBe(303);
    expect((await client.getSession(created.id))?.state).toBe(SessionState.ABORTED);
    await waitFor(() => sim.received.length >= 1);
    expect(sim.received).toEqual([{ merchant_id: "m-1", session_id: created.id, session_state: SessionState.ABORTED }]);
  });

  it("asks again when no bank is chosen", async () => {
    const sim = await startSim();
    const created = await sim.client().createDepositSession(sim.params("gift-4"));
    const res = await fetch(`${created.url}/bank`, form({ bank: "Okänd bank" }));
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("Välj en bank i listan.");
  });

  it("creates a session only once per merchant reference", async () => {
    const sim = await startSim();
    const client = sim.client();
    const first = await createDepositSessionOnce(client, "gift-5", sim.params("ignored"));
    const second = await createDepositSessionOnce(client, "gift-5", sim.params("ignored"));
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.session.id).toBe(first.session.id);
    expect(second.session).toMatchObject({ merchant_reference: "gift-5" });
  });

  it("expires sessions after 30 minutes", async () => {
    const sim = await startSim();
    const client = sim.client();
    const created = await client.createDepositSession(sim.params("gift-6"));
    sim.clock.advance(29 * 60 * 1000);
    expect((await client.getSession(created.id))?.state).toBe(SessionState.CREATED);
    sim.clock.advance(2 * 60 * 1000);
    const page = await fetch(created.url);
    expect(page.status).toBe(410);
    expect((await client.getSession(created.id))?.state).toBe(SessionState.ABORTED);
    await waitFor(() => sim.received.length >= 1);
    expect(sim.received).toEqual([{ merchant_id: "m-1", session_id: created.id, session_state: SessionState.ABORTED }]);
  });
});

describe("parseBriteCallback", () => {
  it("accepts both callback shapes and rejects anything else", () => {
    expect(parseBriteCallback({ merchant_id: "m", session_id: "s", session_state: 12 })).toEqual({
      ok: true,
      callback: { kind: "session", merchantId: "m", sessionId: "s", state: 12 },
    });
    expect(parseBriteCallback({ merchant_id: "m", transaction_id: "t", transaction_state: "4" })).toEqual({
      ok: true,
      callback: { kind: "transaction", merchantId: "m", transactionId: "t", state: 4 },
    });
    expect(parseBriteCallback({ merchant_id: "m", session_id: "s", session_state: 13 }).ok).toBe(false);
    expect(parseBriteCallback({ session_id: "s", session_state: 12 }).ok).toBe(false);
    expect(parseBriteCallback({ merchant_id: "m", transaction_id: "t", transaction_state: 8 }).ok).toBe(false);
    expect(parseBriteCallback("nonsense").ok).toBe(false);
  });
});

describe("file-backed simulator store", () => {
  it("survives a restart and leaves no temporary files", async () => {
    const dir = mkdtempSync(join(tmpdir(), "brite-sim-"));
    try {
      const path = join(dir, "nested", "brite.json");
      const store = createFileBriteStore(path);
      const session = {
        id: "s-1",
        token: "tok",
        url: "http://x/session/tok",
        state: 0,
        merchant_reference: "gift-7",
        amount: 100,
        country_id: "se",
        callbacks: [],
        customer: {},
        created: "2026-01-15T10:00:00.000Z",
        expires: "2026-01-15T10:30:00.000Z",
      };
      await store.saveSession(session);
      await store.saveSession({ ...session, state: SessionState.COMPLETED });
      await store.saveTransaction({ id: "t-1", session_id: "s-1", state: 4, amount: 100, merchant_reference: "gift-7", created: session.created });
      const reopened = createFileBriteStore(path);
      expect(await reopened.getSession("s-1")).toMatchObject({ state: SessionState.COMPLETED });
      expect(await reopened.findSessionByToken("tok")).toMatchObject({ id: "s-1" });
      expect(await reopened.getTransaction("t-1")).toMatchObject({ state: 4 });
      expect(readdirSync(join(dir, "nested"))).toEqual(["brite.json"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
