import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import type { Mailer, MailMessage } from "#core/mail/mailer";
import { silentLogger } from "#core/logger";
import { transitionPayment } from "#core/payments/payment-transitions";
import { fundraiserGiftSchema, startFundraiserSchema, startTeamSchema } from "#core/fundraisers/fundraiser-forms";
import { fundraiserGiftFacts, fundraiserManageAccess, findFundraiserBySlug, giveFundraiserGift, startFundraiser, type FundraiserRow } from "#core/fundraisers/fundraiser-service";
import { fundraiserTotals } from "#core/fundraisers/fundraiser-wall";
import { addOfflineGift } from "#core/fundraisers/fundraiser-organiser";
import { setFundraiserHidden } from "#core/fundraisers/fundraiser-moderation";
import { closeTeam, joinTeam, leaveTeam, listPublicTeams, pagesOrganisedBy, reviewTeam, setTeamHidden, startTeam, teamManageAccess, teamsForStaff, teamTotals } from "#core/fundraisers/fundraiser-teams";
import { MEMORIAL_CANNOT_JOIN, TEAM_CLOSED, TEAM_NOT_FOUND, TeamJoinError } from "#core/fundraisers/fundraiser-team-rules";
import { closeFundraiser, FUNDRAISER_THANK_YOU_JOB, queueThankYous, THANK_YOU_DELAY_MS } from "#core/fundraisers/fundraiser-thanks";
import { reportsOf } from "#core/fundraisers/page-reports";
import { TEST_PERSONNUMMER } from "#core/identity/test-personnummer";
import { testEngines } from "#tests/support/test-databases";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { outcome, routeContext, type RouteHandler } from "#tests/support/route-call";
import * as teamReportPage from "#app/fundraisers/team-report";
import * as fundraiserReportPage from "#app/fundraisers/fundraiser-report";
import * as adminFundraisersPage from "#app/admin/admin-fundraisers";
import * as adminTeamPage from "#app/admin/admin-fundraiser-team";

/**
 * Teams, the thank-you when a fundraiser ends, and the BankID organiser's way
 * to their tools (decision 0052), on a real container (SQLite, and
 * PostgreSQL when TEST_DATABASE_URL is set). The team page itself is in
 * tests/e2e/fundraiser-team.spec.ts.
 */
const TODAY = "2026-11-23";
const options = { visibleBeforeReview: true };

/** The live pages' notice of a hidden page (tested in server/live/page-live.test.ts), not under test here. */
const nothingLive = async (): Promise<void> => {};

