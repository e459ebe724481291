import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { silentLogger } from "../logger";
import { upsertIdentifiedDonor } from "../donors/donor-repository";
import { AutogiroFileError, type AutogiroEvent, type AutogiroRequest, type AutogiroTransferredFile } from "../autogiro/autogiro-messages";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { AgreementChangeError, addExtraToNextDebit, cancel, changeAmount, createAgreement, pause, requestDueDebits } from "./agreement-service";
import { receiveAutogiroFiles, sendAutogiroRequests, type AutogiroExchangeDeps } from "./autogiro-exchange";
import { requestDayFor } from "./debit-schedule";
import { agreementView } from "./agreement-view";
import { WITHDRAWN } from "./autogiro-debits";
import { donorGifts } from "../donors/gift-history";
import { productPaymentOutcomes } from "../product-payment-outcomes";

/**
 * The agreement service against a stand-in for Bankgirot's file format (JSON
 * lines; the real format and simulator are tested in
 * integrations/bankgirot-autogiro): what is queued, sent, answered and booked.
 */
class MemoryTransfer {
  outbox: AutogiroTransferredFile[] = [];
  inbox: AutogiroTransferredFile[] = [];
  archived: string[] = [];
  async send(fileName: string, text: string) {
    this.outbox.push({ fileName, text });
  }
  async receive() {
    return this.inbox.filter((f) => !this.archived.includes(f.fileName));
  }
  async archive(fileName: string) {
    this.archived.push(fileName);
  }
  answer(events: Array<Partial<AutogiroEvent> & { kind: AutogiroEvent["kind"] }>, name = `answer-${this.inbox.length}`) {
    this.inbox.push({ fileName: name, text: JSON.stringify({ bankgiro: "55550105", events: events.map((e, i) => ({ line: i + 2, reference: null, amountOre: null, bankingDate: "2026-02-01", ...e })) }) });
  }
  sentRequests(): AutogiroRequest[] {
    return this.outbox.flatMap((f) => f.text.split("\n").slice(1).map((l) => JSON.parse(l) as AutogiroRequest));
  }
}

const jsonFormat: AutogiroExchangeDeps["format"] = {
  writeRequestFile: (header, requests) => [JSON.stringify(header), ...requests.map((r) => JSON.stringify(r))].join("\n"),
  interpretAutogiroFile: (text) => {
    let parsed: { bankgiro: string; events: AutogiroEvent[] };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      throw new AutogiroFileError(0, "not a file we know");
    }
    return { layout: "payment-specification", writtenOn: "2026-02-01", bankgiro: parsed.bankgiro, events: parsed.events };
  },
};

