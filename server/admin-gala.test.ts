import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignTotal } from "#core/gifts/campaign-total";
import { TEST_PERSONNUMMER } from "#core/identity/test-personnummer";
import { testEngines } from "#tests/support/test-databases";
import { openSse, type SseConnection, type SseEvent } from "#tests/support/sse-client";
import { outcome, postForm, routeContext, type RouteHandler } from "#tests/support/route-call";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import * as adminGala from "#app/admin/admin-gala";

const IP = "10.9.8.7";
const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };
const total = (event: SseEvent) => JSON.parse(event.data) as CampaignTotal;
const names = (event: SseEvent) => total(event).latest.map((g) => g.firstName);

/**
 * Staff taking a giver's name off the gala (decision 0054): the back office's
 * list, the hide and show actions with their audit entries, and what viewers
 * of GET /api/live/total see through a real HTTP client – on PostgreSQL also
 * a viewer of another instance sharing the database (LISTEN/NOTIFY).
 */
describe.each(testEngines)("hiding a giver's name on the gala (%s)", (engine) => {
  let server: TestServer & { postgresUrl?: string };
  /** A second instance on the same PostgreSQL schema; on SQLite (one process's database) a second viewer of the same one. */
  let other: TestServer | null = null;
  let fundraisingCookie = "";
  let financeCookie = "";
  let staffId = "";
  let giftId = "";
  const startsAt = new Date(Date.now() - 60 * 60_000).toISOString();

  async function giveNamed(name: string, place: string, amountKr: number): Promise<string> {
    const init = await postJson(`${server.url}/api/SwishInit`, {
      context,
      payload: { amount: amountKr, name, email: "givare@exempel.se", showName: true, publicPlace: place, idempotencyKey: crypto.randomUUID() },
    });
    expect(init.status).toBe(201);
    const payment = await server.container.db.selectFrom("payments").select(["provider_reference", "gift_id"]).where("amount_ore", "=", amountKr * 100).executeTakeFirstOrThrow();
    await server.container.paymentSetup.swishSimulator!.approve(payment.provider_reference!);
    return payment.gift_id;
  }

  const loader = (cookie: string) =>
    outcome(() =>
      (adminGala.loader as unknown as RouteHandler)({ request: new Request(`${server.url}/admin/gala`, { headers: { cookie } }), context: routeContext(server.container, IP), params: {} }),
    );
  const change = (cookie: string, fields: Record<string, string>) => postForm(server.container, adminGala.action, "/admin/gala", fields, IP, { cookie });
  const auditRows = () => server.container.db.selectFrom("audit_log").selectAll().orderBy("id").execute();

  beforeAll(async () => {
    server = await startTestServer({ engine, env: { GALA_STARTS_AT: startsAt } });
    if (engine === "postgres") other = await startTestServer({ engine, postgresUrl: server.postgresUrl, env: { GALA_STARTS_AT: startsAt } });
    const { members, sessions } = server.container.staff;
    const fundraising = await members.register(TEST_PERSONNUMMER[1], ["insamling"], null);
    staffId = fundraising.member.id;
    fundraisingCookie = (await sessions.login(staffId, IP, null)).split(";")[0]!;
    const finance = await members.register(TEST_PERSONNUMMER[2], ["ekonomi"], null);
    financeCookie = (await sessions.login(finance.member.id, IP, null)).split(";")[0]!;
    await giveNamed("Ada Exempel", "Malmö", 150);
    giftId = await giveNamed("Fulnamn Exempel", "Lund", 250);
  });
  afterAll(async () => {
    await other?.dispose();
    await server?.dispose();
  });

  it("takes the name off every viewer's stream at once, keeps the gift in the total, and logs who did it", async () => {
    const viewers: SseConnection[] = [await openSse(`${server.url}/api/live/total`), await openSse(`${(other ?? server).url}/api/live/total`)];
    try {
      for (const viewer of viewers) expect(names(await viewer.next((e) => total(e).giftCount === 2))).toEqual(["Fulnamn", "Ada"]);

      const list = await loader(fundraisingCookie);
      expect(list.status).toBe(200);
      expect(list.data.mentions).toEqual([
        expect.objectContaining({ giftId, firstName: "Fulnamn", place: "Lund", hiddenAt: null }),
        expect.objectContaining({ firstName: "Ada", place: "Malmö", hiddenAt: null }),
      ]);

      const before = (await auditRows()).length;
      const hidden = await change(fundraisingCookie, { intent: "hide", giftId });
      expect(hidden.status).toBe(200);
      expect(hidden.data).toMatchObject({ ok: true });
      const seenAt = Date.now();
      for (const viewer of viewers) {
        // Every event a viewer was sent is kept: the one after both gifts that no longer names the hidden giver.
        const after = await viewer.next((e) => total(e).giftCount === 2 && !names(e).includes("Fulnamn"));
        expect(names(after)).toEqual(["Ada"]);
        expect(total(after)).toMatchObject({ giftCount: 2, totalOre: 40_000 });
      }
      // The fan-out reads at most once a second, and the notice makes it read at the first chance.
      expect(Date.now() - seenAt).toBeLessThan(3_000);

      const logged = (await auditRows()).slice(before);
      expect(logged).toEqual([expect.objectContaining({ staff_id: staffId, action: "gala.hide_name", outcome: "ok", subject_type: "gift", subject_id: giftId })]);
      expect(JSON.stringify(logged)).not.toContain("Fulnamn");
      expect((await loader(fundraisingCookie)).data.mentions[0]).toMatchObject({ giftId, hiddenAt: expect.any(String) });
      // A page rendered on the server has the same value as the streams.
      expect((await server.container.live.fanOut.current(server.container.live.gala)).latest.map((g) => g.firstName)).toEqual(["Ada"]);
    } finally {
      for (const viewer of viewers) viewer.close();
    }
  });

  it("refuses hiding twice and a gift without a name, and logs the refusal", async () => {
    const again = await change(fundraisingCookie, { intent: "hide", giftId });
    expect(again.status).toBe(409);
    const unknown = await change(fundraisingCookie, { intent: "hide", giftId: crypto.randomUUID() });
    expect(unknown.status).toBe(409);
    const malformed = await change(fundraisingCookie, { intent: "erase", giftId });
    expect(malformed.status).toBe(400);
    const refused = (await auditRows()).slice(-3);
    expect(refused.map((r) => [r.action, r.outcome])).toEqual([
      ["gala.hide_name", "refused"],
      ["gala.hide_name", "refused"],
      ["gala.name", "refused"],
    ]);
  });

  it("shows the name again when staff ask", async () => {
    const viewer = await openSse(`${server.url}/api/live/total`);
    try {
      expect(names(await viewer.next((e) => e.event === "total"))).toEqual(["Ada"]);
      expect((await change(fundraisingCookie, { intent: "show", giftId })).status).toBe(200);
      expect(names(await viewer.next((e) => names(e).includes("Fulnamn")))).toEqual(["Fulnamn", "Ada"]);
      expect((await auditRows()).at(-1)).toMatchObject({ action: "gala.show_name", subject_id: giftId, staff_id: staffId });
    } finally {
      viewer.close();
    }
  });

  it("is the fundraising role's: finance is refused with 403, logged, and nothing changes", async () => {
    expect((await loader(financeCookie)).status).toBe(403);
    const denied = await change(financeCookie, { intent: "hide", giftId });
    expect(denied.status).toBe(403);
    expect((await auditRows()).at(-1)).toMatchObject({ action: "access.denied", outcome: "refused" });
    const row = await server.container.db.selectFrom("gift_mentions").select("hidden_at").where("gift_id", "=", giftId).executeTakeFirstOrThrow();
    expect(row.hidden_at).toBeNull();
  });
});
