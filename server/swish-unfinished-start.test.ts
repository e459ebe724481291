import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import { testEngines } from "#tests/support/test-databases";
import { PaymentService } from "#core/payments/payment-service";
import { giveGift } from "#core/gifts/give-gift";
import { giftFormSchema } from "#core/gifts/gift-form";
import type { PaymentProvider } from "#core/payments/payment-provider";

/**
 * Issue #19: a server that dies after the payment attempt is committed but
 * before Swish has the request (or before its token is saved) must not leave
 * the gift unpayable: a retry of SwishInit finishes or replaces the attempt.
 */
const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };

describe.each(testEngines)("a Swish start cut short by a crash, on %s", (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  /** Gives a gift through a PaymentService whose Swish start dies where `dies` says: the state a crash leaves. */
  async function crashedGift(dies: "before-swish" | "after-swish") {
    const container = server!.container;
    const real = container.payments.provider("HLFSwish");
    const crashing: PaymentProvider = Object.assign(Object.create(real) as PaymentProvider, {
      async start(...args: Parameters<PaymentProvider["start"]>) {
        if (dies === "after-swish") await real.start(...args);
        throw new Error("the process died here");
      },
    });
    const payments = new PaymentService({ db: container.db, engine: container.engine, clock: container.clock, logger: container.logger, outcomes: container.paymentOutcomes, providers: { HLFSwish: crashing } });
    const idempotencyKey = crypto.randomUUID();
    const form = giftFormSchema(container.giftLimits).parse({
      amount: "250", name: "Astrid Exempel", email: "astrid@exempel.se", paymentMethod: "swish", idempotencyKey,
    });
    const { gift, payment } = await giveGift({ db: container.db, clock: container.clock, payments, recipientMail: container.recipientMail }, form);
    expect(payment.status).toBe("created");
    expect(payment.client_token).toBeNull();
    // The donor tries again a while later (a start younger than 15 s may still be under way in another request).
    const aMinuteAgo = new Date(Date.now() - 60_000).toISOString();
    await container.db.updateTable("payments").set({ created_at: aMinuteAgo }).where("id", "=", payment.id).execute();
    return { gift, payment, idempotencyKey };
  }

  const retry = (idempotencyKey: string) =>
    postJson(`${server!.url}/api/SwishInit`, { context, payload: { amount: 250, name: "Astrid Exempel", email: "astrid@exempel.se", idempotencyKey } });

  it("finishes an attempt Swish never received: the retry sends it and the donor gets a token", async () => {
    server = await startTestServer({ engine });
    const { payment, idempotencyKey } = await crashedGift("before-swish");
    const answer = await retry(idempotencyKey);
    expect(answer.status).toBe(201);
    expect(answer.body.paymentId).toBe(payment.id);
    expect(answer.body.paymentRequestToken).toBeTruthy();
    expect(await server.container.payments.provider("HLFSwish").fetchStatus(payment)).not.toBeNull();
  });

  it("leaves a start younger than 15 seconds alone: it may still be under way", async () => {
    server = await startTestServer({ engine });
    const { payment, idempotencyKey } = await crashedGift("before-swish");
    await server.container.db.updateTable("payments").set({ created_at: new Date().toISOString() }).where("id", "=", payment.id).execute();
    const answer = await retry(idempotencyKey);
    expect(answer.body.paymentId).toBe(payment.id);
    expect(await server.container.payments.provider("HLFSwish").fetchStatus(payment)).toBeNull();
  });

  it("replaces an attempt whose token was lost: the old request is cancelled at Swish and a new one has a token", async () => {
    server = await startTestServer({ engine });
    const { gift, payment, idempotencyKey } = await crashedGift("after-swish");
    const answer = await retry(idempotencyKey);
    expect(answer.status).toBe(201);
    expect(answer.body.paymentId).not.toBe(payment.id);
    expect(answer.body.paymentRequestToken).toBeTruthy();
    const attempts = await server.container.db.selectFrom("payments").selectAll().where("gift_id", "=", gift.id).orderBy("created_at").execute();
    expect(attempts.map((p) => p.status)).toEqual(["cancelled", "pending"]);
    expect((await server.container.payments.provider("HLFSwish").fetchStatus(payment))?.status).toBe("cancelled");
  });

  it("replaces an attempt whose token was lost also after reconciliation found it at Swish (found by npm run test:crash)", async () => {
    server = await startTestServer({ engine });
    const { gift, payment, idempotencyKey } = await crashedGift("after-swish");
    // Reconciliation sees the request at Swish before the donor tries again: the attempt is pending, still without a token.
    await server.container.db.updateTable("payments").set({ last_checked_at: null }).where("id", "=", payment.id).execute();
    await server.container.payments.reconcile("HLFSwish");
    const seen = await server.container.db.selectFrom("payments").selectAll().where("id", "=", payment.id).executeTakeFirstOrThrow();
    expect(seen).toMatchObject({ status: "pending", client_token: null });

    const answer = await retry(idempotencyKey);
    expect(answer.status).toBe(201);
    expect(answer.body.paymentRequestToken).toBeTruthy();
    const attempts = await server.container.db.selectFrom("payments").selectAll().where("gift_id", "=", gift.id).orderBy("created_at").execute();
    expect(attempts.map((p) => p.status)).toEqual(["cancelled", "pending"]);
  });

  it("leaves a pending request to a phone number alone: it needs no token", async () => {
    server = await startTestServer({ engine });
    const idempotencyKey = crypto.randomUUID();
    const payload = { amount: 250, name: "Astrid Exempel", email: "astrid@exempel.se", payerPhone: "0701234567", idempotencyKey };
    const first = await postJson(`${server.url}/api/SwishInit`, { context, payload });
    expect(first.body).toMatchObject({ status: "pending", paymentRequestToken: null });
    const aMinuteAgo = new Date(Date.now() - 60_000).toISOString();
    await server.container.db.updateTable("payments").set({ created_at: aMinuteAgo }).where("id", "=", first.body.paymentId).execute();
    const again = await postJson(`${server.url}/api/SwishInit`, { context, payload });
    expect(again.body).toMatchObject({ paymentId: first.body.paymentId, status: "pending" });
  });
});
