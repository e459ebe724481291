import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { clientIpContext, containerContext } from "#app/context";
import * as operations from "#app/admin/admin-operations";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import { testEngines } from "#tests/support/test-databases";
import { sampleValue } from "#tests/support/metrics-text";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { TEST_PERSONNUMMER } from "#core/identity/test-personnummer";
import { DbKeyValueStore } from "#db/kv-entries";
import { Registry } from "prom-client";
import { LAG_SECONDS_TO_SWITCH_ON, LagTrigger, ReducedMode } from "./reduced-mode";

describe("the automatic trigger", () => {
  const settings = { thresholdMs: 200, calmMs: 60_000 };

  it("switches on only after the lag stays past the threshold for some seconds, and off only after a calm period", () => {
    const trigger = new LagTrigger(settings);
    let t = 0;
    const feed = (lagMs: number) => trigger.observe(lagMs, (t += 1000));
    // One slow second, then a normal one: no switch.
    for (let i = 1; i < LAG_SECONDS_TO_SWITCH_ON; i++) expect(feed(900)).toBeNull();
    expect(feed(10)).toBeNull();
    for (let i = 1; i < LAG_SECONDS_TO_SWITCH_ON; i++) expect(feed(900)).toBeNull();
    expect(feed(900)).toBe("on");
    expect(trigger.on).toBe(true);
    // Under the threshold but not under half of it is not calm: it stays on.
    for (let i = 0; i < 120; i++) expect(feed(150)).toBeNull();
    // Calm, but broken by one busy second before the period ends: the period starts again.
    for (let i = 0; i < 50; i++) expect(feed(20)).toBeNull();
    expect(feed(300)).toBeNull();
    for (let i = 0; i < 60; i++) expect(feed(20)).toBeNull();
    expect(feed(20)).toBe("off");
    expect(trigger.on).toBe(false);
  });

  it("never switches with a threshold of 0", () => {
    const trigger = new LagTrigger({ thresholdMs: 0, calmMs: 1000 });
    for (let i = 0; i < 10; i++) expect(trigger.observe(5_000, i * 1000)).toBeNull();
    expect(trigger.on).toBe(false);
  });
});

