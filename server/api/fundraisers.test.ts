import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import type { Mailer, MailMessage } from "#core/mail/mailer";
import { silentLogger } from "#core/logger";
import { transitionPayment } from "#core/payments/payment-transitions";
import { fundraiserGiftSchema, startFundraiserSchema } from "#core/fundraisers/fundraiser-forms";
import {
  FundraiserClosedError,
  FundraiserInputError,
  findFundraiserBySlug,
  fundraiserGiftFacts,
  giveFundraiserGift,
  pageVisibility,
  startFundraiser,
  verifyFundraiserManageAccess,
} from "#core/fundraisers/fundraiser-service";
import { donorWall, fundraiserTotals } from "#core/fundraisers/fundraiser-wall";
import { listPublicFundraisers, reviewFundraiser, reviewQueue, setFundraiserHidden, setWallGreetingHidden } from "#core/fundraisers/fundraiser-moderation";
import { reportPage } from "#core/fundraisers/page-reports";
import { addOfflineGift, postFundraiserUpdate } from "#core/fundraisers/fundraiser-organiser";
import { closeFundraiser } from "#core/fundraisers/fundraiser-thanks";
import { signManageLink } from "#core/memorial/collection-links";
import { testEngines } from "#tests/support/test-databases";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * Personal fundraisers on a real container (SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set): started and confirmed by the e-mailed link,
 * given to (one giver anonymous), an offline gift added, reviewed by staff
 * with the organiser e-mailed, listed, reported and hidden, an update
 * e-mailed to the givers who asked, and closed. The pages are covered by
 * tests/e2e/fundraiser.spec.ts.
 */
const TODAY = "2026-11-23";

