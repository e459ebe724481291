import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { createGift } from "#core/gifts/gift-service";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { testNewGift } from "#tests/support/test-gift";
import { PaymentService, RefundNotPossibleError } from "#core/payments/payment-service";
import { NoRefundApiError, RefundAlreadyRequestedError, RefundService } from "#core/payments/refund-service";
import type { RefundAdapter } from "#core/payments/refund-provider";
import { findPayment } from "#core/payments/payment-repository";
import { InvoicePaymentProvider } from "#core/payments/invoice-provider";
import { startSimulatorServer, type SimulatorServer } from "#integrations/swish/simulator/test-server";
import { SwishPaymentProvider } from "#integrations/swish/swish-payment-provider";
import { SwishRefundAdapter } from "#integrations/swish/swish-refund-adapter";
import { newInstructionId } from "#integrations/swish/client";
import { MondidoClient } from "#integrations/mondido/client";
import { MondidoPaymentProvider } from "#integrations/mondido/mondido-payment-provider";
import { MondidoRefundAdapter, MondidoRefundClient } from "#integrations/mondido/refund";
import { createMondidoSimulator } from "#integrations/mondido/simulator/create-mondido-simulator";
import { createInMemoryMondidoStore } from "#integrations/mondido/simulator/transaction-store";
import { productPaymentOutcomes } from "#core/product-payment-outcomes";

const MERCHANT = { merchantId: "4711", secret: "test-secret", apiPassword: "api-pass" };

/** An adapter that dies right after the provider took the call, before anything is written: the crash window. */
function dyingAfterSend(inner: RefundAdapter, counter: { sends: number }): RefundAdapter {
  return {
    label: inner.label,
    resendIsSafe: inner.resendIsSafe,
    newRefundReference: () => inner.newRefundReference(),
    send: async (payment, refund) => {
      counter.sends += 1;
      await inner.send(payment, refund);
      throw new Error("process killed after the provider took the refund");
    },
    fetch: (payment, refund) => inner.fetch(payment, refund),
  };
}

function counting(inner: RefundAdapter, counter: { sends: number }): RefundAdapter {
  return { ...dyingAfterSend(inner, counter), send: async (p, r) => ((counter.sends += 1), inner.send(p, r)) };
}