describe.each(testEngines)("reduced mode on %s", (engine) => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const s of servers.reverse()) await s.dispose();
    servers.length = 0;
  });

  async function adminSwitch(server: TestServer, intent: string) {
    const { members, sessions } = server.container.staff;
    const { member } = await members.register(TEST_PERSONNUMMER[1]!, ["admin"], null);
    const cookie = (await sessions.login(member.id, "10.0.0.1", null)).split(";")[0]!;
    const context = new RouterContextProvider();
    context.set(containerContext, server.container);
    context.set(clientIpContext, "10.0.0.1");
    const request = new Request(`${server.url}/admin/drift`, {
      method: "POST",
      headers: { cookie, origin: server.url },
      body: new URLSearchParams({ intent }),
    });
    return operations.action({ request, context, params: {} } as never);
  }

  it("a staff switch in the back office reaches another instance on the same database, is audited, and turns optional things off", async () => {
    const first = await startTestServer({ engine });
    servers.push(first);
    const second = await startTestServer({ engine, dir: first.dir, postgresUrl: first.postgresUrl });
    servers.push(second);
    expect(first.container.reducedMode.isReduced()).toBe(false);

    // Before: a preview is rendered (or refused for its input), suggestions come from the engine.
    expect((await postJson(`${second.url}/api/Gift/Preview`, {})).status).toBe(400);

    await adminSwitch(first, "on");
    expect(first.container.reducedMode.isReduced()).toBe(true);
    await second.container.reducedMode.tick();
    expect(second.container.reducedMode.isReduced()).toBe(true);
    const audit = await first.container.db.selectFrom("audit_log").selectAll().where("action", "=", "reduced_mode.switch").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ outcome: "ok" });
    expect(JSON.parse(String(audit[0]!.details))).toEqual({ on: true });

    const preview = await postJson(`${second.url}/api/Gift/Preview`, {});
    expect(preview.status).toBe(503);
    expect(preview.body.error.code).toBe("reduced_mode");
    const image = await fetch(`${second.url}/ge-en-gava/minnesgava/forhandsgranska.png?namn=x`);
    expect(image.status).toBe(503);
    const suggestions = await fetch(`${second.url}/api/search/suggestions?q=hj`);
    expect(await suggestions.json()).toEqual({ query: "", hits: [] });
    const prefetch = await fetch(`${second.url}/ge-en-gava.data`, { headers: { "sec-purpose": "prefetch" } });
    expect(prefetch.status).toBe(503);
    const event = await fetch(`${second.url}/api/RegisterWebEvent`, { method: "POST", headers: { "content-type": "application/json", origin: second.url }, body: "{}" });
    expect(event.status).toBe(204);
    expect(await second.container.db.selectFrom("web_events").select("id").execute()).toEqual([]);
    // What is needed to give still answers: a gift with Swish is started.
    const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };
    const gift = await postJson(`${second.url}/api/SwishInit`, {
      context,
      payload: { amount: 100, name: "Ruth Reducerad", email: "ruth@exempel.se", idempotencyKey: crypto.randomUUID() },
    });
    expect(gift.status).toBe(201);

    const metrics = await (await fetch(`${second.url}/metrics`)).text();
    expect(sampleValue(metrics, "site_reduced_mode", { reason: "staff" })).toBe(1);
    expect(sampleValue(metrics, "site_reduced_mode", { reason: "automatic" })).toBe(0);

    await adminSwitch(second, "off");
    await first.container.reducedMode.tick();
    expect(first.container.reducedMode.isReduced()).toBe(false);
    expect((await postJson(`${first.url}/api/Gift/Preview`, {})).status).toBe(400);
  });

  it("switches itself on under lag with a warning and a metric, and off after calm, leaving a staff switch on", async () => {
    const server = await startTestServer({ engine });
    servers.push(server);
    const clock = new ManualClock();
    const warnings: Array<{ details: object; message: string }> = [];
    const logger = { ...silentLogger, warn: (details: object, message?: string) => void warnings.push({ details, message: message ?? "" }) };
    const registry = new Registry();
    let lagMs = 0;
    const mode = new ReducedMode({
      store: new DbKeyValueStore(server.container.db, clock),
      clock,
      logger,
      registry,
      thresholdMs: 100,
      calmMs: 10_000,
      sampleLag: () => lagMs,
    });
    const second = async () => {
      clock.advance(1000);
      await mode.tick();
    };

    lagMs = 500;
    for (let i = 0; i < LAG_SECONDS_TO_SWITCH_ON; i++) await second();
    expect(mode.isReduced()).toBe(true);
    expect(warnings.map((w) => w.message)).toEqual(["reduced mode switched on: the event loop is lagging"]);
    expect(warnings[0]!.details).toMatchObject({ lagMs: 500, thresholdMs: 100 });
    expect(sampleValue(await registry.metrics(), "site_reduced_mode_automatic_switches_total", { to: "on" })).toBe(1);

    // Staff switch it on meanwhile (through another instance: the database).
    await new ReducedMode({ store: new DbKeyValueStore(server.container.db, clock), clock, logger, registry: new Registry(), thresholdMs: 0, calmMs: 1000, sampleLag: () => 0 }).setStaffSwitch(true, "Gala-Greta");
    lagMs = 5;
    for (let i = 0; i < 11; i++) await second();
    expect(mode.state().automatic.on).toBe(false);
    expect(warnings.map((w) => w.message)).toContain("reduced mode switched off: the event loop has been calm");
    // The calm ended the automatic switch, not the staff's.
    expect(mode.isReduced()).toBe(true);
    expect(mode.state().staff).toMatchObject({ on: true, staffName: "Gala-Greta" });
    const text = await registry.metrics();
    expect(sampleValue(text, "site_reduced_mode_automatic_switches_total", { to: "off" })).toBe(1);
    expect(sampleValue(text, "site_reduced_mode", { reason: "staff" })).toBe(1);
  });
});
