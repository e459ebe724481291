import crypto from "node:crypto";
import os from "node:os";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import { serveSwishSimulator, type StandaloneSwish } from "#integrations/swish/simulator/standalone";
import { systemClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { loadServerConfig } from "./config";

const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };
const PAYEE = "1231181189";

/** SWISH_SIMULATOR_URL: the site talks to a Swish simulator of its own process as it would to the real Swish. */
describe("a Swish simulator of its own process", () => {
  let server: TestServer | undefined;
  let swish: StandaloneSwish | undefined;
  let stateDir: string | undefined;
  afterEach(async () => {
    await server?.dispose();
    await swish?.close();
    if (stateDir) fs.rmSync(stateDir, { recursive: true, force: true });
    server = swish = stateDir = undefined;
  });

  it("takes the site's requests, sends the donor to its own pages, and calls the site back when paid", async () => {
    stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-swish-apart-"));
    swish = await serveSwishSimulator({ clock: systemClock, logger: silentLogger, payeeAlias: PAYEE, callbackDelayMs: 0, stateDir, host: "127.0.0.1", port: 0 });
    server = await startTestServer({ env: { SWISH_SIMULATOR_URL: swish.url, SWISH_PAYEE_ALIAS: PAYEE } });

    // The site mounts no simulator of its own.
    expect(server.container.paymentSetup.swishSimulator).toBeNull();
    expect(server.container.paymentSetup.simulators.map((s) => s.path)).not.toContain("/_sim/swish");

    const init = await postJson(`${server.url}/api/SwishInit`, {
      context,
      payload: { amount: 250, name: "Astrid Exempel", email: "astrid@exempel.se", idempotencyKey: crypto.randomUUID() },
    });
    expect(init.status).toBe(201);
    const token: string = init.body.paymentRequestToken;
    expect(init.body.appUrl).toBe(`${swish.url}/paymentrequest?token=${encodeURIComponent(token)}&callbackurl=${encodeURIComponent(new URL(init.body.appUrl).searchParams.get("callbackurl")!)}`);
    const request = await swish.simulator.store.byToken(token);
    expect(request?.paymentRequest).toMatchObject({ amount: 250, payeeAlias: PAYEE, callbackUrl: `${server.url}/api/swish/callback` });

    // The donor approves on the simulator's page; its callback marks the gift paid at the site.
    const opened = await fetch(init.body.appUrl, { redirect: "manual" });
    expect(opened.status).toBe(303);
    const requestPage = new URL(opened.headers.get("location")!, swish.url);
    const approved = await fetch(`${requestPage.origin}${requestPage.pathname}/approve`, { method: "POST", body: new URLSearchParams({ from: "request" }), redirect: "manual" });
    expect(approved.status).toBe(303);
    await eventually(async () => (await server!.container.db.selectFrom("gifts").select("status").executeTakeFirstOrThrow()).status === "paid");
  });

  it("is refused beside a live Swish", () => {
    expect(() => loadServerConfig({ SWISH_MODE: "live", SWISH_BASE_URL: "https://swish.example/swish-cpcapi/api", SWISH_CERT_FILE: "/x.p12", SWISH_SIMULATOR_URL: "http://127.0.0.1:4010/_sim/swish" })).toThrow(
      /SWISH_SIMULATOR_URL: only for SWISH_MODE=simulator/,
    );
  });
});
