import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { swedishInstant } from "#core/autogiro";
import { addDays } from "#core/calendar/swedish-calendar";
import { upsertIdentifiedDonor } from "#core/donors/donor-repository";
import { taxSummaries } from "#core/donors/tax-reduction";
import { addExtraToNextDebit, cancel, changeAmount, createAgreement, pause, requestDueDebits } from "#core/agreements/agreement-service";
import { AGREEMENT_MAIL_JOB } from "#core/agreements/agreement-records";
import { cardAgreementJobs } from "#core/agreements/agreement-jobs";
import { agreementMail } from "#core/agreements/agreement-mail";
import type { StoredCardGateway } from "#core/agreements/card-debits";
import { JobRunner } from "#core/jobs/job-runner";
import { PaymentService } from "#core/payments/payment-service";
import { transitionPayment } from "#core/payments/payment-transitions";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { MondidoClient } from "#integrations/mondido/client";
import { MondidoCardGateway } from "#integrations/mondido/mondido-card-gateway";
import { MondidoPaymentProvider } from "#integrations/mondido/mondido-payment-provider";
import { createMondidoSimulator } from "#integrations/mondido/simulator/create-mondido-simulator";
import { createInMemoryStoredCardStore, queueChargeOutcomes, type MondidoSimCardStore } from "#integrations/mondido/simulator/stored-cards";
import { createInMemoryMondidoStore } from "#integrations/mondido/simulator/transaction-store";
import { MondidoStoredCardClient } from "#integrations/mondido/stored-card-client";
import { forgetUnusedStoredCards } from "#core/agreements/card-forgetting";
import { formatSek } from "#core/site/format";
import { eraseDonor } from "#core/my-data/my-data-service";
import type { MailMessage } from "#core/mail/mailer";
import { productPaymentOutcomes } from "#core/product-payment-outcomes";

/**
 * Monthly giving by card on the clock (decision 0028), through Mondido's
 * protocol and the card simulator over HTTP: the donor pays the first month in
 * the window, which stores the card; a year of charges follows on the chosen
 * day; one is declined and taken on the retry three days later; a raise
 * applies from the next charge; a pause skips a month; a stop stops the next
 * charge. Each month is charged once at Mondido, also when the process dies
 * between Mondido's answer and our write.
 */
const MERCHANT = "4711";
const SECRET = "card-secret";
const API_PASSWORD = "card-api-password";

