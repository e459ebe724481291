import crypto from "node:crypto";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import type { Mailer, MailMessage } from "#core/mail/mailer";
import type { DeceasedPerson } from "#core/memorial/memorial-records";
import { silentLogger } from "#core/logger";
import { transitionPayment } from "#core/payments/payment-transitions";
import { collectionGiftSchema, openCollectionSchema } from "#core/memorial/collection-forms";
import {
  closeCollection,
  collectionGiftFacts,
  findCollectionWithMemorial,
  giveCollectionGift,
  openCollection,
  renewManageLink,
  setGreetingHidden,
  verifyManageAccess,
} from "#core/memorial/collection-service";
import { publicCollectionView } from "#core/memorial/collection-privacy";
import { FundraiserClosedError, FundraiserInputError } from "#core/fundraisers/fundraiser-errors";
import { signManageLink } from "#core/memorial/collection-links";
import { signToken, tokenSigningKey } from "#core/my-data/token-format";
import { memorialOrderView } from "#core/memorial/memorial-order-view";
import { testEngines } from "#tests/support/test-databases";
import { COLLECTION_ORGANISER_KINDS } from "#core/memorial/collection-status";
import { MEMORIAL_SHEET_DESIGNS } from "#core/memorial/sheet-designs";
import { inspectPdf } from "#tests/support/pdf-inspect";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * A memorial collection end to end on a real container (SQLite, and
 * PostgreSQL when TEST_DATABASE_URL is set): opened, given to twice, its
 * manage link checked, closed, refusing gifts, and its sheets e-mailed as one
 * PDF. The pages over these functions are covered by
 * tests/e2e/memorial-collection.spec.ts.
 */
const TODAY = "2026-11-23";

