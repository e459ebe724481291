import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { fundraiserGiftSchema, startFundraiserSchema, startTeamSchema } from "#core/fundraisers/fundraiser-forms";
import { giveFundraiserGift, startFundraiser, verifyFundraiserManageAccess, type FundraiserRow } from "#core/fundraisers/fundraiser-service";
import { setTeamHidden, startTeam, teamManageAccess } from "#core/fundraisers/fundraiser-teams";
import { TEST_PERSONNUMMER } from "#core/identity/test-personnummer";
import { silentLogger } from "#core/logger";
import { transitionPayment } from "#core/payments/payment-transitions";
import { openSse, type SseConnection, type SseEvent } from "#tests/support/sse-client";
import { testEngines } from "#tests/support/test-databases";
import { eventually, startTestServer, type TestServer } from "#tests/support/test-server";
import { outcome, routeContext, type RouteHandler } from "#tests/support/route-call";
import * as adminFundraiserPage from "#app/admin/admin-fundraiser";
import type { FundraiserLiveValue } from "./fundraiser-live";
import type { TeamLiveValue } from "./team-live";
import { GIFTS_CHANNEL } from "./gift-changes";

/**
 * The live pages over real HTTP connections (server/live/page-live.ts): a
 * fundraiser's stream opens with the total now, a paid gift (named or
 * anonymous) is sent to the open stream without a reload, a page that is not
 * shown has no stream, and a greeting staff hide leaves every viewer's wall
 * at once; a team's stream carries its members' total the same way, and more
 * viewers cost no reads of their own (decision 0055).
 */