describe.each(testEngines)("refunds through the provider on %s", (engine) => {
  let database: TestDatabase | undefined;
  let swish: SimulatorServer | undefined;
  let mondidoServer: import("node:http").Server | undefined;
  afterEach(async () => {
    await swish?.close();
    swish = undefined;
    mondidoServer?.closeAllConnections();
    mondidoServer?.close();
    mondidoServer = undefined;
    await database?.dispose();
    database = undefined;
  });

  async function setUp(adapters: { swish?: (a: RefundAdapter) => RefundAdapter; card?: (a: RefundAdapter) => RefundAdapter } = {}) {
    database = await openTestDatabase(engine);
    const clock = new ManualClock("2026-11-25T09:00:00.000Z");
    swish = await startSimulatorServer({ clock });
    const mondidoStore = createInMemoryMondidoStore();
    const app = express();
    app.use("/_sim/mondido", createMondidoSimulator({ clock, logger: silentLogger, ...MERCHANT, store: mondidoStore }).router);
    mondidoServer = app.listen(0, "127.0.0.1");
    await once(mondidoServer, "listening");
    const mondidoBase = `http://127.0.0.1:${(mondidoServer.address() as AddressInfo).port}/_sim/mondido`;
    const mondidoClient = new MondidoClient({ ...MERCHANT, formUrl: `${mondidoBase}/v1/form`, apiBaseUrl: `${mondidoBase}/v1`, test: true });
    const mondidoProvider = new MondidoPaymentProvider({ client: mondidoClient, publicUrl: "https://www.exempel.se", webhookUrl: "https://www.exempel.se/api/mondido/webhook" });
    const deps = { db: database.db, engine: database.engine, clock, logger: silentLogger, outcomes: productPaymentOutcomes };
    const payments = new PaymentService({
      ...deps,
      providers: {
        HLFSwish: new SwishPaymentProvider({ client: swish.client, callbackUrl: swish.callbackUrl }),
        Mondido: mondidoProvider,
        Invoice: new InvoicePaymentProvider(),
      },
    });
    const swishAdapter = new SwishRefundAdapter({ client: swish.client, callbackUrl: swish.callbackUrl });
    const cardAdapter = new MondidoRefundAdapter({ transactions: mondidoClient, refunds: new MondidoRefundClient({ ...MERCHANT, apiBaseUrl: `${mondidoBase}/v1` }) });
    const refunds = new RefundService({
      ...deps,
      adapters: { HLFSwish: adapters.swish?.(swishAdapter) ?? swishAdapter, Mondido: adapters.card?.(cardAdapter) ?? cardAdapter },
    });

    let n = 0;
    async function gift() {
      n += 1;
      return (
        await createGift(database!.db, clock, testNewGift({ idempotencyKey: `gift-${n}` }))
      ).gift;
    }
    async function paidSwish() {
      const g = await gift();
      const payment = await payments.startPayment(g.id, "HLFSwish", { payerAlias: `4670123456${n}` });
      await swish!.simulator.approve(payment.provider_reference!);
      const paid = await payments.refreshPayment(payment.id, "poll", { force: true });
      expect(paid.status).toBe("paid");
      return paid;
    }
    async function paidCard() {
      const g = await gift();
      const payment = await payments.startPayment(g.id, "Mondido");
      const form = mondidoProvider.paymentForm(payment, g);
      const started = await fetch(form.action, { method: "POST", body: new URLSearchParams(form.fields), redirect: "manual" });
      const cardPage = new URL(started.headers.get("location")!, form.action).toString();
      await fetch(cardPage, { method: "POST", body: new URLSearchParams({ cardNumber: "4111111111111111", expiry: "12/30", cvc: "123" }), redirect: "manual" });
      const paid = await payments.refreshPayment(payment.id, "poll", { force: true });
      expect(paid.status).toBe("paid");
      return paid;
    }
    async function mondidoRefundsOf(paymentRef: string) {
      const [tx] = await mondidoStore.listByPaymentRef(paymentRef);
      return (tx?.transaction.refunds ?? []) as unknown[];
    }
    return { db: database.db, clock, payments, refunds, paidSwish, paidCard, gift, mondidoRefundsOf, swish: swish!, mondidoClient };
  }

  it("sends a Swish refund once, keeps the payment paid until Swish has paid it out, then refunds the gift", async () => {
    const t = await setUp();
    const payment = await t.paidSwish();
    const first = await t.refunds.request(payment.id, { by: "staff:1", reason: "Givaren ångrade sig", idempotencyKey: "form-1" });
    expect(first).toMatchObject({ status: "sent", amount_ore: 25_000, provider: "HLFSwish", repeated: false });
    expect((await findPayment(t.db, payment.id))!.status).toBe("paid");

    // The same form twice is the one refund, not sent again; a second tab's form is told there is one already.
    const again = await t.refunds.request(payment.id, { by: "staff:1", reason: "Givaren ångrade sig", idempotencyKey: "form-1" });
    expect(again).toMatchObject({ id: first.id, repeated: true });
    const otherTab = t.refunds.request(payment.id, { by: "staff:2", reason: "Dubbelklick", idempotencyKey: "form-2" });
    await expect(otherTab).rejects.toBeInstanceOf(RefundAlreadyRequestedError);
    await expect(otherTab).rejects.toMatchObject({ refund: { id: first.id, status: "sent" } });
    expect(await t.db.selectFrom("payment_refunds").selectAll().execute()).toHaveLength(1);

    // Swish pays out and calls back; the callback only makes us read the refund from Swish.
    const callback = await t.swish.waitForCallback(first.provider_reference!);
    expect(callback).toMatchObject({ status: "PAID", amount: 250, originalPaymentReference: expect.any(String) });
    const confirmed = await t.refunds.refresh(first.id, "callback");
    expect(confirmed.status).toBe("confirmed");
    expect((await findPayment(t.db, payment.id))!.status).toBe("refunded");
    const gift = await t.db.selectFrom("gifts").select("status").where("id", "=", payment.gift_id).executeTakeFirstOrThrow();
    expect(gift.status).toBe("refunded");
    const events = await t.db.selectFrom("payment_events").select(["type", "from_status", "to_status", "source"]).where("payment_id", "=", payment.id).orderBy("id").execute();
    expect(events.slice(-2)).toEqual([
      { type: "refund-requested", from_status: "paid", to_status: "paid", source: "staff" },
      { type: "status-changed", from_status: "paid", to_status: "refunded", source: "callback" },
    ]);
    // Asked again after the end (issue #30): refused with the refund that was made; nothing moves, nothing is sent.
    await expect(t.refunds.request(payment.id, { by: "staff:1", reason: "x", idempotencyKey: "form-3" })).rejects.toMatchObject({
      name: "RefundAlreadyRequestedError",
      refund: { id: first.id, status: "confirmed" },
    });
    expect(await t.db.selectFrom("payment_refunds").selectAll().execute()).toHaveLength(1);
  });

  it("shows a Swish refusal and changes nothing; a new try is allowed", async () => {
    const t = await setUp();
    const payment = await t.paidSwish();
    // The money was already returned in the bank's Swish portal: Swish refuses a second refund (RF08).
    const original = await t.swish.client.getPaymentRequest(payment.provider_reference!);
    await t.swish.client.createRefund(newInstructionId(), {
      originalPaymentReference: original.paymentReference!,
      callbackUrl: t.swish.callbackUrl,
      amount: "250.00",
    });
    const refused = await t.refunds.request(payment.id, { by: "staff:1", reason: "Dubbelbetalning", idempotencyKey: "form-1" });
    expect(refused).toMatchObject({ status: "refused", error_code: "RF08" });
    expect((await findPayment(t.db, payment.id))!.status).toBe("paid");
    const retry = await t.refunds.request(payment.id, { by: "staff:1", reason: "Dubbelbetalning", idempotencyKey: "form-2" });
    expect(retry.id).not.toBe(refused.id);
    expect(retry.status).toBe("refused");
  });

  it("never sends a Swish refund twice when the process dies between Swish's answer and our write", async () => {
    const counter = { sends: 0 };
    const t = await setUp({ swish: (a) => dyingAfterSend(a, counter) });
    const payment = await t.paidSwish();
    const cut = await t.refunds.request(payment.id, { by: "staff:1", reason: "Fel belopp", idempotencyKey: "form-1" });
    expect(cut.status).toBe("sending");
    // The staff member clicks again: the fence is held, nothing is sent.
    await expect(t.refunds.request(payment.id, { by: "staff:1", reason: "Fel belopp", idempotencyKey: "form-2" })).rejects.toBeInstanceOf(RefundAlreadyRequestedError);
    expect(counter.sends).toBe(1);
    // Reconciliation finds it at Swish by the stored instruction id instead of sending a second one.
    t.clock.advance(60_000);
    await t.swish.simulator.settled();
    await t.refunds.reconcile();
    expect(counter.sends).toBe(1);
    expect((await t.refunds.find(cut.id))!.status).toBe("confirmed");
    expect((await findPayment(t.db, payment.id))!.status).toBe("refunded");
  });

  it("sends a refund stored just before a crash exactly once when reconciliation finds it", async () => {
    const counter = { sends: 0 };
    const t = await setUp({ swish: (a) => counting(a, counter) });
    const payment = await t.paidSwish();
    const created = await t.refunds.request(payment.id, { by: "staff:1", reason: "Test", idempotencyKey: "form-1" });
    // Rewind it to "stored, never sent" – the state a crash right after the commit leaves.
    await t.db.updateTable("payment_refunds").set({ status: "requested", updated_at: "2026-11-25T08:00:00.000Z" }).where("id", "=", created.id).execute();
    await t.swish.simulator.settled();
    await Promise.all([t.refunds.reconcile(), t.refunds.reconcile()]);
    // The first send was already at Swish: the second looks it up (GET) and finds it paid.
    expect((await t.refunds.find(created.id))!.status).toBe("confirmed");
    const paidOut = await t.swish.client.getRefund(created.provider_reference!);
    expect(paidOut.status).toBe("PAID");
  });

  it("refunds a card payment at Mondido at once, once", async () => {
    const t = await setUp();
    const payment = await t.paidCard();
    const [a, b] = await Promise.all([
      t.refunds.request(payment.id, { by: "staff:1", reason: "Fel kort", idempotencyKey: "form-1" }),
      t.refunds.request(payment.id, { by: "staff:1", reason: "Fel kort", idempotencyKey: "form-1" }),
    ]);
    expect(a.id).toBe(b.id);
    expect([a.repeated, b.repeated].sort()).toEqual([false, true]);
    const row = (await t.refunds.find(a.id))!;
    expect(row.status).toBe("confirmed");
    expect(row.provider_reference).toMatch(/^\d+$/);
    expect(await t.mondidoRefundsOf(payment.provider_reference!)).toHaveLength(1);
    expect((await findPayment(t.db, payment.id))!.status).toBe("refunded");
  });

  it("never sends a Mondido refund again after a cut-off send; finds it on the transaction instead", async () => {
    const counter = { sends: 0 };
    const t = await setUp({ card: (a) => dyingAfterSend(a, counter) });
    const payment = await t.paidCard();
    const cut = await t.refunds.request(payment.id, { by: "staff:1", reason: "Fel kort", idempotencyKey: "form-1" });
    expect(cut).toMatchObject({ status: "sending", provider_reference: null });
    t.clock.advance(120_000);
    await t.refunds.reconcile();
    expect(counter.sends).toBe(1);
    expect(await t.mondidoRefundsOf(payment.provider_reference!)).toHaveLength(1);
    expect((await t.refunds.find(cut.id))!.status).toBe("confirmed");
    expect((await findPayment(t.db, payment.id))!.status).toBe("refunded");
  });

  it("leaves a Mondido refund whose send may or may not have arrived for staff, without sending it again", async () => {
    const counter = { sends: 0 };
    const failing: (a: RefundAdapter) => RefundAdapter = (a) => ({
      ...counting(a, counter),
      send: async () => {
        counter.sends += 1;
        throw new Error("timeout");
      },
    });
    const t = await setUp({ card: failing });
    const payment = await t.paidCard();
    const cut = await t.refunds.request(payment.id, { by: "staff:1", reason: "Fel kort", idempotencyKey: "form-1" });
    t.clock.advance(120_000);
    await t.refunds.reconcile();
    await t.refunds.refresh(cut.id, "staff");
    expect(counter.sends).toBe(1);
    expect((await t.refunds.find(cut.id))!.status).toBe("sending");
    expect((await findPayment(t.db, payment.id))!.status).toBe("paid");
  });

  it("never sends a refund after finance recorded it by hand (Swish not answering, then refunded in Swish Företag)", async () => {
    const counter = { sends: 0 };
    const silent: (a: RefundAdapter) => RefundAdapter = (a) => ({
      ...counting(a, counter),
      send: async () => {
        counter.sends += 1;
        throw new Error("403 certificate not enabled for refunds");
      },
      fetch: async () => {
        throw new Error("403 certificate not enabled for refunds");
      },
    });
    const t = await setUp({ swish: silent });
    const payment = await t.paidSwish();
    const stuck = await t.refunds.request(payment.id, { by: "staff:1", reason: "Fel", idempotencyKey: "form-1" });
    expect(stuck.status).toBe("sending");
    await t.payments.recordRefund(payment.id, { by: "staff:1", reason: "Gjord i Swish Företag" });
    t.clock.advance(120_000);
    await t.refunds.reconcile();
    await t.refunds.refresh(stuck.id, "staff");
    expect(counter.sends).toBe(1);
    // A stored refund that was never sent is not sent either once the payment is refunded.
    await t.db.updateTable("payment_refunds").set({ status: "requested" }).where("id", "=", stuck.id).execute();
    await t.refunds.reconcile();
    expect(counter.sends).toBe(1);
    expect((await findPayment(t.db, payment.id))!.status).toBe("refunded");
  });

  it("refuses what cannot be refunded through a provider", async () => {
    const t = await setUp();
    const open = await t.payments.startPayment((await t.gift()).id, "HLFSwish", { payerAlias: "46709999999" });
    await expect(t.refunds.request(open.id, { by: "staff:1", reason: "x", idempotencyKey: "k1" })).rejects.toBeInstanceOf(RefundNotPossibleError);
    const invoice = await t.payments.startPayment((await t.gift()).id, "Invoice");
    await t.db.updateTable("payments").set({ status: "paid" }).where("id", "=", invoice.id).execute();
    await expect(t.refunds.request(invoice.id, { by: "staff:1", reason: "x", idempotencyKey: "k2" })).rejects.toBeInstanceOf(NoRefundApiError);
    expect(await t.db.selectFrom("payment_refunds").selectAll().execute()).toHaveLength(0);
  });
});
