import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import { giveGift } from "#core/gifts/give-gift";
import { giftFormSchema } from "#core/gifts/gift-form";
import { PaymentStartsLimitedError } from "#core/payments/payment-start-limits";
import { asVisitor } from "./request-visitor";

/**
 * Payment starts are limited per visitor and per payer phone number on every
 * path that starts one (issue #19: page forms and "Försök igen" were not
 * limited at all, and the API only per route).
 */
const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };
const init = (payerPhone: string) => ({
  context,
  payload: { amount: 250, name: "Astrid Exempel", email: "astrid@exempel.se", payerPhone, idempotencyKey: crypto.randomUUID() },
});

describe("payment start limits", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  const count = async (table: "gifts" | "payments") =>
    Number((await server!.container.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  it("sends one phone number at most RATE_LIMIT_SWISH_REQUESTS_PER_PHONE requests, and stores nothing for a refused one", async () => {
    server = await startTestServer({ env: { RATE_LIMIT_SWISH_REQUESTS_PER_PHONE: "3", RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: "100" } });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await postJson(`${server.url}/api/SwishInit`, init("070-123 45 67"))).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const refused = await postJson(`${server.url}/api/SwishInit`, init("0701234567"));
    expect(refused.body.error.code).toBe("rate_limited");
    expect(refused.body.error.message).toMatch(/Vänta några minuter/);
    expect(await count("gifts")).toBe(3);
    expect(await count("payments")).toBe(3);
    // Another number is not affected.
    expect((await postJson(`${server.url}/api/SwishInit`, init("0709876543"))).status).toBe(201);
  });

  it("counts one visitor's starts across paths: the API's SwishInit and Payments/Create share one limit", async () => {
    server = await startTestServer({ env: { RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: "3" } });
    for (const phone of ["0701111111", "0702222222", "0703333333"]) {
      expect((await postJson(`${server.url}/api/SwishInit`, init(phone))).status).toBe(201);
    }
    const added = await postJson(`${server.url}/api/RegularGift/Add`, {
      context,
      payload: { amount: 300, name: "Bo Exempel", email: "bo@exempel.se", idempotencyKey: crypto.randomUUID() },
    });
    expect(added.status).toBe(201);
    // Payments/Create's own per-route limiter has counted one request; the start is the visitor's fourth.
    const created = await postJson(`${server.url}/api/Payments/Create`, {
      context,
      payload: { orderReference: added.body.orderReference, provider: "Mondido" },
    });
    expect(created.status).toBe(429);
    expect(await count("payments")).toBe(3);
  });

  it("limits a page form's gifts per visitor (the same path the actions take), refusing before the gift is stored", async () => {
    server = await startTestServer({ env: { RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: "2" } });
    const schema = giftFormSchema(server.container.giftLimits);
    const form = () =>
      schema.parse({ amount: "250", name: "Astrid Exempel", email: "astrid@exempel.se", paymentMethod: "swish", idempotencyKey: crypto.randomUUID() });
    await asVisitor("203.0.113.7", () => giveGift(server!.container, form()));
    await asVisitor("203.0.113.7", () => giveGift(server!.container, form()));
    await expect(asVisitor("203.0.113.7", () => giveGift(server!.container, form()))).rejects.toBeInstanceOf(PaymentStartsLimitedError);
    // Another visitor, and work outside any request (jobs), are not limited by this visitor's count.
    await asVisitor("203.0.113.8", () => giveGift(server!.container, form()));
    expect(await count("gifts")).toBe(3);
  });

  it("limits 'Försök igen' on the payment page: a retry is a new start for the same phone", async () => {
    server = await startTestServer({ env: { RATE_LIMIT_SWISH_REQUESTS_PER_PHONE: "2", RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: "100" } });
    const first = await postJson(`${server.url}/api/SwishInit`, init("0704444444"));
    expect(first.status).toBe(201);
    const { payments } = server.container;
    const gift = await server.container.db.selectFrom("gifts").selectAll().executeTakeFirstOrThrow();
    const cancel = async () => {
      const open = await server!.container.db.selectFrom("payments").select("id").where("status", "in", ["created", "pending"]).executeTakeFirstOrThrow();
      await payments.cancelPayment(open.id);
    };
    await cancel();
    await asVisitor("198.51.100.1", () => payments.startPayment(gift.id, "HLFSwish", { payerAlias: "46704444444" }));
    await cancel();
    await expect(
      asVisitor("198.51.100.2", () => payments.startPayment(gift.id, "HLFSwish", { payerAlias: "46704444444" })),
    ).rejects.toBeInstanceOf(PaymentStartsLimitedError);
  });
});