describe.each(testEngines)("memorial collections on %s", (engine) => {
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
    server = await startTestServer({ engine, clock, mailer, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json" } });
    return server;
  }
  const someone = (s: TestServer): DeceasedPerson => s.container.memorial.simulator!.deceased().find((p) => p.funeralDate !== null && p.funeralDate > TODAY)!;

  const openForm = (deceasedId: string, slug = "") =>
    openCollectionSchema().parse({
      deceasedId,
      organiserKind: "family",
      organiserName: "Familjen Öberg",
      organiserEmail: "Familjen.Oberg@exempel.se",
      message: "I stället för blommor, tänk gärna på hjärt- och lungforskningen.",
      design: "ljus",
      slug,
      showGreetings: "on",
      showTotal: "on",
      familyConsent: "on",
    });
  const giftForm = (s: TestServer, over: Record<string, string>) =>
    collectionGiftSchema(s.container.giftLimits).parse({
      amount: "250",
      name: "Karin Lind",
      email: "karin@exempel.se",
      paymentMethod: "invoice",
      street: "Storgatan 1",
      postalCode: "111 22",
      city: "Umeå",
      idempotencyKey: crypto.randomUUID(),
      greeting: "Vi minns dig med värme.",
      signature: "Karin och Olle",
      ...over,
    });

  async function pay(s: TestServer, giftId: string) {
    const payment = await s.container.db.selectFrom("payments").select("id").where("gift_id", "=", giftId).executeTakeFirstOrThrow();
    await transitionPayment({ db: s.container.db, clock, logger: silentLogger, outcomes: s.container.paymentOutcomes }, { paymentId: payment.id, to: "paid", source: "import" });
  }

  it("is opened for a person from the source, given to twice, shows only what givers allowed, closes once, refuses gifts and sends one PDF", async () => {
    const s = await started();
    const { db, collections } = s.container;
    const person = someone(s);
    const deps = { db, clock, memorialLookup: s.container.memorialLookup, linkKey: collections.linkKey, perDeceased: collections.perDeceased, recipientMail: s.container.recipientMail };

    const { collection, token } = await openCollection(deps, openForm(person.id, "Märta Minne"));
    expect(collection).toMatchObject({ slug: "marta-minne", status: "open", organiser_email: "familjen.oberg@exempel.se", show_total: 1, design: "ljus" });
    // The address is checked against the ones taken.
    await expect(openCollection(deps, openForm(person.id, "marta-minne"))).rejects.toBeInstanceOf(FundraiserInputError);
    // Nobody the source knows: nothing stored.
    await expect(openCollection(deps, openForm("no-such-person"))).rejects.toBeInstanceOf(FundraiserInputError);
    expect(await db.selectFrom("fundraisers").select("id").execute()).toHaveLength(1);
    // Without a chosen address, an unguessable one.
    const second = await openCollection(deps, openForm(person.id));
    expect(second.collection.slug).toMatch(/-[a-hjkmnp-z2-9]{12}$/);

    // The manage link is e-mailed by a job.
    await s.container.jobs.runAllDue();
    const linkMail = sent.find((m) => m.text.includes("/minnesinsamling/marta-minne/hantera?token="));
    expect(linkMail?.to).toBe("familjen.oberg@exempel.se");

    const target = (await findCollectionWithMemorial(db, "marta-minne"))!;
    const shown = await giveCollectionGift(s.container, target, giftForm(s, { amount: "500", showAmount: "on", showOnPage: "on" }));
    const quiet = await giveCollectionGift(s.container, target, giftForm(s, { amount: "annat", customAmount: "300", signature: "Bo Ek", greeting: "Tack för allt.", showOnPage: "on" }));
    const privateGift = await giveCollectionGift(s.container, target, giftForm(s, { signature: "Anonym vän", greeting: "Hemligt" }));
    for (const g of [shown, quiet, privateGift]) await pay(s, g.gift.id);

    // The sheet goes with the collection: not e-mailed on its own.
    const item = await db.selectFrom("order_items").selectAll().innerJoin("orders", "orders.id", "order_items.order_id").where("orders.gift_id", "=", shown.gift.id).executeTakeFirstOrThrow();
    expect(item).toMatchObject({ channel: "download", design: "ljus", status: "ready", recipient_email: "familjen.oberg@exempel.se" });
    await s.container.jobs.runAllDue();
    expect(sent.filter((m) => m.subject.startsWith("Minnesblad till minne av"))).toEqual([]);
    const order = await memorialOrderView(db, shown.gift.order_reference, clock.now());
    expect(order?.destination).toContain("tillsammans med de andra minnesbladen");

    let view = publicCollectionView({ status: "open", showGreetings: true, showTotal: true }, await collectionGiftFacts(db, target.collection.id));
    expect(view.greetings.map((g) => [g.name, g.amountOre])).toEqual(
      expect.arrayContaining([
        ["Karin och Olle", 50_000],
        ["Bo Ek", null],
      ]),
    );
    expect(view.greetings).toHaveLength(2);
    expect(view.total).toEqual({ amountOre: 50_000 + 30_000 + 25_000, gifts: 3 });

    // Hiding works only for the collection's own gifts.
    expect(await setGreetingHidden(db, clock, target.collection.id, quiet.gift.id, true)).toBe(true);
    expect(await setGreetingHidden(db, clock, second.collection.id, shown.gift.id, true)).toBe(false);
    view = publicCollectionView({ status: "open", showGreetings: true, showTotal: false }, await collectionGiftFacts(db, target.collection.id));
    expect(view.greetings.map((g) => g.name)).toEqual(["Karin och Olle"]);

    // The manage link: right, forged, another collection's, wrong purpose.
    const now = clock.now();
    expect(await verifyManageAccess(db, collections.linkKey, "marta-minne", token, now)).toMatchObject({ ok: true });
    const forged = signManageLink(tokenSigningKey("not-the-sites-secret-key-not-the-sites"), { id: collection.id, manageTokenId: collection.manage_token_id }, now);
    expect(await verifyManageAccess(db, collections.linkKey, "marta-minne", forged, now)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyManageAccess(db, collections.linkKey, "marta-minne", second.token, now)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyManageAccess(db, collections.linkKey, "marta-minne", `${token.slice(0, -2)}xx`, now)).toEqual({ ok: false, reason: "invalid" });
    const otherPurpose = signToken({ jti: collection.manage_token_id, sub: collection.id, pur: "my-data", iat: 0, exp: 4_000_000_000 }, collections.linkKey);
    expect(await verifyManageAccess(db, collections.linkKey, "marta-minne", otherPurpose, now)).toEqual({ ok: false, reason: "invalid" });

    // Staff renew a lost link: the old one stops working, the new one goes to the stored address only.
    sent.length = 0;
    expect(await renewManageLink(db, clock, "no-such-collection")).toBeNull();
    const renewed = (await renewManageLink(db, clock, "marta-minne"))!;
    await s.container.jobs.runAllDue();
    expect(sent.map((m) => m.to)).toEqual(["familjen.oberg@exempel.se"]);
    const newToken = decodeURIComponent(/hantera\?token=([^\s]+)/.exec(sent[0]!.text)![1]!);
    expect(await verifyManageAccess(db, collections.linkKey, "marta-minne", token, now)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyManageAccess(db, collections.linkKey, "marta-minne", newToken, now)).toMatchObject({ ok: true, collection: { manage_token_id: renewed.manage_token_id } });

    // Closing: once; then gifts are refused and nothing is stored.
    expect(await closeCollection(db, clock, collection.id)).toBe(true);
    expect(await closeCollection(db, clock, collection.id)).toBe(false);
    const giftsBefore = (await db.selectFrom("gifts").select("id").execute()).length;
    const closed = (await findCollectionWithMemorial(db, "marta-minne"))!;
    await expect(giveCollectionGift(s.container, closed, giftForm(s, {}))).rejects.toBeInstanceOf(FundraiserClosedError);
    // A page loaded before the close still cannot give: the gift's transaction checks again.
    await expect(giveCollectionGift(s.container, target, giftForm(s, {}))).rejects.toBeInstanceOf(FundraiserClosedError);
    expect((await db.selectFrom("gifts").select("id").execute()).length).toBe(giftsBefore);
    expect((await db.selectFrom("payments").select("id").execute()).length).toBe(3);

    // The family gets every sheet, hidden and private greetings too, in one PDF.
    await s.container.jobs.runAllDue();
    const sheetsMail = sent.find((m) => m.subject === `Minnesbladen till minne av ${target.memorial.name}`);
    expect(sheetsMail?.to).toBe("familjen.oberg@exempel.se");
    expect(sheetsMail?.text).toContain("3 personer har gett");
    expect(sheetsMail?.attachments?.[0]?.filename).toMatch(/^minnesblad-samlade-.+\.pdf$/);
    const pdf = inspectPdf(sheetsMail!.attachments![0]!.content);
    expect(pdf.pages).toHaveLength(4);
    expect(pdf.text).toContain("Karin och Olle");
    expect(pdf.text).toContain("Bo Ek");
    expect(pdf.text).toContain("Anonym vän");
    expect(pdf.text).toContain("500 kr");
    expect(pdf.text).not.toContain("300 kr");
    const items = await db.selectFrom("order_items").select("status").where("channel", "=", "download").execute();
    expect(items.map((i) => i.status)).toEqual(["sent", "sent", "sent"]);
    // Once only.
    await s.container.jobs.runAllDue();
    expect(sent.filter((m) => m.subject.startsWith("Minnesbladen till minne av"))).toHaveLength(1);
    expect((await findCollectionWithMemorial(db, "marta-minne"))!.collection.sheets_sent_at).not.toBeNull();
  }, 60_000);

  it("keeps its closed sets and rules in the database too (decision 0012): kinds, designs, 0/1 flags, closed only with closed_at", async () => {
    const s = await started();
    const { db, collections } = s.container;
    const deps = { db, clock, memorialLookup: s.container.memorialLookup, linkKey: collections.linkKey, perDeceased: collections.perDeceased, recipientMail: s.container.recipientMail };
    const { collection } = await openCollection(deps, openForm(someone(s).id, "regler"));
    const target = (await findCollectionWithMemorial(db, "regler"))!;
    const { gift } = await giveCollectionGift(s.container, target, giftForm(s, {}));
    const set = (table: "fundraisers" | "fundraiser_gifts", column: string, value: unknown) =>
      sql`update ${sql.table(table)} set ${sql.ref(column)} = ${value}`.execute(db);
    for (const kind of COLLECTION_ORGANISER_KINDS) await expect(set("fundraisers", "organiser_kind", kind)).resolves.toBeDefined();
    for (const design of MEMORIAL_SHEET_DESIGNS) await expect(set("fundraisers", "design", design)).resolves.toBeDefined();
    await expect(set("fundraisers", "organiser_kind", "cousin")).rejects.toThrow();
    await expect(set("fundraisers", "design", "ros")).rejects.toThrow();
    await expect(set("fundraisers", "show_total", 2)).rejects.toThrow();
    await expect(set("fundraiser_gifts", "show_on_page", 2)).rejects.toThrow();
    await expect(set("fundraiser_gifts", "show_amount", -1)).rejects.toThrow();
    // Closed without a moment, or open with one, is refused; both together are fine.
    await expect(set("fundraisers", "status", "closed")).rejects.toThrow();
    await expect(set("fundraisers", "closed_at", clock.now().toISOString())).rejects.toThrow();
    await expect(set("fundraisers", "status", "paused")).rejects.toThrow();
    expect(await closeCollection(db, clock, collection.id)).toBe(true);
    // Addresses are lower case and 3–60 long whatever writes them.
    await expect(set("fundraisers", "slug", "Regler")).rejects.toThrow();
    await expect(set("fundraisers", "slug", "ab")).rejects.toThrow();
    // One link per gift.
    await expect(
      db.insertInto("fundraiser_gifts").values({ gift_id: gift.id, fundraiser_id: collection.id, show_on_page: 0, show_amount: 0, display_name: null, greeting: null, hidden_at: null, created_at: "x" }).execute(),
    ).rejects.toThrow();
  }, 60_000);
});
