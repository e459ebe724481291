import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { RECIPIENT_MAIL_LIMITED_MESSAGE } from "#core/mail/recipient-limit";
import { orderPostalForm } from "#core/postal-forms/postal-form-service";
import { testEngines } from "#tests/support/test-databases";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import { postForm } from "#tests/support/route-call";
import * as giftForm from "#app/giving/gift-form";
import * as collectionStart from "#app/memorial/memorial-collection-start";

/**
 * Issue #30: any gift by invoice e-mailed an invoice PDF to whatever address
 * was given – ten to one stranger's address in a minute, no limit per
 * recipient. Now every e-mail to an address a visitor typed counts against
 * that address, whatever the kind (EMAIL_PER_RECIPIENT_PER_HOUR, here 3), and
 * the request one over is refused on its e-mail field before anything is
 * stored. On the code before the limit, each fourth request below was taken
 * (201 / a redirect to payment) and its invoice queued.
 */
describe.each(testEngines)("e-mails to one address a visitor typed, on %s", (engine) => {
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");
  const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };
  let server: TestServer;
  let ip = "10.30.0.1";
  let visitors = 0;

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      clock,
      env: {
        RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json",
        EMAIL_PER_RECIPIENT_PER_HOUR: "3",
        RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: "1000",
        RATE_LIMIT_MEMORIAL_COLLECTIONS_PER_HOUR: "100",
        RATE_LIMIT_POSTAL_FORMS_PER_HOUR: "100",
      },
    });
  });
  afterAll(() => server.dispose());
  // Each test an hour later, from a visitor of its own: every window starts afresh.
  beforeEach(() => {
    clock.advance(2 * 3_600_000);
    ip = `10.30.${engine === "sqlite" ? 0 : 1}.${++visitors}`;
  });

  const invoicesTo = (email: string) =>
    server.container.db
      .selectFrom("gifts")
      .innerJoin("payments", "payments.gift_id", "gifts.id")
      .select("gifts.id")
      .where("gifts.donor_email", "=", email)
      .where("payments.method", "=", "invoice")
      .execute();

  /** People the source offers for a collection: died recently, the funeral still to come. */
  const recentlyDied = () => server.container.memorial.simulator!.deceased().filter((p) => p.funeralDate !== null && p.funeralDate > "2026-11-24");

  async function addInvoiceGift(email: string) {
    return postJson(`${server.url}/api/RegularGift/Add`, {
      context,
      payload: { amount: 50, name: "Någon Annan", email, address: { street: "Storgatan 1", postalCode: "12345", city: "Exempelstad" }, idempotencyKey: crypto.randomUUID() },
    });
  }

  /** A gift by invoice through the API: registered, then its invoice started (and e-mailed by a job). */
  async function giveByInvoice(email: string) {
    const added = await addInvoiceGift(email);
    expect(added.status).toBe(201);
    const invoice = await postJson(`${server.url}/api/Payments/Create`, { context, payload: { orderReference: added.body.orderReference, provider: "Invoice" } });
    expect(invoice.status).toBe(201);
  }

  it("through the API: three invoices to one address however it is written, the fourth refused before the gift is stored", async () => {
    for (const written of ["okand@exempel.se", "OKAND@exempel.se", "Okand@Exempel.SE"]) await giveByInvoice(written);
    const before = await server.container.db.selectFrom("gifts").select("id").execute();
    const refused = await addInvoiceGift("okand@exempel.se");
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: "recipient_limited", message: RECIPIENT_MAIL_LIMITED_MESSAGE, fields: { email: RECIPIENT_MAIL_LIMITED_MESSAGE } });
    expect(await server.container.db.selectFrom("gifts").select("id").execute()).toHaveLength(before.length);
    const jobs = await server.container.db.selectFrom("jobs").select("payload").where("type", "=", "send-invoice").execute();
    expect(jobs).toHaveLength(3);
    // Another address is another count.
    expect((await addInvoiceGift("nagon.annan@exempel.se")).status).toBe(201);
  });

  it("on the gift form: the fourth invoice to one address is refused on the e-mail field, in Swedish, and nothing is stored", async () => {
    const give = (email: string) =>
      postForm(
        server.container,
        giftForm.action,
        "/ge-en-gava",
        {
          amount: "annat",
          customAmount: "50",
          name: "Någon Annan",
          email,
          paymentMethod: "invoice",
          street: "Storgatan 1",
          postalCode: "12345",
          city: "Exempelstad",
          idempotencyKey: crypto.randomUUID(),
        },
        ip,
      );
    for (let i = 0; i < 3; i++) expect((await give("sida@exempel.se")).status).toBe(303);
    const refused = await give("Sida@exempel.se");
    expect(refused.status).toBe(429);
    expect(refused.data.result.error.email).toEqual([RECIPIENT_MAIL_LIMITED_MESSAGE]);
    expect(await invoicesTo("sida@exempel.se")).toHaveLength(3);
    expect(await server.container.db.selectFrom("gifts").select("id").where("donor_email", "=", "sida@exempel.se").execute()).toHaveLength(3);
  });

  it("counts every kind in one count: a paper form's confirmation and a collection's manage link use up what an invoice may have", async () => {
    const shared = "delad@exempel.se";
    const deps = { db: server.container.db, clock, perVisitor: server.container.postalFormLimiter, recipientMail: server.container.recipientMail };
    for (const street of ["Åsgatan 4", "Åsgatan 6"]) {
      await orderPostalForm(deps, ip, { kind: "membership", name: "Märta Öberg", street, postalCode: "903 25", city: "Umeå", email: shared });
    }
    const person = recentlyDied()[0]!;
    const open = (organiserEmail: string) =>
      postForm(
        server.container,
        collectionStart.action,
        "/minnesinsamling",
        {
          deceasedId: person.id,
          organiserKind: "family",
          organiserName: "Familjen Öberg",
          organiserEmail,
          message: "",
          design: "ljus",
          slug: "",
          showGreetings: "on",
          familyConsent: "on",
        },
        ip,
      );
    expect((await open(shared)).status).toBe(303);
    const refused = await addInvoiceGift(shared);
    expect(refused.status).toBe(429);
    expect(refused.body.error.fields).toEqual({ email: RECIPIENT_MAIL_LIMITED_MESSAGE });
  });

  it("a collection's organiser over the limit is told on the e-mail field, and no collection is opened", async () => {
    const person = recentlyDied()[1]!;
    const before = await server.container.db.selectFrom("fundraisers").select("id").execute();
    for (let i = 0; i < 3; i++) await giveByInvoice("fylld@exempel.se");
    const refused = await postForm(
      server.container,
      collectionStart.action,
      "/minnesinsamling",
      { deceasedId: person.id, organiserKind: "family", organiserName: "Familjen Ek", organiserEmail: "fylld@exempel.se", message: "", design: "ljus", slug: "", showGreetings: "on", familyConsent: "on" },
      ip,
    );
    expect(refused.status).toBe(429);
    expect(refused.data.result.error.organiserEmail).toEqual([RECIPIENT_MAIL_LIMITED_MESSAGE]);
    expect(await server.container.db.selectFrom("fundraisers").select("id").execute()).toHaveLength(before.length);
  });
});