describe.each(testEngines)("personal fundraisers on %s", (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  const sent: MailMessage[] = [];
  // Addresses whose next mail fails once (a mail server's refusal), to show what a retry sends again.
  const failOnce = new Set<string>();
  const mailer: Mailer = {
    send: async (message) => {
      if (failOnce.delete(message.to)) throw new Error(`451 try again later: ${message.to}`);
      sent.push(message);
    },
  };
  const clock = new ManualClock(`${TODAY}T12:00:00Z`);

  async function started() {
    sent.length = 0;
    server = await startTestServer({ engine, clock, mailer, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json" } });
    return server;
  }

  const startForm = (over: Record<string, string> = {}) =>
    startFundraiserSchema(TODAY).parse({
      kind: "birthday",
      title: "Annas 50-årsdag för hjärtat",
      message: "Jag fyller 50 och önskar mig gåvor till forskningen i stället för presenter.",
      goal: "5 000",
      endsOn: "2027-01-31",
      picture: "ballonger",
      organiserName: "Anna Andersson",
      organiserEmail: "Anna@Exempel.se",
      listed: "on",
      showTotal: "on",
      terms: "on",
      ...over,
    });
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
  async function pay(s: TestServer, giftId: string) {
    const payment = await s.container.db.selectFrom("payments").select("id").where("gift_id", "=", giftId).executeTakeFirstOrThrow();
    await transitionPayment({ db: s.container.db, clock, logger: silentLogger, outcomes: s.container.paymentOutcomes }, { paymentId: payment.id, to: "paid", source: "import" });
  }

  it("is started, confirmed by its link, given to (one anonymous, one offline), reviewed, updated and closed", async () => {
    const s = await started();
    const { db } = s.container;
    const deps = { db, clock, linkKey: s.container.collections.linkKey, recipientMail: s.container.recipientMail };
    const options = { visibleBeforeReview: true };

    const { fundraiser, token } = await startFundraiser(deps, startForm({ slug: "annas-50" }), { donorId: null });
    expect(fundraiser).toMatchObject({ slug: "annas-50", kind: "birthday", review: "pending", confirmed_at: null, organiser_email: "anna@exempel.se", goal_ore: 500_000 });
    await expect(startFundraiser(deps, startForm({ slug: "annas-50" }), { donorId: null })).rejects.toBeInstanceOf(FundraiserInputError);
    // Not confirmed: the page shows nothing and takes nothing, and staff's queue does not list it yet.
    expect(pageVisibility(fundraiser, options)).toBe("unconfirmed");
    await expect(giveFundraiserGift(s.container, fundraiser, giftForm(s, {}), options)).rejects.toBeInstanceOf(FundraiserClosedError);
    expect((await reviewQueue(db)).pending).toEqual([]);

    await s.container.jobs.runAllDue();
    const linkMail = sent.find((m) => m.subject.startsWith("Bekräfta din insamling"));
    expect(linkMail?.to).toBe("anna@exempel.se");
    expect(linkMail?.text).toContain("/insamling/annas-50/hantera?token=");
    // A link for another fundraiser, or forged, does not confirm it.
    expect((await verifyFundraiserManageAccess(db, clock, deps.linkKey, "annas-50", signManageLink(deps.linkKey, { id: "other", manageTokenId: "x" }, clock.now()))).ok).toBe(false);
    const access = await verifyFundraiserManageAccess(db, clock, deps.linkKey, "annas-50", token);
    expect(access.ok).toBe(true);
    const confirmed = (await findFundraiserBySlug(db, "annas-50"))!;
    expect(confirmed.confirmed_at).not.toBeNull();
    expect(pageVisibility(confirmed, options)).toBe("visible");
    expect(pageVisibility(confirmed, { visibleBeforeReview: false })).toBe("waiting");
    expect((await reviewQueue(db)).pending.map((r) => r.fundraiser.slug)).toEqual(["annas-50"]);

    const named = await giveFundraiserGift(s.container, confirmed, giftForm(s, { amount: "500", showName: "on", displayName: "Farmor Karin", greeting: "Grattis!", showAmount: "on", wantsUpdates: "on" }), options);
    clock.advance(60_000);
    const anonymous = await giveFundraiserGift(s.container, confirmed, giftForm(s, { name: "Bo Ek", email: "bo@exempel.se", greeting: "Hemligt", wantsUpdates: "on" }), options);
    clock.advance(60_000);
    const unpaid = await giveFundraiserGift(s.container, confirmed, giftForm(s, { amount: "1000", showName: "on" }), options);
    await pay(s, named.gift.id);
    await pay(s, anonymous.gift.id);
    expect(unpaid.gift.gift_type).toBe("one_off");
    clock.advance(60_000);
    await addOfflineGift(db, clock, confirmed.id, { amountOre: 30_000, name: "Kollegorna" });

    let facts = await fundraiserGiftFacts(db, confirmed.id);
    // Every paid gift counts, anonymous and offline alike; the unpaid one does not.
    expect(fundraiserTotals(facts)).toEqual({ amountOre: 50_000 + 25_000 + 30_000, gifts: 3, offlineOre: 30_000 });
    expect(donorWall(facts).map((e) => [e.name, e.amountOre, e.greeting, e.offline])).toEqual([
      ["Kollegorna", 30_000, null, true],
      ["Anonym", null, null, false],
      ["Farmor Karin", 50_000, "Grattis!", false],
    ]);
    // The offline gift is never a gift row, so never in tax data.
    expect(await db.selectFrom("gifts").select("id").where("amount_ore", "=", 30_000).execute()).toEqual([]);

    // Hiding a greeting leaves the gift counted and named "Anonym"; only this page's gifts can be hidden. The live pages are told of a change only.
    let told = 0;
    const tell = async () => void (told += 1);
    expect(await setWallGreetingHidden(db, clock, { fundraiserId: confirmed.id, giftId: named.gift.id, hidden: true }, tell)).toBe(true);
    expect(await setWallGreetingHidden(db, clock, { fundraiserId: "another", giftId: named.gift.id, hidden: true }, tell)).toBe(false);
    expect(told).toBe(1);
    facts = await fundraiserGiftFacts(db, confirmed.id);
    expect(donorWall(facts).find((e) => e.id === named.gift.id)).toMatchObject({ name: "Anonym", greeting: null, amountOre: 50_000 });
    expect(fundraiserTotals(facts).amountOre).toBe(105_000);

    // Listed only once approved; the organiser is e-mailed.
    expect(await listPublicFundraisers(db, clock)).toEqual([]);
    expect(await reviewFundraiser(db, clock, confirmed.id, "staff:1", { decision: "approve" })).toBe(true);
    await s.container.jobs.runAllDue();
    expect(sent.find((m) => m.subject.includes("är godkänd"))?.to).toBe("anna@exempel.se");
    expect((await listPublicFundraisers(db, clock)).map((f) => [f.slug, f.totalOre])).toEqual([["annas-50", 105_000]]);

    // An update goes to each paid giver who asked for it, once – also when one address's mail fails and is retried:
    // the other is not sent again (one job per address; before, the one job sent them all again).
    failOnce.add("bo@exempel.se");
    await postFundraiserUpdate(db, clock, confirmed.id, "Tack alla, vi är snart vid målet!");
    await s.container.jobs.runAllDue();
    clock.advance(60 * 60_000);
    await s.container.jobs.runAllDue();
    const updates = sent.filter((m) => m.subject.startsWith("Nytt från insamlingen"));
    expect(updates.map((m) => m.to).sort()).toEqual(["bo@exempel.se", "karin@exempel.se"]);
    expect(updates[0]!.text).toContain("Tack alla, vi är snart vid målet!");
    expect(failOnce.size).toBe(0);

    // A report waits for staff; hiding the page handles it, takes the page off the list and tells the live pages.
    await reportPage(db, clock, { kind: "fundraiser", id: confirmed.id }, "Texten stämmer inte.");
    expect((await reviewQueue(db)).reported.map((r) => r.openReports)).toEqual([1]);
    expect(await setFundraiserHidden(db, clock, confirmed.id, "staff:1", { reason: "Anmäld" }, tell)).toBe(true);
    expect(await setFundraiserHidden(db, clock, "no-such-page", "staff:1", { reason: "Anmäld" }, tell)).toBe(false);
    expect(told).toBe(2);
    expect((await reviewQueue(db)).reported).toEqual([]);
    expect(await listPublicFundraisers(db, clock)).toEqual([]);
    expect(pageVisibility((await findFundraiserBySlug(db, "annas-50"))!, options)).toBe("hidden");
    await setFundraiserHidden(db, clock, confirmed.id, "staff:1", null, tell);
    expect(told).toBe(3);

    // Closed early: once, and no more gifts.
    expect(await closeFundraiser(db, clock, confirmed.id)).toBe(true);
    expect(await closeFundraiser(db, clock, confirmed.id)).toBe(false);
    await expect(giveFundraiserGift(s.container, (await findFundraiserBySlug(db, "annas-50"))!, giftForm(s, {}), options)).rejects.toBeInstanceOf(FundraiserClosedError);
  }, 90_000);

  it("is refused with staff's reason e-mailed, started at once with BankID, and past its end date takes no gifts", async () => {
    const s = await started();
    const { db } = s.container;
    const deps = { db, clock, linkKey: s.container.collections.linkKey, recipientMail: s.container.recipientMail };
    const options = { visibleBeforeReview: true };
    const donor = { id: "d1", personnummer: null, given_name: "Per", surname: "Prov", street: null, postal_code: null, city: null, protected_identity: 0,
      email: null, pending_email: null, phone: null, contact_email: 0, contact_post: 0, contact_phone: 0, newsletter: 0, created_at: "x", updated_at: "x", last_login_at: null };
    await db.insertInto("donors").values(donor).execute();
    const { fundraiser } = await startFundraiser(deps, startForm({ kind: "challenge", title: "Pers Vasalopp", picture: "lopare", endsOn: "2026-11-30" }), { donorId: "d1" });
    expect(fundraiser.confirmed_at).not.toBeNull();
    expect(fundraiser.organiser_donor_id).toBe("d1");
    expect(fundraiser.slug).toMatch(/^pers-vasalopp-[a-z2-9]{12}$/);

    expect(await reviewFundraiser(db, clock, fundraiser.id, "staff:1", { decision: "refuse", reason: "Sidan gör reklam för ett företag." })).toBe(true);
    await s.container.jobs.runAllDue();
    const refusal = sent.find((m) => m.subject.includes("kan inte visas"));
    expect(refusal?.text).toContain("Sidan gör reklam för ett företag.");
    const refused = (await findFundraiserBySlug(db, fundraiser.slug))!;
    expect(pageVisibility(refused, options)).toBe("refused");

    await reviewFundraiser(db, clock, fundraiser.id, "staff:1", { decision: "approve" });
    clock.set(new Date("2026-12-01T12:00:00Z"));
    await expect(giveFundraiserGift(s.container, (await findFundraiserBySlug(db, fundraiser.slug))!, giftForm(s, {}), options)).rejects.toBeInstanceOf(FundraiserClosedError);
    expect(await listPublicFundraisers(db, clock)).toEqual([]);
    clock.set(new Date(`${TODAY}T12:00:00Z`));
  }, 60_000);
});
