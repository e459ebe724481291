import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { testEngines } from "#tests/support/test-databases";
import { PaymentService } from "#core/payments/payment-service";
import { giveGift } from "#core/gifts/give-gift";
import { giftFormSchema } from "#core/gifts/gift-form";
import type { PaymentProvider, ProviderStatus } from "#core/payments/payment-provider";
import type { ProviderName } from "#core/payments/payment-status";

/**
 * Two holes `npm run test:crash` found once it had donors paying by Brite and
 * by card coming back after a crash (issue #19):
 * - a Brite start cut short before Brite had the session (or before its page
 *   was saved) left the gift unpayable until the attempt expired, half an hour
 *   later: every retry got the same attempt without a page to pay on;
 * - a card attempt the donor had already paid in, the answer lost in a
 *   crash, was offered again as a fresh card window: a second charge.
 */
describe.each(testEngines)("payment starts interrupted by a crash, on %s", (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  /** A PaymentService whose provider `name` is `real` with some of its methods replaced. */
  function serviceWith(name: ProviderName, replaced: Partial<PaymentProvider>) {
    const container = server!.container;
    const real = container.payments.provider(name);
    const provider = Object.assign(Object.create(real) as PaymentProvider, replaced);
    return new PaymentService({ db: container.db, engine: container.engine, clock: container.clock, logger: container.logger, outcomes: container.paymentOutcomes, providers: { [name]: provider } });
  }

  async function gift(paymentMethod: "bank" | "card", payments: PaymentService) {
    const container = server!.container;
    const form = giftFormSchema(container.giftLimits).parse({
      amount: "250",
      name: "Astrid Exempel",
      email: "astrid@exempel.se",
      paymentMethod,
      idempotencyKey: crypto.randomUUID(),
    });
    return giveGift({ db: container.db, clock: container.clock, payments, recipientMail: container.recipientMail }, form);
  }

  const aMinuteAgo = () => new Date(Date.now() - 60_000).toISOString();

  for (const dies of ["before-brite", "after-brite"] as const) {
    it(`finishes a Brite start cut short ${dies === "before-brite" ? "before Brite had the session" : "after Brite made the session"}: a retry gets the bank's page`, async () => {
      server = await startTestServer({ engine });
      const real = server.container.payments.provider("Brite");
      const crashing = serviceWith("Brite", {
        async start(...args: Parameters<PaymentProvider["start"]>) {
          if (dies === "after-brite") await real.start(...args);
          throw new Error("the process died here");
        },
      });
      const { gift: given, payment } = await gift("bank", crashing);
      expect(payment).toMatchObject({ provider: "Brite", status: "created", client_url: null });
      // The donor tries again a while later (a younger start may still be under way).
      await server.container.db.updateTable("payments").set({ created_at: aMinuteAgo() }).where("id", "=", payment.id).execute();

      const retried = await server.container.payments.startPayment(given.id, "Brite");
      expect(retried.id).toBe(payment.id);
      expect(retried.status).toBe("pending");
      expect(retried.client_url).toMatch(/\/_sim\/brite\/session\//);
      // One session at Brite for the attempt, made now or found again.
      expect((await real.fetchStatus(retried))?.status).toBe("pending");
    });
  }

  it("reads the card provider before offering an open attempt again: a card approved with the answer lost is not charged twice", async () => {
    server = await startTestServer({ engine });
    let atProvider: ProviderStatus | null = null;
    let starts = 0;
    const real = server.container.payments.provider("Mondido");
    const card = serviceWith("Mondido", {
      async start(...args: Parameters<PaymentProvider["start"]>) {
        starts += 1;
        return real.start(...args);
      },
      async fetchStatus() {
        return atProvider;
      },
    });
    const { gift: given, payment } = await gift("card", card);
    expect(payment.status).not.toBe("paid");
    expect(starts).toBe(1);

    // The donor paid in the card window; its answer, and the webhook, were lost in a crash.
    atProvider = { status: "paid", data: { transactionId: "1", mondidoStatus: "approved" } };
    const again = await card.startPayment(given.id, "Mondido");
    expect(again).toMatchObject({ id: payment.id, status: "paid" });
    expect(starts).toBe(1);
  });
});