describe.each(testEngines)("agreements on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  async function setUp() {
    database = await openTestDatabase(engine);
    // Thursday 15 January 2026, 11:00 in Sweden.
    const clock = new ManualClock("2026-01-15T10:00:00.000Z");
    const transfer = new MemoryTransfer();
    const deps = { db: database.db, clock, logger: silentLogger, outcomes: productPaymentOutcomes };
    const exchange: AutogiroExchangeDeps = { ...deps, format: jsonFormat, transfer, customerNumber: "123456", bankgiro: "5555-0105" };
    const donor = await upsertIdentifiedDonor(database.db, clock, { personnummer: "198112289874", givenName: "Erik", surname: "Lindgren" });
    await database.db.updateTable("donors").set({ email: "erik@exempel.se" }).where("id", "=", donor.id).execute();
    const { agreement, mandate } = await createAgreement(deps, {
      donorId: donor.id,
      kind: "monthly_gift",
      amountOre: 20_000,
      debitDay: 28,
      collect: { method: "autogiro", mandate: { account: { clearing: "5000", number: "1234560", bankName: "SEB" }, personnummer: "198112289874", signatureRef: "bankid-order-1" } },
      idempotencyKey: "signup-1",
    });
    return { db: database.db, clock, transfer, deps, exchange, donor, agreement, mandate };
  }

  const at = (date: string) => `${date}T09:00:00.000Z`;

  it("starts pending with the mandate queued, and becomes active when Bankgirot approves it, once", async () => {
    const { db, transfer, exchange, agreement, mandate, deps, donor } = await setUp();
    expect(agreement.status).toBe("pending");
    // Eight banking days from Thursday 15 January is 27 January; the 28th is the first debit.
    expect(agreement.next_debit_on).toBe("2026-01-28");
    expect(mandate.payer_number).toMatch(/^[1-9]\d{9}$/);
    expect(mandate.payer_number).not.toContain("198112289874");

    const again = await createAgreement(deps, {
      donorId: donor.id, kind: "monthly_gift", amountOre: 20_000, debitDay: 28,
      collect: { method: "autogiro", mandate: { account: { clearing: "5000", number: "1234560", bankName: "SEB" }, personnummer: "198112289874", signatureRef: "x" } }, idempotencyKey: "signup-1",
    });
    expect(again.created).toBe(false);

    await sendAutogiroRequests(exchange);
    expect(transfer.sentRequests()).toEqual([
      { kind: "new_mandate", payerNumber: mandate.payer_number, account: { clearing: "5000", number: "1234560" }, identity: { kind: "personnummer", value: "198112289874" } },
    ]);
    // Nothing new to send: no empty file.
    expect(await sendAutogiroRequests(exchange)).toEqual([]);

    transfer.answer([{ kind: "mandate_approved", payerNumber: mandate.payer_number }]);
    const [first] = await receiveAutogiroFiles(exchange);
    expect(first?.status).toBe("processed");
    transfer.archived = [];
    const [second] = await receiveAutogiroFiles(exchange);
    expect(second?.status).toBe("already-processed");

    const row = await db.selectFrom("agreements").selectAll().where("id", "=", agreement.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("active");
    const events = await db.selectFrom("agreement_events").select(["type", "applies_from"]).where("agreement_id", "=", agreement.id).orderBy("id").execute();
    expect(events).toEqual([
      { type: "created", applies_from: "2026-01-28" },
      { type: "activated", applies_from: "2026-01-28" },
    ]);
    const mails = await db.selectFrom("jobs").select("payload").where("type", "=", "agreement-mail").execute();
    expect(mails.map((m) => JSON.parse(m.payload as string).kind)).toEqual(["started", "activated"]);
  });

  it("refuses with Bankgirot's reason and books nothing for a file that is broken or for another bankgiro", async () => {
    const { db, transfer, exchange, agreement, mandate } = await setUp();
    transfer.inbox.push({ fileName: "broken", text: "not json" });
    transfer.inbox.push({ fileName: "other", text: JSON.stringify({ bankgiro: "99999999", events: [{ kind: "mandate_approved", payerNumber: mandate.payer_number, line: 2 }] }) });
    const refused = await receiveAutogiroFiles(exchange);
    expect(refused.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(transfer.archived).toEqual([]);
    expect((await db.selectFrom("agreements").select("status").where("id", "=", agreement.id).executeTakeFirstOrThrow()).status).toBe("pending");

    transfer.inbox = [];
    transfer.answer([{ kind: "mandate_refused", payerNumber: mandate.payer_number, status: { code: "05", reason: "Felaktigt kontonummer eller personnummer" }, info: { code: "04", reason: "Nytt medgivande" } }]);
    await receiveAutogiroFiles(exchange);
    const row = await db.selectFrom("agreements").selectAll().where("id", "=", agreement.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("refused");
    expect(row.next_debit_on).toBeNull();
    const m = await db.selectFrom("mandates").selectAll().where("id", "=", mandate.id).executeTakeFirstOrThrow();
    expect([m.status, m.reason_code, m.reason_text]).toEqual(["refused", "05", "Felaktigt kontonummer eller personnummer"]);
  });

  it("requests each debit eight banking days ahead, books it paid from the answer, and applies a raise from the next debit not yet requested", async () => {
    const { db, clock, transfer, exchange, agreement, mandate, deps, donor } = await setUp();
    await sendAutogiroRequests(exchange);
    transfer.answer([{ kind: "mandate_approved", payerNumber: mandate.payer_number }]);
    await receiveAutogiroFiles(exchange);

    // Before the request day nothing is requested.
    await requestDueDebits(deps);
    expect(await db.selectFrom("gifts").select("id").where("agreement_id", "=", agreement.id).execute()).toHaveLength(0);

    expect(requestDayFor("2026-01-28")).toBe("2026-01-16");
    clock.set(at("2026-01-16"));
    await requestDueDebits(deps);
    await sendAutogiroRequests(exchange);
    const debit = transfer.sentRequests().find((r) => r.kind === "payment");
    expect(debit).toMatchObject({ kind: "payment", direction: "debit", date: "2026-01-28", interval: 0, amountOre: 20_000, payerNumber: mandate.payer_number });
    const reference = debit?.kind === "payment" ? debit.reference : "";
    expect(reference).toMatch(/^\d{16}$/);

    // A raise now cannot change the requested January debit: it applies from February.
    const raised = await changeAmount(deps, agreement.id, donor.id, 30_000);
    expect(raised.appliesFrom).toBe("2026-02-28");
    await expect(changeAmount(deps, agreement.id, "someone-else", 50_000)).rejects.toThrow();

    transfer.answer([{ kind: "payment_completed", payerNumber: mandate.payer_number, reference, amountOre: 20_000, bankingDate: "2026-01-28", direction: "debit", interval: 0, repetitions: null }]);
    clock.set(at("2026-01-29"));
    await receiveAutogiroFiles(exchange);
    const january = await db.selectFrom("gifts").selectAll().where("agreement_id", "=", agreement.id).executeTakeFirstOrThrow();
    expect([january.gift_type, january.status, january.debit_on, january.amount_ore, january.donor_id]).toEqual(["monthly", "paid", "2026-01-28", 20_000, donor.id]);

    clock.set(at(requestDayFor("2026-02-28")));
    await requestDueDebits(deps);
    const february = await db.selectFrom("gifts").selectAll().where("agreement_id", "=", agreement.id).where("debit_on", "=", "2026-02-28").executeTakeFirstOrThrow();
    expect(february.amount_ore).toBe(30_000);
  });

  it("handles a debit that fails for lack of money without debiting again, and keeps the next one", async () => {
    const { db, clock, transfer, exchange, agreement, mandate, deps } = await approvedWithJanuaryRequested();
    const payment = await db.selectFrom("payments").innerJoin("gifts", "gifts.id", "payments.gift_id").select(["payments.id", "payments.provider_reference", "payments.status"]).where("gifts.agreement_id", "=", agreement.id).executeTakeFirstOrThrow();
    expect(payment.status).toBe("pending");

    const failed = { payerNumber: mandate.payer_number, reference: payment.provider_reference, amountOre: 20_000, direction: "debit" as const, interval: 0 as const, repetitions: null, status: { code: "1", reason: "Täckning saknades" } };
    transfer.answer([{ kind: "payment_failed", ...failed, willRetry: true }]);
    await receiveAutogiroFiles(exchange);
    expect((await db.selectFrom("payments").select("status").where("id", "=", payment.id).executeTakeFirstOrThrow()).status).toBe("pending");
    transfer.answer([{ kind: "payment_failed", ...failed, willRetry: false }]);
    await receiveAutogiroFiles(exchange);
    const after = await db.selectFrom("payments").select(["status", "error_code"]).where("id", "=", payment.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ status: "failed", error_code: "AG-1" });
    const failedEvents = await db.selectFrom("agreement_events").select(["type", "applies_from"]).where("type", "=", "debit_failed").execute();
    expect(failedEvents).toEqual([{ type: "debit_failed", applies_from: "2026-01-28" }]);
    // No second debit for January; February is requested as usual.
    clock.set(at(requestDayFor("2026-02-28")));
    await requestDueDebits(deps);
    const gifts = await db.selectFrom("gifts").select(["debit_on", "status"]).where("agreement_id", "=", agreement.id).orderBy("debit_on").execute();
    expect(gifts).toEqual([
      { debit_on: "2026-01-28", status: "awaiting_payment" },
      { debit_on: "2026-02-28", status: "awaiting_payment" },
    ]);
    expect((await db.selectFrom("agreements").select("status").where("id", "=", agreement.id).executeTakeFirstOrThrow()).status).toBe("active");
  });

  it("cancels in time or tells which debit still comes, and pauses for at most three months", async () => {
    const { db, clock, transfer, exchange, agreement, mandate, deps, donor } = await setUp();
    await sendAutogiroRequests(exchange);
    transfer.answer([{ kind: "mandate_approved", payerNumber: mandate.payer_number }]);
    await receiveAutogiroFiles(exchange);

    await expect(pause(deps, agreement.id, donor.id, 4)).rejects.toBeInstanceOf(AgreementChangeError);
    const paused = await pause(deps, agreement.id, donor.id, 2);
    expect([paused.appliesFrom, paused.resumesOn]).toEqual(["2026-01-28", "2026-03-28"]);
    expect(requestDayFor("2026-03-28")).toBe("2026-03-18");
    clock.set(at("2026-03-18"));
    await requestDueDebits(deps);
    const afterPause = await db.selectFrom("gifts").select("debit_on").where("agreement_id", "=", agreement.id).execute();
    expect(afterPause).toEqual([{ debit_on: "2026-03-28" }]);
    expect((await db.selectFrom("agreements").select("status").where("id", "=", agreement.id).executeTakeFirstOrThrow()).status).toBe("active");

    // An extra gift goes with the requested March debit.
    const extra = await addExtraToNextDebit(deps, agreement.id, donor.id, 50_000, "extra-1");
    expect(extra.debitOn).toBe("2026-03-28");

    // 24 March is less than five banking days before 28 March (a Saturday, debited Monday 30): it still comes.
    clock.set(at("2026-03-24"));
    await sendAutogiroRequests(exchange);
    const stopped = await cancel(deps, agreement.id, donor.id);
    expect(stopped.stillComing).toEqual([
      { debitOn: "2026-03-28", amountOre: 20_000 },
      { debitOn: "2026-03-28", amountOre: 50_000 },
    ]);
    expect(stopped.agreement.status).toBe("cancelled");
    await sendAutogiroRequests(exchange);
    expect(transfer.sentRequests().filter((r) => r.kind === "cancel_mandate" || r.kind === "cancel_payments")).toEqual([]);
    await expect(changeAmount(deps, agreement.id, donor.id, 10_000)).rejects.toBeInstanceOf(AgreementChangeError);

    // When the last debit is answered, the mandate is cancelled at Bankgirot.
    const open = await db.selectFrom("payments").innerJoin("gifts", "gifts.id", "payments.gift_id").select(["payments.provider_reference", "payments.amount_ore"]).where("gifts.agreement_id", "=", agreement.id).execute();
    transfer.answer(open.map((p) => ({ kind: "payment_completed" as const, payerNumber: mandate.payer_number, reference: p.provider_reference, amountOre: p.amount_ore, direction: "debit" as const, interval: 0 as const, repetitions: null })));
    clock.set(at("2026-03-31"));
    await receiveAutogiroFiles(exchange);
    await sendAutogiroRequests(exchange);
    expect(transfer.sentRequests().filter((r) => r.kind === "cancel_mandate")).toEqual([{ kind: "cancel_mandate", payerNumber: mandate.payer_number }]);
    await requestDueDebits(deps);
    clock.set(at("2026-04-20"));
    await requestDueDebits(deps);
    expect(await db.selectFrom("gifts").select("id").where("agreement_id", "=", agreement.id).execute()).toHaveLength(2);
  });

  it("cancels a requested debit at Bankgirot when there is still time", async () => {
    const { transfer, exchange, agreement, deps, donor } = await approvedWithJanuaryRequested();
    const stopped = await cancel(deps, agreement.id, donor.id);
    expect(stopped.stillComing).toEqual([]);
    expect(stopped.appliesFrom).toBe("2026-01-28");
    await sendAutogiroRequests(exchange);
    const sent = transfer.sentRequests();
    expect(sent.filter((r) => r.kind === "cancel_payments")).toMatchObject([{ date: "2026-01-28", amountOre: 20_000, direction: "debit" }]);
    expect(sent.filter((r) => r.kind === "cancel_mandate")).toHaveLength(1);
  });
  /** The requests of the last file sent. */
  const lastFile = (transfer: MemoryTransfer): AutogiroRequest[] => (transfer.outbox.at(-1)?.text.split("\n").slice(1) ?? []).map((l) => JSON.parse(l) as AutogiroRequest);

  async function approvedWithJanuaryRequested() {
    const set = await setUp();
    const { transfer, exchange, mandate, clock, deps } = set;
    await sendAutogiroRequests(exchange);
    transfer.answer([{ kind: "mandate_approved", payerNumber: mandate.payer_number }]);
    await receiveAutogiroFiles(exchange);
    // Friday 16 January, 10:00: the 28 January debit is requested and its file sent.
    clock.set(at("2026-01-16"));
    await requestDueDebits(deps);
    await sendAutogiroRequests(exchange);
    return set;
  }

  // Issue #29.3. Before the fix the next file held TK25 for the extra gift and then its TK82, Mina sidor called the
  // unsent extra "Beställd hos Bankgirot" before and after the stop, and the gift list "Inte betald".
  it("withdraws an extra gift never sent to Bankgirot when the donor stops, and tells each debit as Bankgirot knows it", async () => {
    const { db, clock, transfer, exchange, agreement, deps, donor } = await approvedWithJanuaryRequested();
    const monthlyReference = transfer.sentRequests().flatMap((r) => (r.kind === "payment" ? [r.reference] : []))[0];
    const extra = await addExtraToNextDebit(deps, agreement.id, donor.id, 50_000, "extra-1");
    expect(extra.debitOn).toBe("2026-01-28");
    const extraPayment = await db.selectFrom("payments").select(["id", "provider_reference"]).where("gift_id", "=", extra.giftId!).executeTakeFirstOrThrow();

    const statuses = async () => (await agreementView(db, agreement.id, donor.id, clock.now()))!.debits.map((d) => `${d.kind}: ${d.statusLabel}`);
    // The extra waits for the next file, which reaches Bankgirot today (a banking day, before 19:00).
    expect(await statuses()).toEqual(["extra: Skickas till Bankgirot 16 januari 2026", "monthly: Beställd hos Bankgirot"]);

    const stopped = await cancel(deps, agreement.id, donor.id);
    expect(stopped.stillComing).toEqual([]);
    expect(await statuses()).toEqual(["extra: Stoppad", "monthly: Stoppas – beskedet skickas till Bankgirot 16 januari 2026"]);
    const ended = await db.selectFrom("payments").select("status").where("id", "=", extraPayment.id).executeTakeFirstOrThrow();
    expect(ended.status).toBe("cancelled");
    const event = await db.selectFrom("payment_events").select("data").where("payment_id", "=", extraPayment.id).where("to_status", "=", "cancelled").executeTakeFirstOrThrow();
    expect(JSON.parse(event.data ?? "{}")).toMatchObject({ reason: WITHDRAWN });

    await sendAutogiroRequests(exchange);
    // The file cancels the sent monthly debit and the mandate; of the extra Bankgirot hears nothing, neither TK82 nor TK25.
    const file = lastFile(transfer);
    expect(file.map((r) => r.kind).sort()).toEqual(["cancel_mandate", "cancel_payments"]);
    expect(file.find((r) => r.kind === "cancel_payments")).toMatchObject({ reference: monthlyReference, date: "2026-01-28", amountOre: 20_000 });
    expect(JSON.stringify(transfer.outbox)).not.toContain(extraPayment.provider_reference);
    expect(await statuses()).toEqual(["extra: Stoppad", "monthly: Stopp begärt hos Bankgirot"]);

    // Mina sidor's list of gifts: the extra gift is cancelled, not waiting for a payment.
    const gifts = await donorGifts(db, donor);
    expect(gifts.filter((g) => g.giftType === "extra").map((g) => g.statusLabel)).toEqual(["Avbruten"]);
  });

  // Before the fix the extra gift still came: it was in the stop's "still coming" and its TK82 went in the next file.
  it("withdraws an unsent extra gift even when the stop is too late for the debit it goes with", async () => {
    const { clock, transfer, exchange, agreement, deps, donor } = await approvedWithJanuaryRequested();
    // Friday 23 January: a cancellation no longer reaches Bankgirot five banking days before 28 January, a new request still does.
    clock.set(at("2026-01-23"));
    await addExtraToNextDebit(deps, agreement.id, donor.id, 50_000, "extra-late");
    const stopped = await cancel(deps, agreement.id, donor.id);
    expect(stopped.stillComing).toEqual([{ debitOn: "2026-01-28", amountOre: 20_000 }]);
    await sendAutogiroRequests(exchange);
    expect(transfer.sentRequests().filter((r) => r.kind === "payment")).toHaveLength(1);
    expect(transfer.sentRequests().filter((r) => r.kind === "cancel_payments" || r.kind === "cancel_mandate")).toEqual([]);
  });

  // Before the fix the TK82 of a debit cancelled with the mandate was still sent in the next file.
  it("never sends the request of a debit whose payment ended while it waited", async () => {
    const { db, transfer, exchange, agreement, mandate, deps, donor } = await approvedWithJanuaryRequested();
    const extra = await addExtraToNextDebit(deps, agreement.id, donor.id, 50_000, "extra-2");
    transfer.answer([
      { kind: "mandate_cancelled", payerNumber: mandate.payer_number, status: { code: "02", reason: "Medgivandet har upphört" }, info: { code: "02", reason: "Betalaren" }, byPayer: true },
    ]);
    await receiveAutogiroFiles(exchange);
    const payment = await db.selectFrom("payments").select(["status", "provider_reference"]).where("gift_id", "=", extra.giftId!).executeTakeFirstOrThrow();
    expect(payment.status).toBe("cancelled");
    await sendAutogiroRequests(exchange);
    expect(JSON.stringify(transfer.outbox)).not.toContain(payment.provider_reference);
    expect(await db.selectFrom("autogiro_requests").select("id").where("provider_file_id", "is", null).execute()).toEqual([]);
  });
});
