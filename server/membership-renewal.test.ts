import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { swedishInstant } from "#core/autogiro";
import { addDays } from "#core/calendar/swedish-calendar";
import { upsertIdentifiedDonor } from "#core/donors/donor-repository";
import { cancel, createAgreement, requestDueDebits } from "#core/agreements/agreement-service";
import { JobRunner } from "#core/jobs/job-runner";
import { PaymentService } from "#core/payments/payment-service";
import { transitionPayment } from "#core/payments/payment-transitions";
import { queueRenewalReminders } from "#core/membership/renewal-reminder";
import { RenewalNotPossibleError, startAutogiroRenewal, startCardRenewal } from "#core/membership/membership-renewal";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import type { DB } from "#db/schema";
import type { Kysely } from "kysely";
import { MondidoClient } from "#integrations/mondido/client";
import { MondidoPaymentProvider } from "#integrations/mondido/mondido-payment-provider";
import { createMondidoSimulator } from "#integrations/mondido/simulator/create-mondido-simulator";
import { MondidoStoredCardClient } from "#integrations/mondido/stored-card-client";
import { buildAgreementServices } from "./agreement-services";
import { cardAgreementJobs } from "#core/agreements/agreement-jobs";
import { MondidoCardGateway } from "#integrations/mondido/mondido-card-gateway";
import { productPaymentOutcomes } from "#core/product-payment-outcomes";

/**
 * A membership renewed every year (decision 0028): by card (this year's fee in
 * the window, the stored card charged a year later) and by autogiro through
 * the member's mandate and Bankgirot's files. Each paid yearly debit extends
 * the member's year exactly as a paid fee does.
 */
const FEE = 30_000;

async function addMember(db: Kysely<DB>, donorId: string, paidUntil: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("members")
    .values({ reference: `ref-${donorId}`.padEnd(20, "x"), donor_id: donorId, name: "Erik Lindgren", email: "erik@example.se", street: "Storgatan 1", postal_code: "111 22", city: "Stockholm", paid_until: paidUntil, reminded_for: null, created_at: now, updated_at: now })
    .returning("member_number")
    .executeTakeFirstOrThrow();
  return row.member_number;
}

const paidUntilOf = async (db: Kysely<DB>, memberNumber: number) =>
  (await db.selectFrom("members").select("paid_until").where("member_number", "=", memberNumber).executeTakeFirstOrThrow()).paid_until;