describe.each(testEngines)("fundraiser teams and thanks on %s", (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  const sent: MailMessage[] = [];
  const mailer: Mailer = { send: async (message) => void sent.push(message) };
  const clock = new ManualClock(`${TODAY}T12:00:00Z`);

  async function started() {
    sent.length = 0;
    clock.set(new Date(`${TODAY}T12:00:00Z`));
    server = await startTestServer({ engine, clock, mailer, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json" } });
    return server;
  }

  const deps = (s: TestServer) => ({ db: s.container.db, clock, linkKey: s.container.collections.linkKey, recipientMail: s.container.recipientMail, visibleBeforeReview: true });
  const startForm = (over: Record<string, string> = {}) =>
    startFundraiserSchema(TODAY).parse({
      kind: "challenge",
      title: "Eriks Vasalopp för lungorna",
      message: "Nio mil på skidor för lungforskningen – sponsra mig!",
      goal: "5000",
      picture: "lopare",
      organiserName: "Erik Prov",
      organiserEmail: "erik@exempel.se",
      showTotal: "on",
      terms: "on",
      ...over,
    });
  const teamForm = (over: Record<string, string> = {}) =>
    startTeamSchema().parse({ name: "Spring för hjärtat", message: "Vi springer för hjärt- och lungforskningen.", goal: "20000", organiserName: "Lag Ledare", organiserEmail: "lag@exempel.se", terms: "on", ...over });
  const giftForm = (s: TestServer, over: Record<string, string>) =>
    fundraiserGiftSchema(s.container.giftLimits).parse({
      amount: "250",
      name: "Karin Lind",
      email: "karin@exempel.se",
      paymentMethod: "invoice",
      street: "Storgatan 1",
      postalCode: "111 22",
      city: "Umeå",
      idempotencyKey: crypto.randomUUID(),
      ...over,
    });
  async function paidGift(s: TestServer, fundraiser: FundraiserRow, over: Record<string, string>) {
    const { gift } = await giveFundraiserGift(s.container, fundraiser, giftForm(s, over), options);
    const payment = await s.container.db.selectFrom("payments").select("id").where("gift_id", "=", gift.id).executeTakeFirstOrThrow();
    await transitionPayment({ db: s.container.db, clock, logger: silentLogger, outcomes: s.container.paymentOutcomes }, { paymentId: payment.id, to: "paid", source: "import" });
    return gift;
  }
  async function donor(s: TestServer, id: string) {
    await s.container.db
      .insertInto("donors")
      .values({ id, personnummer: null, given_name: "Per", surname: id, street: null, postal_code: null, city: null, protected_identity: 0, email: null, pending_email: null,
        phone: null, contact_email: 0, contact_post: 0, contact_phone: 0, newsletter: 0, created_at: "x", updated_at: "x", last_login_at: null })
      .execute();
  }

  it("sums its members as their own pages count them (offline and anonymous gifts too) and lists them by amount", async () => {
    const s = await started();
    const { db } = s.container;
    await donor(s, "leader");
    const { team } = await startTeam(deps(s), teamForm({ slug: "spring-for-hjartat" }), { donorId: "leader" });
    const erik = (await startFundraiser(deps(s), startForm({ slug: "eriks-lopp", team: "spring-for-hjartat" }), { donorId: "leader" })).fundraiser;
    expect(erik.team_id).toBe(team.id);
    const sara = (await startFundraiser(deps(s), startForm({ slug: "saras-lopp", title: "Sara springer Varvet", organiserName: "Sara Test" }), { donorId: "leader" })).fundraiser;
    await joinTeam(db, clock, sara.id, "spring-for-hjartat", options);
    const hidden = (await startFundraiser(deps(s), startForm({ slug: "dold-lopp", title: "Dold insamling", team: "spring-for-hjartat" }), { donorId: "leader" })).fundraiser;

    // Erik: a named gift, an anonymous one, an offline one and an unpaid one; Sara: one larger gift; the hidden page's gift counts nowhere.
    await paidGift(s, erik, { amount: "500", showName: "on", displayName: "Farmor Karin" });
    await paidGift(s, erik, { amount: "250", name: "Bo Ek", email: "bo@exempel.se" });
    await addOfflineGift(db, clock, erik.id, { amountOre: 30_000, name: null });
    await giveFundraiserGift(s.container, erik, giftForm(s, { amount: "1000" }), options);
    await paidGift(s, sara, { amount: "2000", showName: "on" });
    await paidGift(s, hidden, { amount: "5000" });
    await setFundraiserHidden(db, clock, hidden.id, "staff:1", { reason: "Anmäld" }, nothingLive);

    const totals = await teamTotals(db, team, options);
    const own = async (id: string) => fundraiserTotals(await fundraiserGiftFacts(db, id));
    expect((await own(erik.id)).amountOre).toBe(50_000 + 25_000 + 30_000);
    expect(totals.members.map((m) => [m.title, m.organiserName, m.amountOre])).toEqual([
      ["Sara springer Varvet", "Sara Test", 200_000],
      ["Eriks Vasalopp för lungorna", "Erik Prov", 105_000],
    ]);
    expect(totals.amountOre).toBe((await own(erik.id)).amountOre + (await own(sara.id)).amountOre);
    expect(totals.gifts).toBe(4);
    expect(totals.percent).toBe(15);

    // A member that leaves takes its gifts with it.
    await leaveTeam(db, clock, sara.id);
    expect((await teamTotals(db, team, options)).amountOre).toBe(105_000);
  }, 90_000);

  it("lets only open personal fundraisers join a confirmed, open team", async () => {
    const s = await started();
    const { db } = s.container;
    const { team, token } = await startTeam(deps(s), teamForm({ slug: "klass-9b" }), { donorId: null });
    const page = (await startFundraiser(deps(s), startForm({ slug: "bos-lopp" }), { donorId: null })).fundraiser;
    // Not confirmed by its organiser yet: as if it did not exist.
    await expect(joinTeam(db, clock, page.id, "klass-9b", options)).rejects.toThrow(TEAM_NOT_FOUND);
    await expect(startFundraiser(deps(s), startForm({ slug: "annat-lopp", team: "klass-9b" }), { donorId: null })).rejects.toBeInstanceOf(TeamJoinError);
    expect((await teamManageAccess(db, clock, s.container.collections.linkKey, "klass-9b", { token, donorId: null })).ok).toBe(true);
    await joinTeam(db, clock, page.id, "klass-9b", options);
    await expect(joinTeam(db, clock, page.id, "finns-inte", options)).rejects.toThrow(TEAM_NOT_FOUND);

    // A memorial collection never joins a team.
    const now = clock.now().toISOString();
    await db.insertInto("memorials").values({ id: "m1", source_id: null, name: "Marta Öberg", birth_year: 1940, date_of_death: "2026-11-01", home_town: "Umeå", funeral_date: null,
      funeral_parlour_source_id: null, funeral_parlour_name: null, created_at: now, updated_at: now }).execute();
    await db.insertInto("fundraisers").values({ id: "mc1", slug: "minne-marta", kind: "memorial", title: null, memorial_id: "m1", organiser_kind: "family", organiser_name: "Familjen",
      organiser_email: "familjen@exempel.se", organiser_donor_id: null, message: null, design: "lilja", picture: null, goal_ore: null, ends_on: null, listed: 0, review: "approved",
      review_reason: null, reviewed_at: null, reviewed_by: null, confirmed_at: now, hidden_at: null, hidden_reason: null, show_greetings: 1, show_total: 1, status: "open",
      manage_token_id: "t", closed_at: null, sheets_sent_at: null, created_at: now, updated_at: now }).execute();
    await expect(joinTeam(db, clock, "mc1", "klass-9b", options)).rejects.toThrow(MEMORIAL_CANNOT_JOIN);
    expect((await db.selectFrom("fundraisers").select("team_id").where("id", "=", "mc1").executeTakeFirstOrThrow()).team_id).toBeNull();

    // A closed fundraiser cannot join; a closed team takes no new members but keeps those it has.
    const closedPage = (await startFundraiser(deps(s), startForm({ slug: "stangt-lopp" }), { donorId: null })).fundraiser;
    await closeFundraiser(db, clock, closedPage.id);
    await expect(joinTeam(db, clock, closedPage.id, "klass-9b", options)).rejects.toBeInstanceOf(TeamJoinError);
    expect(await closeTeam(db, clock, team.id)).toBe(true);
    const late = (await startFundraiser(deps(s), startForm({ slug: "sent-lopp" }), { donorId: null })).fundraiser;
    await expect(joinTeam(db, clock, late.id, "klass-9b", options)).rejects.toThrow(TEAM_CLOSED);
    await expect(startFundraiser(deps(s), startForm({ slug: "senare-lopp", team: "klass-9b" }), { donorId: null })).rejects.toThrow(TEAM_CLOSED);
    expect((await findFundraiserBySlug(db, "bos-lopp"))?.team_id).toBe(team.id);
  }, 90_000);

  it("records staff's review of a team, a later decision replacing an earlier one, and queues the organiser's mail each time", async () => {
    const s = await started();
    const { db } = s.container;
    const { team } = await startTeam(deps(s), teamForm({ slug: "granskat-lag" }), { donorId: null });
    const reviewOf = () => db.selectFrom("fundraiser_teams").select(["review", "review_reason", "reviewed_by"]).where("id", "=", team.id).executeTakeFirstOrThrow();
    const reviewJobs = () => db.selectFrom("jobs").select("id").where("type", "=", "fundraiser-team-review").execute();

    expect(await reviewTeam(db, clock, team.id, "staff:s1", { decision: "refuse", reason: "Namnet kan missförstås." })).toBe(true);
    expect(await reviewOf()).toEqual({ review: "refused", review_reason: "Namnet kan missförstås.", reviewed_by: "staff:s1" });
    clock.advance(60_000);
    expect(await reviewTeam(db, clock, team.id, "staff:s2", { decision: "approve" })).toBe(true);
    expect(await reviewOf()).toEqual({ review: "approved", review_reason: null, reviewed_by: "staff:s2" });
    expect(await reviewJobs()).toHaveLength(2);
    // An unknown team: nothing written, nothing queued.
    expect(await reviewTeam(db, clock, "finns-inte", "staff:s1", { decision: "approve" })).toBe(false);
    expect(await reviewJobs()).toHaveLength(2);
  }, 90_000);

  it("lists at /insamlingar only the teams whose organiser chose it, once approved, while open and not hidden, with their members' total", async () => {
    const s = await started();
    const { db } = s.container;
    const approve = async (teamId: string) => expect(await reviewTeam(db, clock, teamId, "staff:s1", { decision: "approve" })).toBe(true);
    await donor(s, "leader");
    const listed = (await startTeam(deps(s), teamForm({ slug: "listat-lag", listed: "on" }), { donorId: "leader" })).team;
    const unlisted = (await startTeam(deps(s), teamForm({ slug: "olistat-lag" }), { donorId: "leader" })).team;
    const unconfirmed = (await startTeam(deps(s), teamForm({ slug: "obekraftat-lag", listed: "on" }), { donorId: null })).team;
    const pending = (await startTeam(deps(s), teamForm({ slug: "ogranskat-lag", listed: "on" }), { donorId: "leader" })).team;
    for (const team of [listed, unlisted, unconfirmed]) await approve(team.id);
    expect(pending.listed).toBe(1);
    expect(unlisted.listed).toBe(0);

    const member = (await startFundraiser(deps(s), startForm({ slug: "lagmedlem" }), { donorId: "leader" })).fundraiser;
    await joinTeam(db, clock, member.id, "listat-lag", options);
    await addOfflineGift(db, clock, member.id, { amountOre: 40_000, name: "Klassinsamling" });
    const onList = await listPublicTeams(db, options);
    expect(onList.map((t) => t.slug)).toEqual(["listat-lag"]);
    expect(onList[0]).toMatchObject({ name: "Spring för hjärtat", path: "/insamling/lag/listat-lag", members: 1, goalOre: 2_000_000, amountOre: 40_000, percent: 2 });

    // Hidden by staff, or closed by its organiser: off the list.
    await setTeamHidden(db, clock, listed.id, "staff:s1", { reason: "Granskas igen." }, nothingLive);
    expect(await listPublicTeams(db, options)).toEqual([]);
    await setTeamHidden(db, clock, listed.id, "staff:s1", null, nothingLive);
    expect(await listPublicTeams(db, options)).toHaveLength(1);
    await closeTeam(db, clock, listed.id);
    expect(await listPublicTeams(db, options)).toEqual([]);
  }, 90_000);

  it("thanks every giver address once when closed early, however often the job runs, and closes pages past their end date", async () => {
    const s = await started();
    const { db } = s.container;
    const page = (await startFundraiser(deps(s), startForm({ slug: "tack-lopp" }), { donorId: null })).fundraiser;
    await db.updateTable("fundraisers").set({ confirmed_at: clock.now().toISOString() }).where("id", "=", page.id).execute();
    const open = (await findFundraiserBySlug(db, "tack-lopp"))!;
    await paidGift(s, open, { amount: "500", email: "karin@exempel.se" });
    await paidGift(s, open, { amount: "250", email: "Karin@Exempel.se " });
    await paidGift(s, open, { amount: "300", name: "Bo Ek", email: "bo@exempel.se" });
    await giveFundraiserGift(s.container, open, giftForm(s, { email: "obetald@exempel.se" }), options);
    await addOfflineGift(db, clock, open.id, { amountOre: 10_000, name: "Kollegorna" });
    // This address has had its hour's e-mails already (its invoice and more): left out.
    await paidGift(s, open, { amount: "100", name: "Full Korg", email: "full@exempel.se" });
    for (let i = 0; i < 5; i++) await s.container.recipientMail.hit("full@exempel.se");
    await s.container.jobs.runAllDue();
    sent.length = 0;

    expect(await closeFundraiser(db, clock, open.id, "Tack alla, vi klarade det!")).toBe(true);
    expect(await closeFundraiser(db, clock, open.id, "En gång till")).toBe(false);
    await s.container.jobs.runAllDue();
    expect(sent).toEqual([]);
    clock.advance(THANK_YOU_DELAY_MS + 1000);
    // The job, once more by hand and twice at the same moment (two instances): one set of thank-yous.
    const [a, b] = await Promise.all([s.container.jobs.runAllDue(), queueThankYous({ ...s.container, ...mailDeps(s) }, { fundraiserId: open.id })]);
    expect(a + b).toBeGreaterThan(0);
    expect(await queueThankYous({ ...s.container, ...mailDeps(s) }, { fundraiserId: open.id })).toBe(0);
    await s.container.jobs.runAllDue();
    await s.container.jobs.runAllDue();
    const thanks = sent.filter((m) => m.subject === "Tack för din gåva till ”Eriks Vasalopp för lungorna”");
    expect(thanks.map((m) => m.to).sort()).toEqual(["bo@exempel.se", "karin@exempel.se"]);
    expect(thanks[0]!.text).toContain("Tack alla, vi klarade det!");
    // The total as the page counts it: 500 + 250 + 300 + 100 kr paid and 100 kr offline.
    expect(thanks[0]!.text).toMatch(/1\s*250\s*kr/);
    expect(await db.selectFrom("jobs").select("id").where("type", "=", FUNDRAISER_THANK_YOU_JOB).execute()).toHaveLength(2);
    expect((await findFundraiserBySlug(db, "tack-lopp"))?.thanked_at).not.toBeNull();

    // Past its end date: the periodic task closes it (once however often it runs) and the default thank-you names the fundraiser, the total and the charity.
    sent.length = 0;
    const dated = (await startFundraiser(deps(s), startForm({ slug: "datum-lopp", title: "Lopp med slutdatum", endsOn: "2026-11-30" }), { donorId: null })).fundraiser;
    await db.updateTable("fundraisers").set({ confirmed_at: clock.now().toISOString() }).where("id", "=", dated.id).execute();
    await paidGift(s, (await findFundraiserBySlug(db, "datum-lopp"))!, { amount: "400", email: "vera@exempel.se", name: "Vera Vän" });
    clock.set(new Date("2026-11-30T20:00:00Z"));
    await s.container.jobs.runPeriodic(true);
    expect((await findFundraiserBySlug(db, "datum-lopp"))?.status).toBe("open");
    clock.set(new Date("2026-12-01T08:00:00Z"));
    await s.container.jobs.runPeriodic(true);
    await s.container.jobs.runPeriodic(true);
    expect((await findFundraiserBySlug(db, "datum-lopp"))?.status).toBe("closed");
    clock.advance(THANK_YOU_DELAY_MS + 1000);
    await s.container.jobs.runAllDue();
    await s.container.jobs.runPeriodic(true);
    await s.container.jobs.runAllDue();
    const dateThanks = sent.filter((m) => m.to === "vera@exempel.se" && m.subject === "Tack för din gåva till ”Lopp med slutdatum”");
    expect(dateThanks).toHaveLength(1);
    expect(dateThanks[0]!.text).toContain("Hej Vera Vän,");
    expect(dateThanks[0]!.text).toContain("”Lopp med slutdatum” är nu avslutad");
    expect(dateThanks[0]!.text).toMatch(/samlade ni in 400\s*kr/);
    expect(dateThanks[0]!.text).toContain(s.container.site.name);
  }, 90_000);

  it("lets the organiser who used BankID in by their session, and no other signed-in donor", async () => {
    const s = await started();
    const { db } = s.container;
    const key = s.container.collections.linkKey;
    await donor(s, "owner");
    await donor(s, "other");
    const { fundraiser, token } = await startFundraiser(deps(s), startForm({ slug: "agarens-lopp" }), { donorId: "owner" });
    const { team, token: teamToken } = await startTeam(deps(s), teamForm({ slug: "agarens-lag" }), { donorId: "owner" });

    const mine = await fundraiserManageAccess(db, clock, key, "agarens-lopp", { token: null, donorId: "owner" });
    expect(mine).toMatchObject({ ok: true, bySession: true });
    expect(await fundraiserManageAccess(db, clock, key, "agarens-lopp", { token: null, donorId: "other" })).toEqual({ ok: false, reason: "invalid" });
    expect(await fundraiserManageAccess(db, clock, key, "agarens-lopp", { token: null, donorId: null })).toEqual({ ok: false, reason: "invalid" });
    // Another fundraiser's link does not open this one for the other donor either; the page's own link still works for anyone who has it.
    expect((await fundraiserManageAccess(db, clock, key, "agarens-lopp", { token: teamToken, donorId: "other" })).ok).toBe(false);
    expect(await fundraiserManageAccess(db, clock, key, "agarens-lopp", { token, donorId: "other" })).toMatchObject({ ok: true });

    expect(await teamManageAccess(db, clock, key, "agarens-lag", { token: null, donorId: "owner" })).toMatchObject({ ok: true, bySession: true });
    expect(await teamManageAccess(db, clock, key, "agarens-lag", { token: null, donorId: "other" })).toEqual({ ok: false, reason: "invalid" });
    expect(await teamManageAccess(db, clock, key, "agarens-lag", { token: teamToken, donorId: null })).toMatchObject({ ok: true, bySession: false });

    // Mina sidor lists the owner's pages with their manage pages, and nothing for the other donor.
    expect((await pagesOrganisedBy(db, "owner")).map((p) => [p.type, p.managePath])).toEqual(
      expect.arrayContaining([
        ["fundraiser", `/insamling/${fundraiser.slug}/hantera`],
        ["team", `/insamling/lag/${team.slug}/hantera`],
      ]),
    );
    expect(await pagesOrganisedBy(db, "other")).toEqual([]);
  }, 60_000);

  it("takes a visitor's report of a team's page as a browser without JavaScript posts it, limited per visitor, and staff see and handle it, audit-logged", async () => {
    const s = await started();
    const { db } = s.container;
    const site = s.container.config.publicUrl;
    await donor(s, "leader");
    const { team } = await startTeam(deps(s), teamForm({ slug: "anmalt-lag" }), { donorId: "leader" });
    const hidden = (await startTeam(deps(s), teamForm({ slug: "dolt-lag" }), { donorId: "leader" })).team;
    await setTeamHidden(db, clock, hidden.id, "staff:s1", { reason: "Granskas." }, nothingLive);
    const call = (handler: unknown, path: string, params: Record<string, string>, ip: string, init: RequestInit = {}) =>
      outcome(() => (handler as RouteHandler)({ request: new Request(`${site}${path}`, init), context: routeContext(s.container, ip), params }));
    const report = (page: "lag" | "insamling", slug: string, reason: string, ip: string, origin = site) =>
      call(
        page === "lag" ? teamReportPage.action : fundraiserReportPage.action,
        `/insamling/${page === "lag" ? "lag/" : ""}${slug}/anmal`,
        { slug },
        ip,
        { method: "POST", headers: { origin, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ reason }) },
      );
    const stored = async () => (await reportsOf(db, { kind: "team", id: team.id })).map((r) => r.reason);

    // The form names the team it reports; a team not shown to visitors, or no team, has no form and takes no report.
    expect((await call(teamReportPage.loader, "/insamling/lag/anmalt-lag/anmal", { slug: "anmalt-lag" }, "198.51.100.1")).data).toEqual({ title: "Spring för hjärtat", path: "/insamling/lag/anmalt-lag" });
    expect((await call(teamReportPage.loader, "/insamling/lag/dolt-lag/anmal", { slug: "dolt-lag" }, "198.51.100.1")).status).toBe(404);
    expect((await report("lag", "dolt-lag", "Namnet är kränkande.", "198.51.100.1")).status).toBe(404);
    expect((await report("lag", "finns-inte", "Namnet är kränkande.", "198.51.100.1")).status).toBe(404);
    // Too short, or from another site: refused, nothing stored, nothing counted.
    const short = await report("lag", "anmalt-lag", "Fel", "198.51.100.1");
    expect(short.status).toBe(400);
    expect(short.data.result.error.reason).toEqual(["Berätta kort vad som är fel med sidan."]);
    expect((await report("lag", "anmalt-lag", "Namnet är kränkande.", "198.51.100.1", "https://annan.example")).status).toBe(403);
    expect(await stored()).toEqual([]);

    const sent = await report("lag", "anmalt-lag", "Namnet är kränkande mot en klasskamrat.", "198.51.100.1");
    expect(sent.status).toBe(200);
    expect(sent.data.sent).toBe(true);
    expect(await stored()).toEqual(["Namnet är kränkande mot en klasskamrat."]);
    // One counter per visitor for both kinds of page (RATE_LIMIT_FUNDRAISER_REPORTS_PER_HOUR, 5): a fundraiser's report counts too.
    const page = (await startFundraiser(deps(s), startForm({ slug: "anmald-insamling" }), { donorId: "leader" })).fundraiser;
    expect((await report("insamling", page.slug, "Sidan gör reklam.", "198.51.100.1")).data.sent).toBe(true);
    for (let i = 0; i < 3; i++) expect((await report("lag", "anmalt-lag", `Anmälan nummer ${i + 2}.`, "198.51.100.1")).status).toBe(200);
    const limited = await report("lag", "anmalt-lag", "En anmälan för mycket.", "198.51.100.1");
    expect(limited.status).toBe(429);
    expect(limited.data.result.error[""]).toEqual(["Du har skickat många anmälningar på kort tid. Vänta en stund, eller ring oss."]);
    expect((await report("lag", "anmalt-lag", "Från en annan besökare.", "198.51.100.2")).status).toBe(200);
    expect(await stored()).toHaveLength(5);
    expect(await db.selectFrom("fundraiser_reports").select("reason").execute()).toEqual([{ reason: "Sidan gör reklam." }]);

    // Staff: the team is in the queue with its open reports, its page lists them, and marking them handled is audit-logged.
    const IP = "10.1.2.3";
    const { member } = await s.container.staff.members.register(TEST_PERSONNUMMER[1], ["insamling"], null);
    const cookie = (await s.container.staff.sessions.login(member.id, IP, null)).split(";")[0]!;
    const staffPost = (fields: Record<string, string>) =>
      call(adminTeamPage.action, `/admin/insamlingar/granska/lag/${team.id}`, { teamId: team.id }, IP, { method: "POST", headers: { cookie, origin: site }, body: new URLSearchParams(fields) });
    const queue = await call(adminFundraisersPage.loader, "/admin/insamlingar/granska", {}, IP, { headers: { cookie } });
    expect(queue.data.reportedTeams.map((t: { name: string; openReports: number }) => [t.name, t.openReports])).toEqual([["Spring för hjärtat", 5]]);
    expect(queue.data.allTeams.find((t: { id: string }) => t.id === team.id).openReports).toBe(5);
    const view = await call(adminTeamPage.loader, `/admin/insamlingar/granska/lag/${team.id}`, { teamId: team.id }, IP, { headers: { cookie } });
    expect(view.data.reports.map((r: { reason: string; handled: boolean }) => [r.reason, r.handled])).toContainEqual(["Namnet är kränkande mot en klasskamrat.", false]);
    expect((await staffPost({ action: "reports_handled" })).data).toMatchObject({ ok: true, done: "Anmälningarna är markerade som hanterade." });
    const audited = await db.selectFrom("audit_log").select(["staff_id", "action", "outcome", "subject_type", "subject_id", "details"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audited).toEqual({ staff_id: member.id, action: "fundraiser_team.reports_handled", outcome: "ok", subject_type: "fundraiser_team", subject_id: team.id, details: JSON.stringify({ handled: 5 }) });
    expect((await teamsForStaff(db)).reported).toEqual([]);
    expect((await reportsOf(db, { kind: "team", id: team.id })).every((r) => r.handled)).toBe(true);
    // The fundraiser's report is its own page's: untouched.
    expect(await db.selectFrom("fundraiser_reports").select("handled_at").execute()).toEqual([{ handled_at: null }]);

    // A later report waits again; hiding the team handles it, as hiding a fundraiser does.
    await report("lag", "anmalt-lag", "Sidan låtsas vara skolan.", "198.51.100.3");
    expect((await teamsForStaff(db)).reported.map((r) => r.openReports)).toEqual([1]);
    expect((await staffPost({ action: "hide", reason: "Anmäld av besökare." })).data).toMatchObject({ ok: true });
    expect((await teamsForStaff(db)).reported).toEqual([]);
    expect(await db.selectFrom("fundraiser_team_reports").select("handled_by").where("reason", "=", "Sidan låtsas vara skolan.").executeTakeFirstOrThrow()).toEqual({ handled_by: `staff:${member.id}` });
  }, 90_000);

  function mailDeps(s: TestServer) {
    return { db: s.container.db, clock, mailer, site: s.container.site, publicUrl: s.container.config.publicUrl, linkKey: s.container.collections.linkKey, recipientMail: s.container.recipientMail, logger: silentLogger };
  }
});
