import { once } from "node:events";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { MondidoClient } from "./client";
import { MondidoRefundClient, MondidoRefundRefusedError } from "./refund";
import { createMondidoSimulator } from "./simulator/create-mondido-simulator";

/** The refund client against the card simulator's refund API (POST /v1/refunds, GET /v1/refunds/:id). */
const MERCHANT = { merchantId: "4711", secret: "test-secret", apiPassword: "api-pass" };
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use("/_sim/mondido", createMondidoSimulator({ clock: new ManualClock("2026-11-25T10:00:00Z"), logger: silentLogger, ...MERCHANT }).router);
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/_sim/mondido`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function approvedTransaction(paymentRef: string, cardNumber = "4111111111111111"): Promise<string> {
  const form = new MondidoClient({ ...MERCHANT, formUrl: `${base}/v1/form`, test: true }).buildPaymentForm({
    amountOre: 25_000,
    paymentRef,
    customerRef: "G-1",
    successUrl: "https://site.example/tack",
    errorUrl: "https://site.example/fel",
  });
  const started = await fetch(form.action, { method: "POST", body: new URLSearchParams(form.fields), redirect: "manual" });
  const page = new URL(started.headers.get("location")!, base).toString();
  const paid = await fetch(page, { method: "POST", body: new URLSearchParams({ cardNumber, expiry: "12/30", cvc: "123" }), redirect: "manual" });
  return new URL(paid.headers.get("location")!).searchParams.get("transaction_id")!;
}

async function refusal(promise: Promise<unknown>): Promise<MondidoRefundRefusedError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MondidoRefundRefusedError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("Mondido refunds against the simulator", () => {
  const client = () => new MondidoRefundClient({ ...MERCHANT, apiBaseUrl: `${base}/v1` });

  it("refunds an approved transaction form-encoded with Basic auth, and reads the refund back", async () => {
    const transactionId = await approvedTransaction("ref-1");
    const refund = await client().createRefund({ transactionId, amountOre: 25_000, reason: "Återbetalning av gåva (r1)" });
    expect(refund).toMatchObject({ amount: "250.00", reason: "Återbetalning av gåva (r1)", transaction: { id: transactionId } });
    expect(await client().getRefund(refund.id)).toMatchObject({ id: refund.id, amount: "250.00" });
    expect(await client().getRefund("999999")).toBeUndefined();
    // The transaction lists it, which is how a send whose answer was lost is found.
    const [tx] = await new MondidoClient({ ...MERCHANT, apiBaseUrl: `${base}/v1` }).listTransactionsByPaymentRef("ref-1");
    expect((tx as Record<string, unknown>).refunds).toHaveLength(1);
  });

  it("refuses more than is left, an unknown or unpaid transaction, and a wrong password – nothing refunded", async () => {
    const transactionId = await approvedTransaction("ref-2");
    await client().createRefund({ transactionId, amountOre: 20_000, reason: "del" });
    expect((await refusal(client().createRefund({ transactionId, amountOre: 5_001, reason: "för mycket" }))).errorName).toBe("errors.refund.amount_too_high");
    expect((await refusal(client().createRefund({ transactionId: "1", amountOre: 100, reason: "x" }))).status).toBe(404);
    const declined = await approvedTransaction("ref-3", "4000000000000002");
    expect((await refusal(client().createRefund({ transactionId: declined, amountOre: 100, reason: "x" }))).errorName).toBe("errors.transaction.not_approved");
    const wrong = new MondidoRefundClient({ ...MERCHANT, apiPassword: "fel", apiBaseUrl: `${base}/v1` });
    expect((await refusal(wrong.createRefund({ transactionId, amountOre: 100, reason: "x" }))).status).toBe(401);
    await client().createRefund({ transactionId, amountOre: 5_000, reason: "resten" });
  });
});
