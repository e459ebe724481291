import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { fundraiserGiftSchema, startFundraiserSchema } from "#core/fundraisers/fundraiser-forms";
import { giveFundraiserGift, startFundraiser, verifyFundraiserManageAccess } from "#core/fundraisers/fundraiser-service";
import { openSse, type SseConnection } from "#tests/support/sse-client";
import { testEngines } from "#tests/support/test-databases";
import { eventually, startTestServer, type TestServer } from "#tests/support/test-server";
import { silentLogger } from "#core/logger";
import { transitionPayment } from "#core/payments/payment-transitions";
import type { FundraiserLiveValue } from "./fundraiser-live";

/**
 * A fundraiser's live total over a real HTTP connection: the stream opens
 * with the total now, a paid gift (named or anonymous) is sent to the open
 * stream without a reload, and a page that is not shown has no stream.
 */
describe.each(testEngines)("a fundraiser's live total on %s", (engine) => {
  let server: TestServer | undefined;
  const streams: SseConnection[] = [];
  afterEach(async () => {
    for (const s of streams) s.close();
    streams.length = 0;
    await server?.dispose();
    server = undefined;
  });
  const clock = new ManualClock("2026-11-23T12:00:00Z");

  it("streams the total and the newest gifts as they are paid", async () => {
    server = await startTestServer({ engine, clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json" } });
    const { db, collections, recipientMail, giftLimits } = server.container;
    const deps = { db, clock, linkKey: collections.linkKey, recipientMail };
    const form = startFundraiserSchema("2026-11-23").parse({
      kind: "challenge", title: "Eriks Vasalopp", message: "Nio mil för lungforskningen, sponsra mig gärna!", goal: "1000", picture: "lopare",
      organiserName: "Erik", organiserEmail: "erik@exempel.se", slug: "eriks-lopp", showTotal: "on", terms: "on",
    });
    const { token } = await startFundraiser(deps, form, { donorId: null });
    const unconfirmed = await fetch(`${server.url}/insamling/eriks-lopp/live`);
    expect(unconfirmed.status).toBe(404);
    const access = await verifyFundraiserManageAccess(db, clock, collections.linkKey, "eriks-lopp", token);
    if (!access.ok) throw new Error("the manage link did not confirm the page");
    const { fundraiser } = access;

    const stream = await openSse(`${server.url}/insamling/eriks-lopp/live`);
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const first = JSON.parse((await stream.next((e) => e.event === "total")).data) as FundraiserLiveValue;
    expect(first).toEqual({ total: { amountOre: 0, gifts: 0, percent: 0 }, latest: [] });

    const give = async (over: Record<string, string>) => {
      const data = fundraiserGiftSchema(giftLimits).parse({
        amount: "250", name: "Karin Lind", email: "karin@exempel.se", paymentMethod: "invoice", street: "Storgatan 1", postalCode: "111 22", city: "Umeå",
        idempotencyKey: crypto.randomUUID(), ...over,
      });
      const { gift } = await giveFundraiserGift(server!.container, fundraiser, data, { visibleBeforeReview: true });
      const { container } = server!;
      const payment = await container.db.selectFrom("payments").select("id").where("gift_id", "=", gift.id).executeTakeFirstOrThrow();
      await transitionPayment({ db: container.db, clock, logger: silentLogger, outcomes: container.paymentOutcomes }, { paymentId: payment.id, to: "paid", source: "import" });
    };
    await give({ showName: "on", displayName: "Karin", greeting: "Heja!" });
    const named = await stream.next((e) => (JSON.parse(e.data) as FundraiserLiveValue).total?.gifts === 1);
    expect((JSON.parse(named.data) as FundraiserLiveValue).latest.map((w) => w.name)).toEqual(["Karin"]);
    clock.advance(60_000);
    await give({ amount: "500" });
    const both = await stream.next((e) => (JSON.parse(e.data) as FundraiserLiveValue).total?.gifts === 2);
    const value = JSON.parse(both.data) as FundraiserLiveValue;
    expect(value.total).toEqual({ amountOre: 75_000, gifts: 2, percent: 75 });
    expect(value.latest.map((w) => w.name)).toEqual(["Anonym", "Karin"]);
    await eventually(async () => expect(server!.container.live.fanOut.stats().subscribers).toBe(1));
  }, 90_000);
});
