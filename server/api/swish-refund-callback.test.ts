import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import { testEngines } from "#tests/support/test-databases";
import { findPayment } from "#core/payments/payment-repository";

const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };

describe.each(testEngines)("Swish refund callbacks on %s", (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  async function paidSwishPayment(delayMs: string) {
    server = await startTestServer({ engine, env: { SWISH_SIMULATOR_CALLBACK_DELAY_MS: delayMs } });
    const init = await postJson(`${server.url}/api/SwishInit`, {
      context,
      payload: { amount: 300, name: "Astrid Exempel", email: "astrid@exempel.se", payerPhone: "46701234567", idempotencyKey: crypto.randomUUID() },
    });
    expect(init.status).toBe(201);
    const payment = await server.container.db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();
    await server.container.paymentSetup.swishSimulator!.approve(payment.provider_reference!);
    // Read back at once rather than waiting for the payment's callback (which the slow simulator holds back).
    await eventually(async () => (await server!.container.payments.refreshPayment(payment.id, "poll", { force: true })).status === "paid");
    return payment;
  }

  it("the simulator's refund callback reaches our endpoint, which reads the refund from Swish and refunds the payment", async () => {
    const payment = await paidSwishPayment("0");
    const refund = await server!.container.refunds.request(payment.id, { by: "staff:1", reason: "Givaren bad om det", idempotencyKey: "k1" });
    expect(["sent", "confirmed"]).toContain(refund.status);
    await eventually(async () => (await server!.container.refunds.find(refund.id))!.status === "confirmed");
    expect((await findPayment(server!.container.db, payment.id))!.status).toBe("refunded");
  });

  it("a forged callback saying PAID changes nothing while Swish still has the refund as CREATED; a malformed one is refused", async () => {
    const payment = await paidSwishPayment("60000");
    const refund = await server!.container.refunds.request(payment.id, { by: "staff:1", reason: "Givaren bad om det", idempotencyKey: "k1" });
    expect(refund.status).toBe("sent");
    const atSwish = await (await fetch(`${server!.url}/_sim/swish/swish-cpcapi/api/v1/refunds/${refund.provider_reference}`)).json();
    expect(atSwish.status).toBe("CREATED");
    const forged = { ...atSwish, status: "PAID", datePaid: new Date().toISOString() };
    expect((await postJson(`${server!.url}/api/swish/refund-callback`, forged)).status).toBe(200);
    expect((await server!.container.refunds.find(refund.id))!.status).toBe("sent");
    expect((await findPayment(server!.container.db, payment.id))!.status).toBe("paid");
    const malformed = await postJson(`${server!.url}/api/swish/refund-callback`, { id: refund.provider_reference, status: "PAID" });
    expect(malformed.status).toBe(400);
    // An unknown refund is acknowledged (Swish would otherwise retry) and ignored.
    expect((await postJson(`${server!.url}/api/swish/refund-callback`, { ...forged, id: "0".repeat(32) })).status).toBe(200);
  });
});
