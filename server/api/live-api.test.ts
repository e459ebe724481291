import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "#core/clock";
import { createGift } from "#core/gifts/gift-service";
import type { CampaignTotal } from "#core/gifts/campaign-total";
import { testEngines } from "#tests/support/test-databases";
import { testGift, testNewGift } from "#tests/support/test-gift";
import { openSse } from "#tests/support/sse-client";
import { payByInvoiceImport, postJson, startTestServer, type TestServer } from "#tests/support/test-server";

const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };

/**
 * GET /api/live/total through a real HTTP client: the gala's total since
 * GALA_STARTS_AT, paid gifts only, and the givers who chose to be named –
 * first name and place, nothing else.
 */
describe.each(testEngines)("GET /api/live/total (%s)", (engine) => {
  let server: TestServer;
  const startsAt = new Date(Date.now() - 60 * 60_000).toISOString();

  beforeAll(async () => {
    server = await startTestServer({ engine, env: { GALA_STARTS_AT: startsAt } });
    // Paid before the gala began: not in its total.
    await server.container.db
      .insertInto("gifts")
      .values(testGift({ id: crypto.randomUUID(), paid_at: "2026-01-15T10:01:00.000Z", idempotency_key: crypto.randomUUID() }))
      .execute();
  });
  afterAll(async () => {
    await server.dispose();
  });

  it("streams the total, and a gift paid by Swish shows with the name and place its giver chose", async () => {
    const stream = await openSse(`${server.url}/api/live/total`);
    try {
      expect(stream.status).toBe(200);
      const total = (e: { data: string }) => JSON.parse(e.data) as CampaignTotal;
      const first = total(await stream.next((e) => e.event === "total"));
      expect(first).toEqual({ totalOre: 0, giftCount: 0, latest: [] });

      const init = await postJson(`${server.url}/api/SwishInit`, {
        context,
        payload: { amount: 300, name: "Astrid Maria Exempel", email: "astrid@exempel.se", showName: true, publicPlace: "Lund", idempotencyKey: crypto.randomUUID() },
      });
      expect(init.status).toBe(201);
      const payment = await server.container.db.selectFrom("payments").select("provider_reference").where("amount_ore", "=", 30_000).executeTakeFirstOrThrow();
      await server.container.paymentSetup.swishSimulator!.approve(payment.provider_reference!);

      const named = total(await stream.next((e) => total(e).giftCount === 1));
      expect(named).toMatchObject({ totalOre: 30_000, giftCount: 1, latest: [{ firstName: "Astrid", place: "Lund" }] });
      // Only what is shown is kept for it: the first name and the place.
      expect(Object.keys(named.latest[0]!).sort()).toEqual(["firstName", "paidAt", "place"]);

      // A giver who did not tick the box is counted, and not named.
      const { gift } = await createGift(server.container.db, systemClock, testNewGift({ amountOre: 10_000, donorName: "Bertil Hemlig" }));
      await payByInvoiceImport(server, systemClock, gift.order_reference);
      const counted = total(await stream.next((e) => total(e).giftCount === 2));
      expect(counted.totalOre).toBe(40_000);
      expect(counted.latest.map((g) => g.firstName)).toEqual(["Astrid"]);
    } finally {
      stream.close();
    }
  });

  it("is off with 503 while live widgets are", async () => {
    const live = server.container.live;
    const widgetsOff = live.widgetsOff;
    live.widgetsOff = () => true;
    try {
      const response = await fetch(`${server.url}/api/live/total`);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("60");
      expect(await response.json()).toMatchObject({ error: { code: "live_off" } });
    } finally {
      live.widgetsOff = widgetsOff;
    }
  });

  it("stores no name for the live pages unless the giver ticked the box", async () => {
    const init = await postJson(`${server.url}/api/SwishInit`, {
      context,
      payload: { amount: 200, name: "Cecilia Tyst", email: "cecilia@exempel.se", publicPlace: "Umeå", idempotencyKey: crypto.randomUUID() },
    });
    expect(init.status).toBe(201);
    const mentions = await server.container.db.selectFrom("gift_mentions").select("first_name").execute();
    expect(mentions.map((m) => m.first_name)).not.toContain("Cecilia");
  });
});