describe.each(testEngines)("monthly giving by card on %s", (engine) => {
  let database: TestDatabase | undefined;
  let server: Server | undefined;
  afterEach(async () => {
    await database?.dispose();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    database = undefined;
    server = undefined;
  });

  async function setUp(start: string) {
    database = await openTestDatabase(engine);
    const { db } = database;
    const clock = new ManualClock(swedishInstant(start, 10));
    const deps = { db, clock, logger: silentLogger, outcomes: productPaymentOutcomes };
    const transactions = createInMemoryMondidoStore();
    const cards = createInMemoryStoredCardStore();
    const simulator = createMondidoSimulator({ clock, logger: silentLogger, merchantId: MERCHANT, secret: SECRET, apiPassword: API_PASSWORD, store: transactions, storedCards: cards, postWebhook: async () => {} });
    const app = express();
    app.use("/_sim/mondido", simulator.router);
    server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server!.once("listening", () => resolve()));
    const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/_sim/mondido/v1`;
    const config = { merchantId: MERCHANT, secret: SECRET, apiPassword: API_PASSWORD, formUrl: `${base}/form`, apiBaseUrl: base, test: true };
    const client = new MondidoClient(config);
    const storedCards = new MondidoStoredCardClient(config);
    const provider = new MondidoPaymentProvider({ client, publicUrl: "http://127.0.0.1", webhookUrl: "http://127.0.0.1/api/mondido/webhook" });
    const payments = new PaymentService({ db, engine, clock, logger: silentLogger, outcomes: productPaymentOutcomes, providers: { Mondido: provider } });
    const mail: Array<{ kind: string; text: string }> = [];
    const gateway = new MondidoCardGateway(client, storedCards);
    const jobsFor = (g: StoredCardGateway) =>
      new JobRunner({
        db,
        engine,
        clock,
        logger: silentLogger,
        sleep: async () => {},
        handlers: {
          ...cardAgreementJobs({ ...deps, gateway }),
          ...(g === gateway ? {} : overrideGateway(deps, g)),
          [AGREEMENT_MAIL_JOB]: async (payload) => {
            const message = await agreementMail({ db, site: { name: "Hjärt-Lungfonden", phone: "0200-88 24 00", email: "info@example.se" } as never, publicUrl: "http://127.0.0.1", cardLink: (id) => `http://127.0.0.1/ge-en-gava/manadsgava/kort?token=${id}` }, payload as never);
            if (message) mail.push({ kind: (payload as { kind: string }).kind, text: message.text });
          },
        },
      });
    const jobs = jobsFor(gateway);
    const drain = async (runner = jobs) => {
      while ((await runner.runOnce()) > 0);
    };

    /** The donor in the card window: the form the site renders, the card page, an approved payment. */
    async function payInWindow(giftId: string, cardNumber: string) {
      const payment = await payments.startPayment(giftId, "Mondido");
      const gift = await db.selectFrom("gifts").selectAll().where("id", "=", giftId).executeTakeFirstOrThrow();
      const form = provider.paymentForm(payment, gift);
      expect(form.fields.store_card).toBe("true");
      const opened = await fetch(form.action, { method: "POST", body: new URLSearchParams(form.fields), redirect: "manual" });
      expect(opened.status).toBe(303);
      const payPage = new URL(opened.headers.get("location") as string, form.action).toString();
      const paid = await fetch(payPage, { method: "POST", body: new URLSearchParams({ cardNumber, expiry: "12/29", cvc: "123" }), redirect: "manual" });
      expect(paid.status).toBe(303);
      const status = await provider.fetchStatus(payment);
      await transitionPayment(deps, { paymentId: payment.id, to: status!.status, source: "callback" });
      return payment;
    }

    return { db, clock, deps, cards, transactions, gateway, jobs, jobsFor, drain, mail, payInWindow };
  }

  it("charges a year on the chosen day, retries a declined month once, raises, pauses and stops", async () => {
    const { db, clock, deps, cards, transactions, drain, mail, payInWindow } = await setUp("2026-12-01");
    const donor = await upsertIdentifiedDonor(db, clock, { personnummer: "198112289874", givenName: "Erik", surname: "Lindgren" });
    await db.updateTable("donors").set({ email: "erik@example.se" }).where("id", "=", donor.id).execute();
    const { agreement, giftId } = await createAgreement(deps, { donorId: donor.id, kind: "monthly_gift", amountOre: 15_000, debitDay: 5, idempotencyKey: "card-year" , collect: { method: "card" } });
    expect(agreement.status).toBe("pending");

    await payInWindow(giftId, "4111111111111111");
    await drain();
    const active = await db.selectFrom("agreements").selectAll().where("id", "=", agreement.id).executeTakeFirstOrThrow();
    expect(active.status).toBe("active");
    expect(active.next_debit_on).toBe("2027-01-05");
    const card = await db.selectFrom("stored_cards").selectAll().where("id", "=", active.card_subscription_ref!).executeTakeFirstOrThrow();
    expect(card).toMatchObject({ status: "active", masked_number: "411111******1111", expires_on: "2029-12-31" });
    expect(mail.map((m) => m.kind)).toEqual(["started"]);

    let stopNextCharge = "";
    for (let day = "2026-12-02"; day <= "2027-12-31"; day = addDays(day, 1)) {
      clock.set(swedishInstant(day, 11));
      if (day === "2027-03-04") await queueChargeOutcomes(cards, card.provider_card_id, ["declined"]);
      if (day === "2027-05-20") await changeAmount(deps, agreement.id, donor.id, 20_000);
      if (day === "2027-07-01") await pause(deps, agreement.id, donor.id, 1);
      if (day === "2027-09-20") expect((await addExtraToNextDebit(deps, agreement.id, donor.id, 10_000, "extra-1")).debitOn).toBe("2027-10-05");
      if (day === "2027-10-10") stopNextCharge = (await cancel(deps, agreement.id, donor.id)).appliesFrom ?? "";
      await requestDueDebits(deps);
      await drain();
    }

    const rows = await db
      .selectFrom("gifts")
      .innerJoin("payments", "payments.gift_id", "gifts.id")
      .select(["gifts.id", "gifts.debit_on", "gifts.amount_ore", "gifts.status", "gifts.gift_type", "payments.status as payment_status", "payments.provider_reference"])
      .where("gifts.agreement_id", "=", agreement.id)
      .orderBy("gifts.debit_on")
      .orderBy("payments.created_at")
      .execute();
    const months = [...new Set(rows.map((r) => r.debit_on))];
    // The first month in the window, then the 5th of each month; July paused; nothing after the stop.
    expect(months).toEqual(["2026-12-01", "2027-01-05", "2027-02-05", "2027-03-05", "2027-04-05", "2027-05-05", "2027-06-05", "2027-08-05", "2027-09-05", "2027-10-05"]);
    expect(stopNextCharge).toBe("2027-11-05");
    // The extra gift was charged once, on the October charge's day, beside it.
    const extra = rows.filter((r) => r.gift_type === "extra");
    expect(extra.map((r) => [r.debit_on, r.amount_ore, r.payment_status])).toEqual([["2027-10-05", 10_000, "paid"]]);
    expect(rows.filter((r) => r.gift_type !== "extra").every((r) => r.gift_type === "monthly")).toBe(true);
    const march = rows.filter((r) => r.debit_on === "2027-03-05");
    expect(march.map((r) => r.payment_status)).toEqual(["declined", "paid"]);
    expect(rows.filter((r) => r.debit_on !== "2027-03-05").every((r) => r.payment_status === "paid")).toBe(true);
    // The raise on 20 May applies from the June charge.
    expect(rows.find((r) => r.debit_on === "2027-05-05")?.amount_ore).toBe(15_000);
    expect(rows.find((r) => r.debit_on === "2027-06-05")?.amount_ore).toBe(20_000);
    // The retry came three days after the decline, and the donor was told once, with the day of the retry and a link for a new card.
    const marchAttempts = await db
      .selectFrom("card_charges")
      .innerJoin("payments", "payments.id", "card_charges.payment_id")
      .select(["card_charges.attempt", "payments.created_at"])
      .where("payments.gift_id", "=", march[0]!.id)
      .orderBy("card_charges.attempt")
      .execute();
    expect(marchAttempts.map((a) => [a.attempt, a.created_at.slice(0, 10)])).toEqual([[1, "2027-03-05"], [2, "2027-03-08"]]);
    const failedMail = mail.filter((m) => m.kind === "card_failed");
    expect(failedMail).toHaveLength(1);
    expect(failedMail[0]!.text).toContain("8 mars 2027");
    expect(failedMail[0]!.text).toContain("/ge-en-gava/manadsgava/kort?token=");

    // Once each at Mondido: one transaction per attempt, none for November.
    for (const row of rows) expect(await transactions.listByPaymentRef(row.provider_reference!)).toHaveLength(1);
    // Every gift is paid once, and the year sums for the tax statement (each ≥ 200 kr counts; 150 kr ones do not).
    const paid = await db.selectFrom("gifts").select(["amount_ore", "paid_at"]).where("agreement_id", "=", agreement.id).where("status", "=", "paid").execute();
    expect(paid).toHaveLength(11);
    const year = taxSummaries(paid.map((g) => ({ amountOre: g.amount_ore, paidAt: g.paid_at as string }))).find((y) => y.year === 2027);
    expect(year).toMatchObject({ qualifyingOre: 80_000, qualifyingCount: 4, otherOre: 85_000 });
  });

  it("never charges a month twice when the process dies between Mondido's answer and our write", async () => {
    const { db, clock, deps, transactions, gateway, jobsFor, drain, payInWindow } = await setUp("2027-01-02");
    const donor = await upsertIdentifiedDonor(db, clock, { personnummer: "198112289874", givenName: "Erik", surname: "Lindgren" });
    const { agreement, giftId } = await createAgreement(deps, { donorId: donor.id, kind: "monthly_gift", amountOre: 20_000, debitDay: 10, idempotencyKey: "crash" , collect: { method: "card" } });
    await payInWindow(giftId, "4111111111111111");
    await drain();

    // The charge reaches Mondido, then the process "dies" before anything of ours is written.
    let charges = 0;
    const dying: StoredCardGateway = {
      chargeStatus: (ref) => gateway.chargeStatus(ref),
      storedCardOf: (ref) => gateway.storedCardOf(ref),
      deleteStoredCard: (id) => gateway.deleteStoredCard(id),
      charge: async (request) => {
        charges++;
        await gateway.charge(request);
        throw new Error("SIGKILL");
      },
    };
    clock.set(swedishInstant("2027-02-10", 11));
    await requestDueDebits(deps);
    await jobsFor(dying).runOnce();
    expect(charges).toBe(1);
    const payment = await db
      .selectFrom("payments")
      .innerJoin("card_charges", "card_charges.payment_id", "payments.id")
      .select(["payments.id", "payments.status", "payments.provider_reference"])
      .where("card_charges.agreement_id", "=", agreement.id)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe("created");

    // A restarted runner takes the job over when its claim runs out: it finds the charge at Mondido and books it.
    clock.set(new Date(clock.now().getTime() + 120_000));
    await drain();
    expect(charges).toBe(1);
    expect((await db.selectFrom("payments").select("status").where("id", "=", payment.id).executeTakeFirstOrThrow()).status).toBe("paid");
    expect(await transactions.listByPaymentRef(payment.provider_reference!)).toHaveLength(1);
  });

  it("does not charge an expired card, and tells the donor", async () => {
    const { db, clock, deps, drain, mail, transactions, payInWindow } = await setUp("2029-11-20");
    const donor = await upsertIdentifiedDonor(db, clock, { personnummer: "198112289874", givenName: "Erik", surname: "Lindgren" });
    await db.updateTable("donors").set({ email: "erik@example.se" }).where("id", "=", donor.id).execute();
    const { agreement, giftId } = await createAgreement(deps, { donorId: donor.id, kind: "monthly_gift", amountOre: 20_000, debitDay: 3, idempotencyKey: "expired" , collect: { method: "card" } });
    await payInWindow(giftId, "4111111111111111");
    await drain();
    for (let day = "2029-11-21"; day <= "2030-01-15"; day = addDays(day, 1)) {
      clock.set(swedishInstant(day, 11));
      await requestDueDebits(deps);
      await drain();
    }
    const rows = await db
      .selectFrom("gifts")
      .innerJoin("payments", "payments.gift_id", "gifts.id")
      .select(["gifts.debit_on", "payments.status", "payments.error_code", "payments.provider_reference"])
      .where("gifts.agreement_id", "=", agreement.id)
      .orderBy("gifts.debit_on")
      .execute();
    // December is charged (the card runs to 31 December 2029); January is not tried, nor retried.
    expect(rows.map((r) => [r.debit_on, r.status, r.error_code])).toEqual([
      ["2029-11-20", "paid", null],
      ["2029-12-03", "paid", null],
      ["2030-01-03", "failed", "card_expired"],
    ]);
    expect(await transactions.listByPaymentRef(rows[2]!.provider_reference!)).toHaveLength(0);
    expect(mail.filter((m) => m.kind === "card_expired")).toHaveLength(1);
  });

  it("deletes at Mondido a card the donor replaced, and the card of a stopped agreement once its open charge is answered (decision 0035)", async () => {
    const { db, clock, deps, cards, drain, payInWindow } = await setUp("2027-01-02");
    const donor = await upsertIdentifiedDonor(db, clock, { personnummer: "198112289874", givenName: "Erik", surname: "Lindgren" });
    const { agreement, giftId } = await createAgreement(deps, { donorId: donor.id, kind: "monthly_gift", amountOre: 20_000, debitDay: 5, idempotencyKey: "replace" , collect: { method: "card" } });
    await payInWindow(giftId, "4111111111111111");
    await drain();
    const first = await db.selectFrom("stored_cards").selectAll().executeTakeFirstOrThrow();
    let unreachable = true;
    const flaky = { deleteStoredCard: async (id: string) => (unreachable ? Promise.reject(new Error("ECONNRESET")) : gatewayFor(cards).deleteStoredCard(id)) };
    const forget = () => forgetUnusedStoredCards({ ...deps, gateway: flaky });

    // February is declined; the donor gives a new card for it in the window, which replaces the first one.
    await queueChargeOutcomes(cards, first.provider_card_id, ["declined"]);
    clock.set(swedishInstant("2027-02-05", 11));
    await requestDueDebits(deps);
    await drain();
    const february = await db.selectFrom("gifts").select("id").where("agreement_id", "=", agreement.id).where("debit_on", "=", "2027-02-05").executeTakeFirstOrThrow();
    await payInWindow(february.id, "4111111111111111");
    await drain();
    const second = await db.selectFrom("stored_cards").selectAll().where("status", "=", "active").executeTakeFirstOrThrow();
    expect(second.id).not.toBe(first.id);

    // Mondido cannot be reached: nothing is marked, and the next round deletes the replaced card only.
    expect(await forget()).toBe(0);
    expect(await db.selectFrom("stored_cards").select("removed_at").where("id", "=", first.id).executeTakeFirstOrThrow()).toEqual({ removed_at: null });
    unreachable = false;
    expect(await forget()).toBe(1);
    expect(await cards.get(first.provider_card_id)).toBeUndefined();
    expect(await db.selectFrom("stored_cards").selectAll().where("id", "=", first.id).executeTakeFirstOrThrow()).toMatchObject({ token: "", masked_number: "411111******1111" });
    expect(await cards.get(second.provider_card_id)).toBeDefined();
    expect(await forget()).toBe(0);

    // March's charge is made (not yet sent) when the donor stops: the card waits until that charge is answered – here cancelled.
    clock.set(swedishInstant("2027-03-05", 11));
    await requestDueDebits(deps);
    await cancel(deps, agreement.id, donor.id);
    expect(await forget()).toBe(0);
    await drain();
    expect(await forget()).toBe(1);
    expect(await cards.get(second.provider_card_id)).toBeUndefined();
    const after = await db.selectFrom("stored_cards").select(["token", "removed_at"]).where("id", "=", second.id).executeTakeFirstOrThrow();
    expect(after.token).toBe("");
    expect(after.removed_at).not.toBeNull();
  });

  it("deletes at Mondido the card of a first payment whose agreement ended before the card was recorded", async () => {
    const { db, clock, deps, cards, transactions, drain, payInWindow } = await setUp("2027-01-02");
    const donor = await upsertIdentifiedDonor(db, clock, { personnummer: "198112289874", givenName: "Erik", surname: "Lindgren" });
    const { agreement, giftId } = await createAgreement(deps, { donorId: donor.id, kind: "monthly_gift", amountOre: 20_000, debitDay: 5, idempotencyKey: "stopped-early" , collect: { method: "card" } });
    const payment = await payInWindow(giftId, "4111111111111111");
    const stored = (await transactions.listByPaymentRef(payment.provider_reference!))[0]!.transaction.stored_card as { id: number };
    expect(await cards.get(String(stored.id))).toBeDefined();
    // The donor stops in the seconds before the job that records the card runs.
    await cancel(deps, agreement.id, donor.id);
    await drain();
    expect(await db.selectFrom("stored_cards").select("id").execute()).toEqual([]);
    expect(await cards.get(String(stored.id))).toBeUndefined();
  });

  it("ends the monthly gift of a donor who asks to be erased, keeps it without them, and deletes the card at Mondido (decision 0035)", async () => {
    const { db, clock, deps, cards, drain, mail, payInWindow } = await setUp("2027-01-02");
    const donor = await upsertIdentifiedDonor(db, clock, { personnummer: "198112289874", givenName: "Erik", surname: "Lindgren" });
    await db.updateTable("donors").set({ email: "erik@example.se" }).where("id", "=", donor.id).execute();
    const { agreement, giftId } = await createAgreement(deps, { donorId: donor.id, kind: "monthly_gift", amountOre: 20_000, debitDay: 5, idempotencyKey: "erase" , collect: { method: "card" } });
    await payInWindow(giftId, "4111111111111111");
    await drain();
    const card = await db.selectFrom("stored_cards").selectAll().executeTakeFirstOrThrow();
    const sent: MailMessage[] = [];
    await eraseDonor({ ...deps, mailer: { send: async (m) => void sent.push(m) }, site: { name: "Hjärt-Lungfonden" } as never, tokens: {} as never }, donor.id, "my-data");
    await drain();

    expect(await db.selectFrom("donors").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("agreements").select(["status", "donor_id", "next_debit_on"]).where("id", "=", agreement.id).executeTakeFirstOrThrow()).toEqual({
      status: "cancelled",
      donor_id: null,
      next_debit_on: null,
    });
    expect(await db.selectFrom("stored_cards").select("donor_id").where("id", "=", card.id).executeTakeFirstOrThrow()).toEqual({ donor_id: null });
    // The confirmation says the monthly gift ended; no separate "cancelled" mail to an address that is gone.
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`Vi har avslutat din månadsgåva på ${formatSek(20_000)} i månaden.`);
    expect(mail.map((m) => m.kind)).toEqual(["started"]);
    expect(await forgetUnusedStoredCards({ ...deps, gateway: gatewayFor(cards) })).toBe(1);
    expect(await cards.get(card.provider_card_id)).toBeUndefined();
    // February's day comes and goes: nothing is charged.
    clock.set(swedishInstant("2027-02-06", 11));
    await requestDueDebits(deps);
    await drain();
    expect(await db.selectFrom("gifts").select("id").where("agreement_id", "=", agreement.id).execute()).toHaveLength(1);
  });
});

/** Deleting cards straight in the simulator's store, as Mondido would on `DELETE /v1/stored_cards/:id`. */
function gatewayFor(cards: MondidoSimCardStore) {
  return { deleteStoredCard: async (id: string) => void (await cards.remove(id)) };
}

/** The card jobs with another gateway (the crash test's), the rest as the server builds them. */
function overrideGateway(deps: Omit<Parameters<typeof cardAgreementJobs>[0], "gateway">, gateway: StoredCardGateway) {
  return {
    "card-charge": async (payload: unknown, attempt: Parameters<import("#core/jobs/job-runner").JobHandler>[1]) =>
      (await import("#core/agreements/card-debits")).chargeStoredCard({ ...deps, gateway }, payload, attempt),
  };
}
