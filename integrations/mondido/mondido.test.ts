import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { MondidoApiError, MondidoClient } from "./client";
import { mondidoResponseHash } from "./hash";
import { createMondidoSimulator } from "./simulator/create-mondido-simulator";

const MERCHANT_ID = "4711";
const SECRET = "test-secret";
const API_PASSWORD = "api-pass";

let server: Server;
let base: string;
const webhooks: unknown[] = [];
let webhookArrived: () => void = () => {};

beforeAll(async () => {
  const app = express();
  const { router } = createMondidoSimulator({
    clock: new ManualClock("2026-01-15T10:00:00Z"),
    logger: silentLogger,
    merchantId: MERCHANT_ID,
    secret: SECRET,
    apiPassword: API_PASSWORD,
  });
  app.use("/_sim/mondido", router);
  app.post("/hooks/mondido", express.json(), (req, res) => {
    webhooks.push(req.body);
    res.sendStatus(200);
    webhookArrived();
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function client(overrides: Partial<ConstructorParameters<typeof MondidoClient>[0]> = {}) {
  return new MondidoClient({
    merchantId: MERCHANT_ID,
    secret: SECRET,
    apiPassword: API_PASSWORD,
    formUrl: `${base}/_sim/mondido/v1/form`,
    apiBaseUrl: `${base}/_sim/mondido/v1`,
    test: true,
    ...overrides,
  });
}

async function post(url: string, fields: Record<string, string>) {
  return fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
}

/** Drives the hosted window like a donor: post our form, then the card page. */
async function payWithCard(paymentRef: string, cardNumber: string) {
  const form = client().buildPaymentForm({
    amountOre: 25_000,
    paymentRef,
    customerRef: "donor-7",
    successUrl: "https://site.example/tack",
    errorUrl: "https://site.example/kort/fel",
    webhookUrl: `${base}/hooks/mondido`,
    metadata: { giftType: "minnesgava" },
  });
  const started = await post(form.action, form.fields);
  expect(started.status).toBe(303);
  const cardPageUrl = new URL(started.headers.get("location")!, base).toString();
  const page = await fetch(cardPageUrl);
  const html = await page.text();
  expect(html).toContain('lang="sv"');
  const received = new Promise<void>((resolve) => (webhookArrived = resolve));
  const result = await post(cardPageUrl, { cardNumber, expiry: "12/30", cvc: "123" });
  return { result, html, received };
}

describe("MondidoClient against the simulator", () => {
  it("builds a form the provider accepts and gets an approved payment with a verifiable webhook", async () => {
    const { result, html, received } = await payWithCard("pay-approve-1", "4111 1111 1111 1111");
    expect(html).toMatch(/<label for="cardNumber">/);
    expect(html).toContain("4000 0000 0000 0119");
    expect(html).not.toMatch(/<script/i);

    expect(result.status).toBe(303);
    const redirect = new URL(result.headers.get("location")!);
    expect(redirect.origin + redirect.pathname).toBe("https://site.example/tack");
    expect(redirect.searchParams.get("status")).toBe("approved");
    expect(client().verifyRedirect(Object.fromEntries(redirect.searchParams))).toMatchObject({ ok: true, paymentRef: "pay-approve-1" });

    await received;
    const body = webhooks.at(-1) as Record<string, unknown>;
    const verified = client().verifyWebhook(body);
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(verified.transaction).toMatchObject({ status: "approved", payment_ref: "pay-approve-1", amount: "250.00" });
    // Independent check of the response hash recipe on the received body.
    expect(body.response_hash).toBe(
      mondidoResponseHash({ merchantId: MERCHANT_ID, paymentRef: "pay-approve-1", customerRef: "donor-7", amount: "250.00", currency: "sek", status: "approved", secret: SECRET }),
    );

    const id = redirect.searchParams.get("transaction_id")!;
    expect(await client().getTransaction(id)).toMatchObject({ id, status: "approved", card_number: "411111******1111" });
    const listed = await client().listTransactionsByPaymentRef("pay-approve-1");
    expect(listed.map((t) => t.id)).toEqual([id]);
    expect(await client().listTransactionsByPaymentRef("no-such-ref")).toEqual([]);
    expect(await client().getTransaction("1")).toBeUndefined();
  });

  it("rejects forged and altered webhooks", async () => {
    const { received } = await payWithCard("pay-forge-1", "4111111111111111");
    await received;
    const genuine = webhooks.at(-1) as Record<string, unknown>;
    const c = client();
    expect(c.verifyWebhook(genuine).ok).toBe(true);
    expect(c.verifyWebhook({ ...genuine, amount: "2.50" })).toEqual({ ok: false, reason: "forged-or-altered" });
    expect(c.verifyWebhook({ ...genuine, status: "declined" })).toEqual({ ok: false, reason: "forged-or-altered" });
    expect(c.verifyWebhook({ ...genuine, response_hash: "0".repeat(32) })).toEqual({ ok: false, reason: "forged-or-altered" });
    expect(c.verifyWebhook({ ...genuine, response_hash: undefined })).toEqual({ ok: false, reason: "missing-hash" });
    expect(c.verifyWebhook({ ...genuine, merchant_id: 1 })).toEqual({ ok: false, reason: "wrong-merchant" });
    expect(c.verifyWebhook({ response_hash: "x", status: "stolen" })).toEqual({ ok: false, reason: "malformed" });
    // A hash made with another secret is a forgery even if every field is right.
    const forger = client({ secret: "guessed" });
    expect(forger.verifyWebhook(genuine).ok).toBe(false);
  });

  it("sends declined and failed payments to error_url", async () => {
    const declined = await payWithCard("pay-decline-1", "4000 0000 0000 0002");
    const declinedUrl = new URL(declined.result.headers.get("location")!);
    expect(declinedUrl.pathname).toBe("/kort/fel");
    expect(declinedUrl.searchParams.get("status")).toBe("declined");
    await declined.received;

    const failed = await payWithCard("pay-fail-1", "4000000000000119");
    expect(new URL(failed.result.headers.get("location")!).searchParams.get("status")).toBe("failed");
    await failed.received;
    expect((webhooks.at(-1) as { status: string }).status).toBe("failed");
  });

  it("shows the provider's error page for a tampered form", async () => {
    const form = client().buildPaymentForm({ amountOre: 25_000, paymentRef: "pay-tamper", customerRef: "d", successUrl: "https://s.example/ok", errorUrl: "https://s.example/err" });
    const res = await post(form.action, { ...form.fields, amount: "2.50" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Ogiltig hash");
  });

  it("re-shows the card page with errors for unknown cards", async () => {
    const form = client().buildPaymentForm({ amountOre: 100, paymentRef: "pay-bad-card", customerRef: "d", successUrl: "https://s.example/ok", errorUrl: "https://s.example/err" });
    const started = await post(form.action, form.fields);
    const url = new URL(started.headers.get("location")!, base).toString();
    const res = await post(url, { cardNumber: "1234 5678 9012 3456", expiry: "01/20", cvc: "1" });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("Kortnumret känns inte igen");
    expect(html).toContain("Kortet har gått ut");
    expect(html).toContain('aria-invalid="true"');
  });

  it("requires the API password for REST calls", async () => {
    await expect(client({ apiPassword: "wrong" }).listTransactionsByPaymentRef("x")).rejects.toBeInstanceOf(MondidoApiError);
  });
});
