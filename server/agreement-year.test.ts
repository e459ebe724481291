import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { swedishInstant } from "#core/autogiro";
import { addDays, swedishDate } from "#core/calendar/swedish-calendar";
import { upsertIdentifiedDonor } from "#core/donors/donor-repository";
import { taxSummaries } from "#core/donors/tax-reduction";
import { cancel, changeAmount, createAgreement } from "#core/agreements/agreement-service";
import { bankingDaysAfter } from "#core/agreements/debit-schedule";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { autogiroOverview } from "#core/staff/autogiro-overview";
import { buildAgreementServices } from "./agreement-services";
import { productPaymentOutcomes } from "#core/product-payment-outcomes";

/**
 * A year of monthly giving on the clock, through Bankgirot's real file
 * formats and the Bankgirot simulator (integrations/bankgirot-autogiro): the
 * agreement starts, twelve debits run, the third fails for lack of money
 * (the simulator's scenario for accounts starting 9915) and is not taken
 * again, the amount is raised mid-year with eight banking days' notice, the
 * yearly statement sums what was paid, and a cancellation stops the next
 * debit and the mandate.
 */
describe.each(testEngines)("a year of monthly giving on %s", (engine) => {
  let database: TestDatabase | undefined;
  let root: string | undefined;
  afterEach(async () => {
    await database?.dispose();
    if (root) await rm(root, { recursive: true, force: true });
    database = undefined;
  });

  it("debits twelve months, handles a failed debit, a raise and a cancellation", async () => {
    database = await openTestDatabase(engine);
    root = await mkdtemp(path.join(tmpdir(), "agreement-year-"));
    const { db } = database;
    const at = (date: string, hour: number) => swedishInstant(date, hour);
    const clock = new ManualClock(at("2026-12-01", 10));
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
    const donor = await upsertIdentifiedDonor(db, clock, { personnummer: "198112289874", givenName: "Erik", surname: "Lindgren" });
    const { agreement, mandate } = await createAgreement(deps, {
      donorId: donor.id,
      kind: "monthly_gift",
      amountOre: 15_000,
      debitDay: 5,
      // SEB; the simulator lets the third debit of an account starting 9915 fail for insufficient funds.
      collect: { method: "autogiro", mandate: { account: { clearing: "5000", number: "9915001", bankName: "SEB" }, personnummer: "198112289874", signatureRef: "bankid-order" } },
      idempotencyKey: "year",
    });
    expect(agreement.next_debit_on).toBe("2027-01-05");

    // Each day: a round in the morning and one after the simulator's 19:30 run.
    const live = async (from: string, to: string, onDay?: (day: string) => Promise<void>) => {
      for (let day = from; day <= to; day = addDays(day, 1)) {
        clock.set(at(day, 11));
        await onDay?.(day);
        await services.runRound();
        clock.set(at(day, 21));
        await services.runRound();
      }
    };

    let raise: Awaited<ReturnType<typeof changeAmount>> | undefined;
    let raisedOn = "";
    let stop: Awaited<ReturnType<typeof cancel>> | undefined;
    await live("2026-12-01", "2028-01-31", async (day) => {
      if (day === "2027-05-20") {
        raise = await changeAmount(deps, agreement.id, donor.id, 20_000);
        raisedOn = swedishDate(clock.now());
      }
      if (day === "2027-12-10") stop = await cancel(deps, agreement.id, donor.id);
    });

    // Bankgirot approved the mandate; the cancellation later ended it, after the last debit.
    const m = await db.selectFrom("mandates").selectAll().where("id", "=", mandate.id).executeTakeFirstOrThrow();
    expect(m.status).toBe("cancelled");
    expect((await services.simulator?.mandate(m.payer_number))?.status).toBe("cancelled");

    const debits = await db
      .selectFrom("gifts")
      .innerJoin("payments", "payments.gift_id", "gifts.id")
      .select(["gifts.debit_on", "gifts.amount_ore", "gifts.status", "gifts.paid_at", "gifts.gift_type", "payments.status as payment_status", "payments.error_code"])
      .where("gifts.agreement_id", "=", agreement.id)
      .orderBy("gifts.debit_on")
      .execute();
    expect(debits.map((d) => d.debit_on)).toEqual(Array.from({ length: 12 }, (_, i) => `2027-${String(i + 1).padStart(2, "0")}-05`));
    expect(debits.every((d) => d.gift_type === "monthly")).toBe(true);
    // The third debit failed for lack of money and was not taken again.
    expect(debits.map((d) => d.payment_status)).toEqual(["paid", "paid", "failed", ...Array(9).fill("paid")]);
    expect(debits[2]?.error_code).toBe("AG-1");
    expect(debits[2]?.status).toBe("awaiting_payment");

    // The raise on 20 May applies from the June debit, eight banking days or more after the donor was told.
    expect(raise?.appliesFrom).toBe("2027-06-05");
    expect(bankingDaysAfter(raisedOn, 8) <= "2027-06-05").toBe(true);
    expect(debits.map((d) => d.amount_ore)).toEqual([...Array(5).fill(15_000), ...Array(7).fill(20_000)]);

    // The cancellation on 10 December came in time for January: nothing more was requested.
    expect(stop?.stillComing).toEqual([]);
    expect(stop?.appliesFrom).toBe("2028-01-05");

    // The yearly statement: 4 × 150 kr below the 200 kr limit, 7 × 200 kr that count.
    const paid = debits.filter((d) => d.status === "paid").map((d) => ({ amountOre: d.amount_ore, paidAt: d.paid_at as string }));
    const [year] = taxSummaries(paid);
    expect(year).toMatchObject({ year: 2027, qualifyingOre: 140_000, qualifyingCount: 7, otherOre: 60_000, reachesYearMinimum: false });

    const events = await db.selectFrom("agreement_events").select(["type", "applies_from", "source"]).where("agreement_id", "=", agreement.id).orderBy("id").execute();
    expect(events.map((e) => e.type)).toEqual(["created", "activated", "debit_failed", "amount_changed", "cancelled"]);
    // Every answer file was booked once; none was refused.
    const files = await db.selectFrom("provider_files").select(["direction", "status"]).execute();
    expect(files.filter((f) => f.status === "rejected")).toEqual([]);
    expect(files.filter((f) => f.direction === "in").length).toBeGreaterThan(12);

    // Finance's autogiro page lists the failed debit to follow up and the files, and counts the cancelled agreement.
    const overview = await autogiroOverview(db, new Date("2027-06-01T12:00:00Z"));
    expect(overview.failedDebits).toEqual([expect.objectContaining({ debitOn: "2027-03-05", amountOre: 15_000, status: "failed", errorCode: "AG-1" })]);
    expect(overview.agreementsByStatus.find((a) => a.status === "cancelled")?.count).toBe(1);
    expect(overview.files.length).toBeGreaterThan(12);
    expect(overview.files.some((f) => f.direction === "in" && /^\d+ svar/.test(f.summary))).toBe(true);
    expect(overview.files.some((f) => f.direction === "out" && /^\d+ begäranden$/.test(f.summary))).toBe(true);
  }, 240_000);
});
