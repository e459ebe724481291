import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { MondidoApiError, MondidoClient } from "./client";
import { createMondidoSimulator } from "./simulator/create-mondido-simulator";
import { createInMemoryStoredCardStore } from "./simulator/stored-cards";
import { MondidoStoredCardClient } from "./stored-card-client";
import { lastValidDay, storedCardOf } from "./stored-card";

/** Stored cards against the card simulator over HTTP (decision 0028): storing in the window, charging by token, refusals. */
const config = { merchantId: "4711", secret: "s3cret", apiPassword: "pw", test: true };

describe("Mondido stored cards", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  async function start() {
    const clock = new ManualClock(new Date("2027-01-10T10:00:00Z"));
    const cards = createInMemoryStoredCardStore();
    const app = express();
    app.use("/sim", createMondidoSimulator({ clock, logger: silentLogger, ...config, storedCards: cards, postWebhook: async () => {} }).router);
    server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server!.once("listening", () => resolve()));
    const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/sim/v1`;
    const client = new MondidoClient({ ...config, formUrl: `${base}/form`, apiBaseUrl: base });
    const storedCards = new MondidoStoredCardClient({ ...config, apiBaseUrl: base });
    /** The window: post the form, pay with a test card; returns the transaction read back. */
    const pay = async (paymentRef: string, storeCard: boolean, cardNumber = "4111111111111111") => {
      const form = client.buildPaymentForm({ amountOre: 20_000, paymentRef, customerRef: "c1", successUrl: "http://x/ok", errorUrl: "http://x/err", storeCard });
      const opened = await fetch(form.action, { method: "POST", body: new URLSearchParams(form.fields), redirect: "manual" });
      const page = new URL(opened.headers.get("location")!, form.action).toString();
      await fetch(page, { method: "POST", body: new URLSearchParams({ cardNumber, expiry: "03/28", cvc: "123" }), redirect: "manual" });
      return (await client.listTransactionsByPaymentRef(paymentRef))[0]!;
    };
    return { client, storedCards, pay, clock };
  }

  it("asks for store_card in the window form without changing the hash", () => {
    const client = new MondidoClient(config);
    const request = { amountOre: 20_000, paymentRef: "R1", customerRef: "C1", successUrl: "https://a/ok", errorUrl: "https://a/err" };
    const plain = client.buildPaymentForm(request);
    const storing = client.buildPaymentForm({ ...request, storeCard: true });
    expect(storing.fields.store_card).toBe("true");
    expect(plain.fields.store_card).toBeUndefined();
    expect(storing.fields.hash).toBe(plain.fields.hash);
  });

  it("stores the card with an approved window payment that asked, and charges it by token once per reference", async () => {
    const { storedCards, pay, client } = await start();
    expect(storedCardOf(await pay("NOSTORE", false))).toBeUndefined();
    const tx = await pay("FIRST", true);
    const card = storedCardOf(tx)!;
    expect(card).toMatchObject({ card_number: "411111******1111", status: "active" });
    expect(lastValidDay(card)).toBe("2028-03-31");
    expect(await storedCards.getStoredCard(card.id)).toMatchObject({ id: card.id, token: card.token });
    expect(await storedCards.getStoredCard(card.id)).not.toHaveProperty("chargeOutcome");

    const charged = await storedCards.chargeStoredCard({ token: card.token, amountOre: 20_000, paymentRef: "FEB", customerRef: "c1" });
    expect(charged.outcome === "transaction" && charged.transaction.status).toBe("approved");
    expect(await client.listTransactionsByPaymentRef("FEB")).toHaveLength(1);
    // The same reference again is never a second charge: Mondido's refusal is "not knowing", for the caller to read back.
    await expect(storedCards.chargeStoredCard({ token: card.token, amountOre: 20_000, paymentRef: "FEB", customerRef: "c1" })).rejects.toBeInstanceOf(MondidoApiError);
    expect(await client.listTransactionsByPaymentRef("FEB")).toHaveLength(1);
  });

  it("declines later charges of the test card for it, refuses an unknown token, a wrong hash and an expired card", async () => {
    const { storedCards, pay, clock } = await start();
    const card = storedCardOf(await pay("FIRST", true, "4000000000000341"))!;
    const declined = await storedCards.chargeStoredCard({ token: card.token, amountOre: 20_000, paymentRef: "FEB", customerRef: "c1" });
    expect(declined.outcome === "transaction" && declined.transaction.status).toBe("declined");
    expect(await storedCards.chargeStoredCard({ token: "nope", amountOre: 100, paymentRef: "X1", customerRef: "c1" })).toEqual({ outcome: "refused", status: 404, errorName: "errors.stored_card.not_found" });
    const forged = new MondidoStoredCardClient({ ...config, secret: "wrong", apiBaseUrl: (storedCards as unknown as { apiBaseUrl: string }).apiBaseUrl });
    expect(await forged.chargeStoredCard({ token: card.token, amountOre: 100, paymentRef: "X2", customerRef: "c1" })).toMatchObject({ outcome: "refused", errorName: "errors.hash.invalid" });
    clock.set(new Date("2028-04-01T10:00:00Z"));
    expect(await storedCards.chargeStoredCard({ token: card.token, amountOre: 100, paymentRef: "X3", customerRef: "c1" })).toMatchObject({ outcome: "refused", errorName: "errors.card.expired" });
  });

  it("deletes a stored card: it is gone, its token charges nothing, and deleting it again is 'already gone', not an error", async () => {
    const { storedCards, pay } = await start();
    const card = storedCardOf(await pay("FIRST", true))!;
    const other = storedCardOf(await pay("SECOND", true))!;
    expect(await storedCards.deleteStoredCard(String(card.id))).toBe("deleted");
    expect(await storedCards.getStoredCard(String(card.id))).toBeUndefined();
    expect(await storedCards.chargeStoredCard({ token: card.token, amountOre: 100, paymentRef: "AFTER", customerRef: "c1" })).toMatchObject({ outcome: "refused", status: 404 });
    expect(await storedCards.deleteStoredCard(String(card.id))).toBe("already_gone");
    // Only that card: another donor's stays.
    expect(await storedCards.getStoredCard(String(other.id))).toMatchObject({ id: other.id });
    const wrongPassword = new MondidoStoredCardClient({ ...config, apiPassword: "wrong", apiBaseUrl: (storedCards as unknown as { apiBaseUrl: string }).apiBaseUrl });
    await expect(wrongPassword.deleteStoredCard(String(other.id))).rejects.toBeInstanceOf(MondidoApiError);
    expect(await storedCards.getStoredCard(String(other.id))).toMatchObject({ id: other.id });
  });
});