describe.each(testEngines)("live fundraiser and team pages on %s", (engine) => {
  let server: TestServer | undefined;
  const streams: SseConnection[] = [];
  afterEach(async () => {
    for (const s of streams) s.close();
    streams.length = 0;
    await server?.dispose();
    server = undefined;
  });
  const clock = new ManualClock("2026-11-23T12:00:00Z");
  const value = (event: SseEvent) => JSON.parse(event.data) as FundraiserLiveValue;
  const teamValue = (event: SseEvent) => JSON.parse(event.data) as TeamLiveValue | null;

  /** The site, started once per test: what starting a page needs. */
  async function site() {
    server ??= await startTestServer({ engine, clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json" } });
    const { db, collections, recipientMail } = server.container;
    return { db, clock, linkKey: collections.linkKey, recipientMail };
  }

  /** A fundraiser (goal 1 000 kr; in the team at `team` when given) started by e-mail; `confirm` opens its e-mailed link. */
  async function startedPage(slug = "eriks-lopp", team?: string): Promise<{ confirm: () => Promise<FundraiserRow> }> {
    const deps = await site();
    const form = startFundraiserSchema("2026-11-23").parse({
      kind: "challenge", title: `Lopp ${slug}`, message: "Nio mil för lungforskningen, sponsra mig gärna!", goal: "1000", picture: "lopare",
      organiserName: "Erik", organiserEmail: `${slug}@exempel.se`, slug, showTotal: "on", terms: "on", ...(team ? { team } : {}),
    });
    const { token } = await startFundraiser(deps, form, { donorId: null });
    return {
      confirm: async () => {
        const access = await verifyFundraiserManageAccess(deps.db, clock, deps.linkKey, slug, token);
        if (!access.ok) throw new Error("the manage link did not confirm the page");
        return access.fundraiser;
      },
    };
  }

  /** A gift to the page, paid (an invoice booked); its id. */
  async function give(fundraiser: FundraiserRow, over: Record<string, string>): Promise<string> {
    const { container } = server!;
    const data = fundraiserGiftSchema(container.giftLimits).parse({
      amount: "250", name: "Karin Lind", email: "karin@exempel.se", paymentMethod: "invoice", street: "Storgatan 1", postalCode: "111 22", city: "Umeå",
      idempotencyKey: crypto.randomUUID(), ...over,
    });
    const { gift } = await giveFundraiserGift(container, fundraiser, data, { visibleBeforeReview: true });
    const payment = await container.db.selectFrom("payments").select("id").where("gift_id", "=", gift.id).executeTakeFirstOrThrow();
    await transitionPayment({ db: container.db, clock, logger: silentLogger, outcomes: container.paymentOutcomes }, { paymentId: payment.id, to: "paid", source: "import" });
    return gift.id;
  }

  /** The status a new viewer gets, without staying to watch. */
  async function statusOf(url: string): Promise<number> {
    const abort = new AbortController();
    const response = await fetch(url, { signal: abort.signal });
    abort.abort();
    return response.status;
  }

  /**
   * Counts the `gifts` channel's notices from now: every change told before has arrived first (PostgreSQL
   * tells them in commit order), so a notice counted is one told by what the test does next.
   */
  async function countGiftNotices(): Promise<{ readonly told: number; stop: () => void }> {
    const { notifications } = server!.container.live;
    let settled = false;
    const stopSettle = notifications.listen("settled", () => (settled = true));
    await eventually(async () => {
      await notifications.notify(server!.container.db, "settled");
      return settled;
    });
    stopSettle();
    const counter = { told: 0, stop: () => {} };
    counter.stop = notifications.listen(GIFTS_CHANNEL, () => (counter.told += 1));
    return counter;
  }

  /** A staff member's action on the fundraiser's back-office page (hide it, hide a greeting…), as their browser would post it. */
  async function staffActOn(fundraiser: FundraiserRow, form: Record<string, string>) {
    const { container } = server!;
    const IP = "10.1.2.3";
    const { member } = await container.staff.members.register(TEST_PERSONNUMMER[1], ["insamling"], null);
    const cookie = (await container.staff.sessions.login(member.id, IP, null)).split(";")[0]!;
    const url = container.config.publicUrl;
    return outcome(() =>
      (adminFundraiserPage.action as unknown as RouteHandler)({
        request: new Request(`${url}/admin/insamlingar/granska/${fundraiser.id}`, { method: "POST", headers: { cookie, origin: url }, body: new URLSearchParams(form) }),
        context: routeContext(container, IP),
        params: { fundraiserId: fundraiser.id },
      }),
    );
  }

  it("streams a fundraiser's total and newest gifts as they are paid", async () => {
    const page = await startedPage();
    expect(await statusOf(`${server!.url}/insamling/eriks-lopp/live`)).toBe(404);
    const fundraiser = await page.confirm();

    const stream = await openSse(`${server!.url}/insamling/eriks-lopp/live`);
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    expect(value(await stream.next((e) => e.event === "total"))).toEqual({ total: { amountOre: 0, gifts: 0, percent: 0 }, latest: [], hidden: [] });

    await give(fundraiser, { showName: "on", displayName: "Karin", greeting: "Heja!" });
    const named = await stream.next((e) => value(e).total?.gifts === 1);
    expect(value(named).latest.map((w) => w.name)).toEqual(["Karin"]);
    clock.advance(60_000);
    await give(fundraiser, { amount: "500" });
    const both = value(await stream.next((e) => value(e).total?.gifts === 2));
    expect(both.total).toEqual({ amountOre: 75_000, gifts: 2, percent: 75 });
    expect(both.latest.map((w) => w.name)).toEqual(["Anonym", "Karin"]);
    await eventually(async () => expect(server!.container.live.fanOut.stats().subscribers).toBe(1));
  }, 90_000);

  it("tells the live pages, in the hiding's own transaction, when staff hide a greeting: every viewer's wall drops the name and greeting", async () => {
    const fundraiser = await (await startedPage()).confirm();
    const { container } = server!;
    const karin = await give(fundraiser, { showName: "on", displayName: "Farmor Karin", greeting: "Grattis, Erik!", showAmount: "on" });
    const stream = await openSse(`${server!.url}/insamling/eriks-lopp/live`);
    streams.push(stream);
    expect(value(await stream.next((e) => value(e).total?.gifts === 1)).latest[0]).toMatchObject({ name: "Farmor Karin", greeting: "Grattis, Erik!" });

    const notices = await countGiftNotices();
    try {
      const hide = await staffActOn(fundraiser, { action: "hide_greeting", giftId: karin });
      expect(hide.data).toMatchObject({ ok: true });
      await eventually(async () => notices.told > 0);
      const hidden = value(await stream.next((e) => value(e).hidden.includes(karin)));
      expect(hidden.latest[0]).toMatchObject({ id: karin, name: "Anonym", anonymous: true, greeting: null, amountOre: 25_000 });
      expect(hidden.total).toEqual({ amountOre: 25_000, gifts: 1, percent: 25 });
      expect(await container.db.selectFrom("audit_log").select(["action", "subject_id"]).orderBy("id", "desc").executeTakeFirstOrThrow()).toEqual({ action: "fundraiser.hide_greeting", subject_id: fundraiser.id });
    } finally {
      notices.stop();
    }
  }, 90_000);

  it("tells the live pages when staff hide a watched page: its viewers get \"not shown\" and its team's list drops it, without waiting for the refresh", async () => {
    const deps = await site();
    const { db, collections } = server!.container;
    const started = await startTeam(
      deps,
      startTeamSchema().parse({ name: "Löparna", message: "Vi springer för hjärt- och lungforskningen.", goal: "1000", organiserName: "Lag Ledare", organiserEmail: "lag@exempel.se", slug: "loparna", terms: "on" }),
      { donorId: null },
    );
    expect((await teamManageAccess(db, clock, collections.linkKey, "loparna", { token: started.token, donorId: null })).ok).toBe(true);
    const erik = await (await startedPage("eriks-lopp", "loparna")).confirm();
    await (await startedPage("saras-lopp", "loparna")).confirm();
    const page = await openSse(`${server!.url}/insamling/eriks-lopp/live`);
    const team = await openSse(`${server!.url}/insamling/lag/loparna/live`);
    streams.push(page, team);
    expect(value(await page.next((e) => e.event === "total")).total).toEqual({ amountOre: 0, gifts: 0, percent: 0 });
    expect(teamValue(await team.next((e) => e.event === "total"))?.members).toHaveLength(2);

    const notices = await countGiftNotices();
    try {
      expect((await staffActOn(erik, { action: "hide", reason: "Anmäld av en besökare." })).data).toMatchObject({ ok: true });
      // Told with the hiding itself: the fan-out reads both pages again now, not at its next refresh.
      await eventually(async () => notices.told > 0);
      expect(await page.next((e) => e.event === "total" && e.data === "null")).toBeTruthy();
      expect(teamValue(await team.next((e) => teamValue(e)?.members?.length === 1))?.members?.map((m) => m.slug)).toEqual(["saras-lopp"]);
      expect(await statusOf(`${server!.url}/insamling/eriks-lopp/live`)).toBe(404);
    } finally {
      notices.stop();
    }
  }, 90_000);

  it("streams a team's members' total and member list as gifts are paid and members join, with one read however many watch, and none for a team not shown", async () => {
    const deps = await site();
    const { db, collections, live } = server!.container;
    const url = `${server!.url}/insamling/lag/loparna/live`;
    const started = await startTeam(
      deps,
      startTeamSchema().parse({ name: "Löparna", message: "Vi springer för hjärt- och lungforskningen.", goal: "1000", organiserName: "Lag Ledare", organiserEmail: "lag@exempel.se", slug: "loparna", terms: "on" }),
      { donorId: null },
    );
    // Not confirmed by its organiser: no stream, as no page.
    expect(await statusOf(url)).toBe(404);
    expect((await teamManageAccess(db, clock, collections.linkKey, "loparna", { token: started.token, donorId: null })).ok).toBe(true);
    const erik = await (await startedPage("eriks-lopp", "loparna")).confirm();
    const sara = await (await startedPage("saras-lopp", "loparna")).confirm();
    await give(erik, { amount: "200" });

    const first = await openSse(url);
    streams.push(first);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toContain("text/event-stream");
    const opened = teamValue(await first.next((e) => e.event === "total"));
    expect(opened?.total).toEqual({ amountOre: 20_000, gifts: 1, percent: 20 });
    expect(opened?.members?.map((m) => [m.slug, m.amountOre, m.gifts])).toEqual([
      ["eriks-lopp", 20_000, 1],
      ["saras-lopp", 0, 0],
    ]);

    // Twenty more viewers get the value the fan-out holds: no read each (at most one refresh may fall in between).
    const readsBefore = live.fanOut.stats().reads;
    const more = await Promise.all(Array.from({ length: 20 }, () => openSse(url)));
    streams.push(...more);
    for (const viewer of more) expect(teamValue(await viewer.next((e) => e.event === "total"))?.total.amountOre).toBe(20_000);
    expect(live.fanOut.stats().reads - readsBefore).toBeLessThanOrEqual(1);

    // A gift on another member's page: every viewer's total moves, without a reload.
    clock.advance(60_000);
    await give(sara, { amount: "300" });
    for (const viewer of [first, ...more]) {
      const moved = teamValue(await viewer.next((e) => teamValue(e)?.total.gifts === 2));
      expect(moved?.total).toEqual({ amountOre: 50_000, gifts: 2, percent: 50 });
      // The members as the page lists them, by amount: Sara's page, now the larger, first (the page keeps its own order).
      expect(moved?.members?.map((m) => [m.slug, m.amountOre])).toEqual([
        ["saras-lopp", 30_000],
        ["eriks-lopp", 20_000],
      ]);
    }

    // A member joining while the team is watched: on every viewer's list without a reload.
    await (await startedPage("annas-lopp", "loparna")).confirm();
    for (const viewer of [first, ...more]) {
      const joined = teamValue(await viewer.next((e) => (teamValue(e)?.members?.length ?? 0) === 3));
      expect(joined?.members?.map((m) => [m.slug, m.title, m.organiserName])).toContainEqual(["annas-lopp", "Lopp annas-lopp", "Erik"]);
      expect(joined?.total.amountOre).toBe(50_000);
    }

    // Hidden by staff, told with the hiding: a new viewer gets no stream.
    expect(await setTeamHidden(db, clock, started.team.id, "staff:s1", { reason: "Anmält." }, live.giftsChanged)).toBe(true);
    for (const viewer of streams.splice(0)) viewer.close();
    await eventually(async () => live.fanOut.stats().subscribers === 0);
    await eventually(async () => (await statusOf(url)) === 404, 5_000);
    expect(await statusOf(`${server!.url}/insamling/lag/Inte%20en%20adress/live`)).toBe(404);
  }, 90_000);
});
