import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { createGift } from "#core/gifts/gift-service";
import { PaymentService } from "#core/payments/payment-service";
import { findGift, paymentEvents, type PaymentRow } from "#core/payments/payment-repository";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { MondidoClient } from "./client";
import { mondidoResponseHash } from "./hash";
import { MondidoPaymentProvider } from "./mondido-payment-provider";
import { createMondidoSimulator } from "./simulator/create-mondido-simulator";
import { productPaymentOutcomes } from "#core/product-payment-outcomes";

/**
 * Issue #19: a card payment the donor saw approved must not stay unpaid when
 * Mondido's webhook never reaches us. The simulator here drops every webhook;
 * only the donor's signed return (and the read-back it earns) can settle.
 */
const MERCHANT_ID = "4711";
const SECRET = "return-test-secret";
const API_PASSWORD = "return-test-password";
const clock = new ManualClock("2026-03-02T09:00:00Z");

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  const { router } = createMondidoSimulator({
    clock,
    logger: silentLogger,
    merchantId: MERCHANT_ID,
    secret: SECRET,
    apiPassword: API_PASSWORD,
    postWebhook: async () => {}, // lost on the way: never delivered
  });
  app.use("/_sim/mondido", router);
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function mondidoClient(): MondidoClient {
  return new MondidoClient({
    merchantId: MERCHANT_ID,
    secret: SECRET,
    apiPassword: API_PASSWORD,
    formUrl: `${base}/_sim/mondido/v1/form`,
    apiBaseUrl: `${base}/_sim/mondido/v1`,
    test: true,
  });
}

/** The donor in the card window: posts our signed form, then the card; returns the query Mondido put on our return address. */
async function payInWindow(provider: MondidoPaymentProvider, payment: PaymentRow, giftId: string, db: TestDatabase, cardNumber: string) {
  const gift = (await findGift(db.db, giftId))!;
  const form = provider.paymentForm(payment, gift);
  const window = await fetch(form.action, { method: "POST", body: new URLSearchParams(form.fields), redirect: "manual" });
  expect(window.status).toBe(303);
  const paid = await fetch(new URL(window.headers.get("location")!, base), {
    method: "POST",
    body: new URLSearchParams({ cardNumber, expiry: "12/35", cvc: "123" }),
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
  const back = new URL(paid.headers.get("location")!);
  expect(back.pathname).toBe(`/ge-en-gava/betalning/${gift.order_reference}`);
  return Object.fromEntries(back.searchParams);
}

describe.each(testEngines)("the donor's return from the card window on %s", (engine) => {
  let db: TestDatabase;
  let payments: PaymentService;
  let provider: MondidoPaymentProvider;

  beforeEach(async () => {
    db = await openTestDatabase(engine);
    provider = new MondidoPaymentProvider({ client: mondidoClient(), publicUrl: "https://www.exempel.se", webhookUrl: "https://www.exempel.se/api/mondido/webhook" });
    payments = new PaymentService({ db: db.db, engine: db.engine, clock, logger: silentLogger, outcomes: productPaymentOutcomes, providers: { Mondido: provider } });
  });
  afterEach(() => db.dispose());

  async function startCardPayment() {
    const { gift } = await createGift(db.db, clock, {
      giftType: "one_off",
      amountOre: 30_000,
      donorName: "Karin Kort",
      donorEmail: "karin@exempel.se",
      donorPersonnummer: null,
      newsletterConsent: false,
      idempotencyKey: crypto.randomUUID(),
    });
    const payment = await payments.startPayment(gift.id, "Mondido");
    expect(payment.status).toBe("pending");
    return { giftId: gift.id, payment };
  }

  it("settles an approved payment from the signed return although the webhook never arrived", async () => {
    const { giftId, payment } = await startCardPayment();
    const query = await payInWindow(provider, payment, giftId, db, "4111 1111 1111 1111");
    expect(query).toMatchObject({ kort: "klart", status: "approved" });

    // The ordinary page load right after the attempt was checked does not ask Mondido (at most every 2 s)…
    expect((await payments.refreshPayment(payment.id, "poll")).status).toBe("pending");
    // …the signed return does, and the payment, the gift and the receipt follow from the read-back.
    const settled = await payments.settleFromReturn(payment.id, query);
    expect(settled.status).toBe("paid");
    expect((await findGift(db.db, giftId))!.status).toBe("paid");
    const receipt = await db.db.selectFrom("jobs").select("type").where("dedupe_key", "=", `receipt:${giftId}`).executeTakeFirst();
    expect(receipt?.type).toBe("send-receipt");
    const events = await paymentEvents(db.db, payment.id);
    expect(events.at(-1)).toMatchObject({ to_status: "paid", source: "donor" });
    expect(JSON.parse(events.at(-1)!.data!)).toMatchObject({ mondidoStatus: "approved" });
  });

  it("shows a declined card at once from the error return", async () => {
    const { giftId, payment } = await startCardPayment();
    const query = await payInWindow(provider, payment, giftId, db, "4000 0000 0000 0002");
    expect(query).toMatchObject({ kort: "avbrutet", status: "declined" });
    expect((await payments.settleFromReturn(payment.id, query)).status).toBe("declined");
  });

  it("never takes the return's word: a forged return earns no read, a signed one is read back, not applied", async () => {
    const { giftId, payment } = await startCardPayment();
    const query = await payInWindow(provider, payment, giftId, db, "4111111111111111");
    const forged = { ...query, hash: mondidoResponseHash({ merchantId: MERCHANT_ID, paymentRef: query.payment_ref!, customerRef: query.customer_ref!, amount: query.amount!, currency: query.currency!, status: "approved", secret: "guessed" }) };
    expect((await payments.settleFromReturn(payment.id, forged)).status).toBe("pending");
    // A return for another attempt is not this payment's.
    const other = await startCardPayment();
    expect((await payments.settleFromReturn(other.payment.id, query)).status).toBe("pending");

    // Signed with our secret, saying approved, for a payment Mondido has as pending: Mondido's answer wins.
    const unpaid = await startCardPayment();
    const fields = { payment_ref: unpaid.payment.provider_reference!, customer_ref: "x", amount: "300.00", currency: "sek", status: "approved" };
    const claimed = { ...fields, transaction_id: "1", hash: mondidoResponseHash({ merchantId: MERCHANT_ID, paymentRef: fields.payment_ref, customerRef: fields.customer_ref, amount: fields.amount, currency: fields.currency, status: fields.status, secret: SECRET }) };
    expect((await payments.settleFromReturn(unpaid.payment.id, claimed)).status).toBe("pending");
  });
});
