import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { testEngines } from "#tests/support/test-databases";
import { PaymentService } from "#core/payments/payment-service";
import { giveGift } from "#core/gifts/give-gift";
import { giftFormSchema } from "#core/gifts/gift-form";
import type { PaymentProvider } from "#core/payments/payment-provider";

/**
 * Issue #19, more than one server: a Swish start cut short by a crash is
 * finished by the next start of the gift (decision 0016). Two such starts at
 * once – two retries, on two instances – must not both send it to Swish: the
 * first marks the attempt taken up (`restarted_at`) while it holds the gift
 * row, and the second leaves it to the first.
 */
describe.each(testEngines)("two starts finishing one cut-short Swish attempt, on %s", (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  it("send it to Swish once", async () => {
    server = await startTestServer({ engine });
    const { container } = server;
    const real = container.payments.provider("HLFSwish");
    const sent: string[] = [];
    /** A Swish provider as another instance's: counts what it sends, slowly enough for the other start to arrive meanwhile. */
    const counting = (dies: boolean): PaymentProvider =>
      Object.assign(Object.create(real) as PaymentProvider, {
        async start(...args: Parameters<PaymentProvider["start"]>) {
          if (dies) throw new Error("the process died before Swish had the request");
          sent.push(args[0].id);
          await new Promise((resolve) => setTimeout(resolve, 200));
          return real.start(...args);
        },
      });
    const instance = (dies = false) =>
      new PaymentService({ db: container.db, engine: container.engine, clock: container.clock, logger: container.logger, outcomes: container.paymentOutcomes, providers: { HLFSwish: counting(dies) } });

    const form = giftFormSchema(container.giftLimits).parse({
      amount: "250", name: "Astrid Exempel", email: "astrid@exempel.se", paymentMethod: "swish", idempotencyKey: crypto.randomUUID(),
    });
    const { gift, payment } = await giveGift({ db: container.db, clock: container.clock, payments: instance(true), recipientMail: container.recipientMail }, form);
    const aMinuteAgo = new Date(Date.now() - 60_000).toISOString();
    await container.db.updateTable("payments").set({ created_at: aMinuteAgo }).where("id", "=", payment.id).execute();

    const [one, two] = await Promise.all([instance().startPayment(gift.id, "HLFSwish"), instance().startPayment(gift.id, "HLFSwish")]);
    expect(sent).toEqual([payment.id]);
    expect(one.id).toBe(payment.id);
    expect(two.id).toBe(payment.id);
    expect([one.client_token, two.client_token].filter(Boolean)).toHaveLength(1);
    expect(await real.fetchStatus(payment)).not.toBeNull();
  });
});
