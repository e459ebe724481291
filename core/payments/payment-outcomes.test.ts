import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { silentLogger } from "../logger";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { PaymentOutcomeHandlers, type PaymentOutcomeEvent } from "./payment-outcomes";
import { transitionPayment } from "./payment-transitions";
import { findPayment } from "./payment-repository";

/**
 * The kernel's promise to the products (decision 0037): an outcome is told
 * once, to every subscriber in order, inside the transaction that moved the
 * payment – so what a handler writes commits with the move, and a handler
 * that fails takes the move back with it.
 */
describe.each(testEngines)("payment outcomes on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  const clock = new ManualClock("2026-03-02T09:00:00.000Z");

  async function pendingPayment(id: string) {
    database = database ?? (await openTestDatabase(engine));
    const now = clock.now().toISOString();
    await database.db
      .insertInto("gifts")
      .values({ id: `gift-${id}`, order_reference: `ref-${id}`, gift_type: "one_off", amount_ore: 10_000, donor_id: null, memorial_id: null, agreement_id: null,
        debit_on: null, donor_name: "Astrid Exempel", donor_email: "astrid@exempel.se", donor_personnummer: null, newsletter_consent: 0, donor_street: null,
        donor_postal_code: null, donor_city: null, status: "awaiting_payment", idempotency_key: `key-${id}`, created_at: now, updated_at: now, paid_at: null })
      .execute();
    await database.db
      .insertInto("payments")
      .values({ id, gift_id: `gift-${id}`, method: "invoice", provider: "Invoice", provider_reference: id, status: "created", amount_ore: 10_000,
        payer_alias: null, client_token: null, client_url: null, error_code: null, last_checked_at: null, created_at: now, updated_at: now, paid_at: null, expires_at: now })
      .execute();
    return database.db;
  }

  it("tells each outcome once, to every subscriber in order, with the payment as it was and the transition's time", async () => {
    const told: string[] = [];
    const seen: PaymentOutcomeEvent[] = [];
    const outcomes = new PaymentOutcomeHandlers([
      { paid: async (event) => void (told.push("first paid"), seen.push(event)), refunded: async () => void told.push("first refunded") },
      { paid: async () => void told.push("second paid"), failed: async () => void told.push("second failed") },
    ]);
    const db = await pendingPayment("p1");
    const deps = { db, clock, logger: silentLogger, outcomes };

    await transitionPayment(deps, { paymentId: "p1", to: "pending", source: "api" });
    expect(told).toEqual([]);
    await transitionPayment(deps, { paymentId: "p1", to: "paid", source: "callback" });
    await transitionPayment(deps, { paymentId: "p1", to: "paid", source: "poll" });
    await transitionPayment(deps, { paymentId: "p1", to: "failed", source: "poll" });
    expect(told).toEqual(["first paid", "second paid"]);
    expect(seen[0]).toMatchObject({ outcome: "paid", at: clock.now().toISOString(), errorCode: undefined });
    expect(seen[0]!.payment).toMatchObject({ id: "p1", status: "pending" });

    await transitionPayment(deps, { paymentId: "p1", to: "refunded", source: "staff" });
    expect(told).toEqual(["first paid", "second paid", "first refunded"]);
  });

  it("commits a handler's writes with the move, and a failing handler takes the move and the writes before it back", async () => {
    const db = await pendingPayment("p2");
    const marksGift = { paid: async ({ trx, payment, at }: PaymentOutcomeEvent) => void (await trx.updateTable("gifts").set({ status: "paid", paid_at: at }).where("id", "=", payment.gift_id).execute()) };
    const fails = { paid: async () => Promise.reject(new Error("the order could not be made ready")) };

    await expect(transitionPayment({ db, clock, logger: silentLogger, outcomes: new PaymentOutcomeHandlers([marksGift, fails]) }, { paymentId: "p2", to: "paid", source: "callback" })).rejects.toThrow(
      "the order could not be made ready",
    );
    expect((await findPayment(db, "p2"))?.status).toBe("created");
    expect((await db.selectFrom("gifts").select("status").where("id", "=", "gift-p2").executeTakeFirstOrThrow()).status).toBe("awaiting_payment");
    expect(await db.selectFrom("payment_events").select("id").where("payment_id", "=", "p2").execute()).toEqual([]);

    await transitionPayment({ db, clock, logger: silentLogger, outcomes: new PaymentOutcomeHandlers([marksGift]) }, { paymentId: "p2", to: "paid", source: "callback" });
    expect((await findPayment(db, "p2"))?.status).toBe("paid");
    expect((await db.selectFrom("gifts").select("status").where("id", "=", "gift-p2").executeTakeFirstOrThrow()).status).toBe("paid");
  });
});
