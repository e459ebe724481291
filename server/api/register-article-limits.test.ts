import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { giftDocumentFormSchema } from "#core/gift-documents/gift-document-form";
import { catalogueChoices } from "#core/cards/greeting-card-form";
import { giveGiftDocument } from "#core/gift-documents/gift-document-order";
import { transitionPayment } from "#core/payments/payment-transitions";
import { TEST_PERSONNUMMER } from "#core/identity/test-personnummer";
import { testEngines } from "#tests/support/test-databases";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * Issue #30: `POST /api/RegisterArticle` with any paid order reference queued
 * ten lines of a hundred pins each to ten strangers' addresses in a minute,
 * each straight to `ready`. Now a visitor's line needs an order that already
 * goes by post, an address that order posts to, and room under the caps per
 * order (ARTICLE_LINES_PER_ORDER 2, ARTICLE_QUANTITY_PER_ORDER 10) and per
 * postal address (ARTICLE_LINES_PER_ADDRESS 3 in 30 days); staff signed in to
 * the back office are not held to them. On the code before, every refused
 * request below was answered 201 and its line stored.
 */
describe.each(testEngines)("article lines a visitor may add, on %s", (engine) => {
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine, clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json", RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: "1000" } });
  });
  afterAll(() => server.dispose());
  beforeEach(() => clock.advance(60_000));

  const by = { street: "Kungsgatan 2", postalCode: "90325", city: "Umeå" };

  /** A paid certificate: by post to `address`, or by e-mail when none is given. */
  async function paidCertificate(address: typeof by | null) {
    const fields = address
      ? { delivery: "post", recipientStreet: address.street, recipientPostalCode: address.postalCode, recipientCity: address.city }
      : { delivery: "email", recipientEmail: "margareta@exempel.se" };
    const data = giftDocumentFormSchema("gift_certificate", server.container.giftLimits, clock.now(), catalogueChoices(server.container.cards)).parse({
      amount: "annat",
      customAmount: "50",
      name: "Karin Lind",
      email: `karin.${crypto.randomUUID()}@exempel.se`,
      paymentMethod: "invoice",
      street: "Storgatan 1",
      postalCode: "12345",
      city: "Exempelstad",
      idempotencyKey: crypto.randomUUID(),
      occasion: "fodelsedag",
      design: "band",
      recipientName: "Margareta Lindqvist",
      text: "Grattis!",
      signature: "Anna",
      ...fields,
    });
    const { gift, payment } = await giveGiftDocument(server.container, "gift_certificate", data);
    await transitionPayment({ db: server.container.db, clock, logger: silentLogger, outcomes: server.container.paymentOutcomes }, { paymentId: payment.id, to: "paid", source: "import" });
    return gift.order_reference;
  }

  const article = (orderReference: string, more: Record<string, unknown> = {}, cookie?: string) =>
    fetch(`${server.url}/api/RegisterArticle`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ orderReference, articleCode: "hjartnal", quantity: 1, idempotencyKey: crypto.randomUUID(), ...more }),
    }).then(async (response) => ({ status: response.status, body: await response.json() }));

  const linesOn = async (orderReference: string) =>
    server.container.db
      .selectFrom("order_items")
      .innerJoin("orders", "orders.id", "order_items.order_id")
      .innerJoin("gifts", "gifts.id", "orders.gift_id")
      .select("order_items.id")
      .where("gifts.order_reference", "=", orderReference)
      .where("order_items.kind", "=", "article")
      .execute();

  it("refuses an order that sends nothing by post, and an address the order does not post to", async () => {
    const byEmail = await paidCertificate(null);
    const stranger = { name: "Okänd Person", street: "Främlingsvägen 9", postalCode: "11122", city: "Stockholm" };
    const noPost = await article(byEmail, { recipient: stranger });
    expect(noPost.status).toBe(422);
    expect(noPost.body.error).toMatchObject({ code: "order_not_by_post", fields: { orderReference: expect.any(String) } });
    expect(await linesOn(byEmail)).toHaveLength(0);

    const posted = await paidCertificate({ street: "Ekvägen 1", postalCode: "90325", city: "Umeå" });
    const elsewhere = await article(posted, { recipient: stranger });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.error).toMatchObject({ code: "recipient_not_on_order", fields: { recipient: expect.any(String) } });
    // The order's own address, written another way, is the same address.
    const same = await article(posted, { recipient: { name: "Margareta Lindqvist", street: "EKVÄGEN 1", postalCode: "903 25", city: "umeå" } });
    expect(same.status).toBe(201);
    expect(await linesOn(posted)).toHaveLength(1);
  });

  it("caps an order's lines and pieces, naming the field and how many are left", async () => {
    const posted = await paidCertificate({ street: "Björkvägen 2", postalCode: "90326", city: "Umeå" });
    expect((await article(posted, { quantity: 8 })).status).toBe(201);
    const tooMany = await article(posted, { quantity: 3 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error).toMatchObject({ code: "order_limited", fields: { quantity: "Beställningen kan få högst 2 artiklar till." } });
    expect((await article(posted, { quantity: 2 })).status).toBe(201);
    const third = await article(posted, { quantity: 1, articleCode: "presentkuvert" });
    expect(third.status).toBe(429);
    expect(third.body.error).toMatchObject({ code: "order_limited", fields: { orderReference: expect.any(String) } });
    expect(await linesOn(posted)).toHaveLength(2);
  });

  it("caps one postal address across orders, however the address is written", async () => {
    const writings = [by, { street: "KUNGSGATAN 2", postalCode: "903 25", city: "UMEÅ" }, { street: "Kungsgatan  2.", postalCode: "903 25", city: "Umeå" }];
    for (const address of writings) expect((await article(await paidCertificate(address))).status).toBe(201);
    const fourth = await paidCertificate(by);
    const refused = await article(fourth);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: "address_limited", fields: { recipient: expect.any(String) } });
    expect(await linesOn(fourth)).toHaveLength(0);
  });

  it("lets signed-in staff send articles where a visitor may not", async () => {
    const { members, sessions } = server.container.staff;
    const { member } = await members.register(TEST_PERSONNUMMER[3]!, ["insamling"], null);
    const cookie = (await sessions.login(member.id, "127.0.0.1", null)).split(";")[0]!;
    const byEmail = await paidCertificate(null);
    const anywhere = { name: "Föreningen Hjärtat", street: "Mötesplatsen 1", postalCode: "41101", city: "Göteborg" };
    const staffLine = await article(byEmail, { quantity: 50, recipient: anywhere }, cookie);
    expect(staffLine.status).toBe(201);
    expect((await article(byEmail, { quantity: 50, recipient: anywhere })).status).toBe(422);
  });
});