describe.each(testEngines)("membership renewal on %s", (engine) => {
  let database: TestDatabase | undefined;
  let server: Server | undefined;
  let root: string | undefined;
  afterEach(async () => {
    await database?.dispose();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    if (root) await rm(root, { recursive: true, force: true });
    database = undefined;
    server = undefined;
    root = undefined;
  });

  it("by card: this year's fee in the window extends the year, and the stored card pays the next one a year later", async () => {
    database = await openTestDatabase(engine);
    const { db } = database;
    const clock = new ManualClock(swedishInstant("2027-03-01", 10));
    const deps = { db, clock, logger: silentLogger, outcomes: productPaymentOutcomes };
    const config = { merchantId: "4711", secret: "s", apiPassword: "p", test: true };
    const app = express();
    app.use("/sim", createMondidoSimulator({ clock, logger: silentLogger, ...config, postWebhook: async () => {} }).router);
    server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server!.once("listening", () => resolve()));
    const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/sim/v1`;
    const client = new MondidoClient({ ...config, formUrl: `${base}/form`, apiBaseUrl: base });
    const provider = new MondidoPaymentProvider({ client, publicUrl: "http://127.0.0.1", webhookUrl: "http://127.0.0.1/hook" });
    const storedCards = new MondidoStoredCardClient({ ...config, apiBaseUrl: base });
    const payments = new PaymentService({ db, engine, clock, logger: silentLogger, outcomes: productPaymentOutcomes, providers: { Mondido: provider } });
    const jobs = new JobRunner({ db, engine, clock, logger: silentLogger, sleep: async () => {}, handlers: { ...cardAgreementJobs({ ...deps, gateway: new MondidoCardGateway(client, storedCards) }), "agreement-mail": async () => {} } });
    const drain = async () => {
      while ((await jobs.runOnce()) > 0);
    };

    const donor = await upsertIdentifiedDonor(db, clock, { personnummer: "198112289874", givenName: "Erik", surname: "Lindgren" });
    await expect(startCardRenewal(deps, { donorId: donor.id, feeOre: FEE, idempotencyKey: "r0" })).rejects.toBeInstanceOf(RenewalNotPossibleError);
    const memberNumber = await addMember(db, donor.id, "2027-04-20");

    const { agreement, giftId } = await startCardRenewal(deps, { donorId: donor.id, feeOre: FEE, idempotencyKey: "r1" });
    const payment = await payments.startPayment(giftId, "Mondido");
    const gift = await db.selectFrom("gifts").selectAll().where("id", "=", giftId).executeTakeFirstOrThrow();
    expect(gift.gift_type).toBe("membership");
    const form = provider.paymentForm(payment, gift);
    const opened = await fetch(form.action, { method: "POST", body: new URLSearchParams(form.fields), redirect: "manual" });
    await fetch(new URL(opened.headers.get("location")!, form.action), { method: "POST", body: new URLSearchParams({ cardNumber: "4111111111111111", expiry: "12/30", cvc: "123" }), redirect: "manual" });
    await transitionPayment(deps, { paymentId: payment.id, to: (await provider.fetchStatus(payment))!.status, source: "callback" });
    await drain();

    // Paid early: the new year starts the day after the paid one ends, so no day is lost.
    expect(await paidUntilOf(db, memberNumber)).toBe("2028-04-20");
    const active = await db.selectFrom("agreements").selectAll().where("id", "=", agreement.id).executeTakeFirstOrThrow();
    expect(active).toMatchObject({ status: "active", kind: "membership", interval: "yearly", next_debit_on: "2028-03-20" });
    // A second automatic renewal is refused while this one runs.
    await expect(startCardRenewal(deps, { donorId: donor.id, feeOre: FEE, idempotencyKey: "r2" })).rejects.toBeInstanceOf(RenewalNotPossibleError);

    for (let day = "2027-03-02"; day <= "2028-04-30"; day = addDays(day, 1)) {
      clock.set(swedishInstant(day, 11));
      await requestDueDebits(deps);
      await drain();
    }
    const fees = await db
      .selectFrom("membership_fees")
      .innerJoin("gifts", "gifts.id", "membership_fees.gift_id")
      .select(["gifts.debit_on", "gifts.status", "membership_fees.valid_from", "membership_fees.valid_until", "membership_fees.member_number"])
      .where("gifts.agreement_id", "=", agreement.id)
      .orderBy("gifts.debit_on")
      .execute();
    expect(fees).toEqual([
      { debit_on: "2027-03-01", status: "paid", valid_from: "2027-04-21", valid_until: "2028-04-20", member_number: memberNumber },
      { debit_on: "2028-03-20", status: "paid", valid_from: "2028-04-21", valid_until: "2029-04-20", member_number: memberNumber },
    ]);
    expect(await paidUntilOf(db, memberNumber)).toBe("2029-04-20");
  });

  it("by autogiro: through the member's mandate and Bankgirot's files, debited before the year ends; no reminder meanwhile", async () => {
    database = await openTestDatabase(engine);
    root = await mkdtemp(path.join(tmpdir(), "renewal-"));
    const { db } = database;
    const at = (date: string, hour: number) => swedishInstant(date, hour);
    const clock = new ManualClock(at("2027-01-04", 10));
    const deps = { db, clock, logger: silentLogger, outcomes: productPaymentOutcomes };
    const services = buildAgreementServices(
      {
        AUTOGIRO_MODE: "simulator",
        AUTOGIRO_OUTBOX_DIR: path.join(root, "outbox"),
        AUTOGIRO_INBOX_DIR: path.join(root, "inbox"),
        AUTOGIRO_ARCHIVE_DIR: path.join(root, "archive"),
        BANKGIROT_CUSTOMER_NUMBER: "471117",
        SIMULATOR_STATE_DIR: path.join(root, "sim"),
        publicUrl: "http://127.0.0.1",
      },
      { bankgiro: "5555-0105" } as Parameters<typeof buildAgreementServices>[1],
      deps,
      Buffer.alloc(32, 7),
    );
    const live = async (from: string, to: string) => {
      for (let day = from; day <= to; day = addDays(day, 1)) {
        for (const hour of [11, 21]) {
          clock.set(at(day, hour));
          await services.runRound();
        }
      }
    };
    const donor = await upsertIdentifiedDonor(db, clock, { personnummer: "198112289874", givenName: "Erik", surname: "Lindgren" });
    const monthly = await createAgreement(deps, {
      donorId: donor.id,
      kind: "monthly_gift",
      amountOre: 20_000,
      debitDay: 28,
      collect: { method: "autogiro", mandate: { account: { clearing: "5000", number: "1234560", bankName: "SEB" }, personnummer: "198112289874", signatureRef: "bankid" } },
      idempotencyKey: "monthly",
    });
    const memberNumber = await addMember(db, donor.id, "2027-06-14");
    // Before Bankgirot approved the mandate there is nothing to renew by.
    await expect(startAutogiroRenewal(deps, { donorId: donor.id, feeOre: FEE, idempotencyKey: "early" })).rejects.toBeInstanceOf(RenewalNotPossibleError);
    await live("2027-01-04", "2027-01-06");
    const renewal = await startAutogiroRenewal(deps, { donorId: donor.id, feeOre: FEE, idempotencyKey: "renew" });
    expect(renewal).toMatchObject({ status: "active", kind: "membership", interval: "yearly", debit_day: 14, next_debit_on: "2027-06-14", mandate_id: monthly.mandate.id });

    // The member stops the monthly gift; the mandate stays for the renewal.
    clock.set(at("2027-03-01", 10));
    await cancel(deps, monthly.agreement.id, donor.id);
    // A month before the paid year ends no "time to renew" reminder goes out: the debit is coming.
    await live("2027-01-07", "2027-05-20");
    expect(await queueRenewalReminders({ db, clock })).toBe(0);
    await live("2027-05-21", "2027-07-10");
    const mandate = await db.selectFrom("mandates").select("status").where("id", "=", monthly.mandate.id).executeTakeFirstOrThrow();
    expect(mandate.status).toBe("approved");
    const fee = await db
      .selectFrom("gifts")
      .innerJoin("membership_fees", "membership_fees.gift_id", "gifts.id")
      .innerJoin("payments", "payments.gift_id", "gifts.id")
      .select(["gifts.debit_on", "gifts.gift_type", "gifts.status", "payments.method", "membership_fees.valid_from", "membership_fees.valid_until"])
      .where("gifts.agreement_id", "=", renewal.id)
      .execute();
    expect(fee).toEqual([{ debit_on: "2027-06-14", gift_type: "membership", status: "paid", method: "autogiro", valid_from: "2027-06-15", valid_until: "2028-06-14" }]);
    expect(await paidUntilOf(db, memberNumber)).toBe("2028-06-14");
    expect((await db.selectFrom("agreements").select("next_debit_on").where("id", "=", renewal.id).executeTakeFirstOrThrow()).next_debit_on).toBe("2028-06-14");
  });
});
