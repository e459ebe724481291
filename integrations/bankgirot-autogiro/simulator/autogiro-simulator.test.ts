import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { swedishInstant, type AutogiroEvent, type AutogiroRequest } from "#core/autogiro";
import { ManualClock } from "#core/clock";
import { DirectoryAutogiroFileTransfer } from "../file-transfer";
import { interpretAutogiroFile, writeRequestFile } from "../format";
import { AutogiroSimulator } from "./autogiro-simulator";

const CUSTOMER = "471117";
const BANKGIRO = "5555-0105";
const PERSONNUMMER = "198112189876";

let root: string;
let clock: ManualClock;
let transfer: DirectoryAutogiroFileTransfer;
let simulator: AutogiroSimulator;
let sent = 0;

/** Swedish local time, e.g. at("2027-01-05", 18, 59). */
const at = (date: string, hour: number, minute = 0) => new Date(swedishInstant(date, hour).getTime() + minute * 60_000);

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "autogiro-sim-"));
  clock = new ManualClock(at("2026-12-01", 10));
  const dirs = { outboxDir: path.join(root, "outbox"), inboxDir: path.join(root, "inbox"), archiveDir: path.join(root, "archive") };
  transfer = new DirectoryAutogiroFileTransfer(dirs, clock);
  simulator = new AutogiroSimulator({ ...dirs, stateDir: path.join(root, "sim"), clock, customerNumber: CUSTOMER, bankgiro: BANKGIRO });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function send(requests: AutogiroRequest[]): Promise<void> {
  const writtenOn = clock.now().toISOString().slice(0, 10);
  await transfer.send(`request-${++sent}.txt`, writeRequestFile({ customerNumber: CUSTOMER, bankgiro: BANKGIRO, writtenOn }, requests));
}

/** Moves the clock, lets the simulator run, and reads (then archives) every answer in the inbox. */
async function runUntil(instant: Date): Promise<AutogiroEvent[]> {
  clock.set(instant);
  await simulator.runUntil();
  const events: AutogiroEvent[] = [];
  for (const file of await transfer.receive()) {
    events.push(...interpretAutogiroFile(file.text).events);
    await transfer.archive(file.fileName);
  }
  return events;
}

const mandate = (payerNumber: string, account: string): AutogiroRequest => ({
  kind: "new_mandate",
  payerNumber,
  account: { clearing: "8327", number: account },
  identity: { kind: "personnummer", value: PERSONNUMMER },
});

const monthly = (payerNumber: string, date: string, amountOre = 20_000): Extract<AutogiroRequest, { kind: "payment" }> => ({
  kind: "payment",
  direction: "debit",
  date,
  interval: 1,
  repetitions: null,
  payerNumber,
  amountOre,
  reference: `MG${payerNumber}`,
});

const summary = (events: AutogiroEvent[]) =>
  events.map((e) => {
    const code = "status" in e ? `:${e.status.code}` : "";
    return `${e.kind}:${e.payerNumber}${code}@${e.bankingDate}`;
  });

describe("AutogiroSimulator", () => {
  it("answers mandate requests in the 19:30 run with Bankgirot's codes, per the account's scenario", async () => {
    await send([
      mandate("1", "9123456789"),
      mandate("2", "9901000001"),
      mandate("3", "9902000001"),
      mandate("4", "9903000001"),
      { kind: "new_mandate", payerNumber: "5", account: { clearing: "8327", number: "9123456789" }, identity: { kind: "personnummer", value: "198112189875" } },
      { kind: "cancel_mandate", payerNumber: "6" },
    ]);
    expect(await runUntil(at("2026-12-01", 19, 29))).toEqual([]);
    const events = await runUntil(at("2026-12-01", 19, 30));
    expect(summary(events)).toEqual([
      "mandate_approved:1@2026-12-01",
      "mandate_refused:2:03@2026-12-01",
      "mandate_refused:3:05@2026-12-01",
      "mandate_cancelled:4:07@2026-12-01",
      "mandate_refused:5:20@2026-12-01",
      "mandate_refused:6:04@2026-12-01",
    ]);
    expect(events[0]).toMatchObject({ account: { clearing: "8327", number: "9123456789" }, identity: PERSONNUMMER });
    // A second identical mandate is "already registered" (10).
    await send([mandate("1", "9123456789")]);
    expect(summary(await runUntil(at("2026-12-02", 20)))).toEqual(["mandate_refused:1:10@2026-12-02"]);
  });

  it("runs a year of monthly debits on banking days only (holidays and weekends move to the next banking day)", async () => {
    await send([mandate("1", "9123456789")]);
    await runUntil(at("2026-12-01", 20));
    await send([monthly("1", "2027-01-06")]);
    const events: AutogiroEvent[] = [];
    for (const month of ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]) {
      events.push(...(await runUntil(at(`2027-${month}-28`, 21))));
    }
    expect(events.every((e) => e.kind === "payment_completed" && e.amountOre === 20_000 && e.reference === "MG1")).toBe(true);
    expect(events.map((e) => e.bankingDate)).toEqual([
      "2027-01-07", // 6 January, trettondedag jul
      "2027-02-08", // Saturday
      "2027-03-08", // Saturday
      "2027-04-06",
      "2027-05-07", // Kristi himmelsfärd
      "2027-06-07", // Sunday, nationaldagen
      "2027-07-06",
      "2027-08-06",
      "2027-09-06",
      "2027-10-06",
      "2027-11-08", // Saturday, alla helgons dag
      "2027-12-06",
    ]);
    // One run a day at most: running again changes nothing.
    expect(await runUntil(at("2027-12-28", 22))).toEqual([]);
  });

  it("stops a recurring request after its repetitions, debits the last banking day (interval 5) and GENAST the next banking day", async () => {
    await send([mandate("1", "9123456789"), mandate("2", "9123456789"), mandate("3", "9123456789")]);
    await runUntil(at("2026-12-01", 20));
    clock.set(at("2026-12-04", 12)); // a Friday
    await send([
      { ...monthly("1", "2027-01-10"), repetitions: 3 },
      { ...monthly("2", "2027-01-10"), interval: 5, repetitions: 2 },
      { ...monthly("3", "2026-12-04"), date: "immediately", interval: 0 },
    ]);
    const events = await runUntil(at("2027-06-30", 21));
    expect(summary(events)).toEqual([
      "payment_completed:3@2026-12-07", // Monday
      "payment_completed:1@2027-01-11", // 10 January is a Sunday
      "payment_completed:2@2027-01-29", // last banking day of January
      "payment_completed:1@2027-02-10",
      "payment_completed:2@2027-02-26",
      "payment_completed:1@2027-03-10",
    ]);
  });

  it("honours the 19:00 cut-off the banking day before the debit (the day before 7 January 2027 is a holiday)", async () => {
    await send([mandate("1", "9123456789"), mandate("2", "9123456789")]);
    await runUntil(at("2026-12-01", 20));
    clock.set(at("2027-01-05", 18, 59));
    await send([{ ...monthly("1", "2027-01-07"), interval: 0 }]);
    clock.set(at("2027-01-05", 19, 1));
    await send([{ ...monthly("2", "2027-01-07"), interval: 0 }]);
    const events = await runUntil(at("2027-01-08", 20));
    // Both are handled in the run of 7 January (6 January is no banking day): the late one is refused.
    expect(summary(events)).toEqual(["request_rejected:2:13@2027-01-07", "payment_completed:1@2027-01-07"]);
    expect(events[0]).toMatchObject({ status: { reason: "Passerat betalningsdatum." }, request: { date: "2027-01-07", direction: "debit" } });
  });

  it("refuses payment requests without a mandate (01) and with a bad period code or repetitions", async () => {
    await send([mandate("1", "9123456789")]);
    await runUntil(at("2026-12-01", 20));
    await send([
      monthly("9", "2026-12-10"),
      { ...monthly("1", "2026-12-10"), interval: 0, repetitions: 1 },
    ]);
    const events = await runUntil(at("2026-12-10", 20));
    expect(summary(events)).toEqual(["request_rejected:9:01@2026-12-10", "payment_completed:1@2026-12-10"]);
  });

  it("gives each failing scenario Bankgirot's payment codes", async () => {
    await send([mandate("11", "9911000001"), mandate("12", "9912000001"), mandate("13", "9913000001"), mandate("15", "9915000001")]);
    await runUntil(at("2026-12-01", 20));
    await send(["11", "12", "13", "15"].map((payer) => monthly(payer, "2027-01-15")));
    const january = await runUntil(at("2027-01-20", 20));
    // The run of 15 January delivers AG-MEDAVI, MAKULERING/ÄNDRING and BET. SPEC in that order.
    expect(summary(january)).toEqual([
      "mandate_cancelled:12:02@2027-01-15",
      "amendment_result:12:12@2027-02-15",
      "payment_failed:11:1@2027-01-15",
      "payment_failed:12:2@2027-01-15",
      "payment_failed:13:9@2027-01-15",
      "payment_completed:15@2027-01-15",
      "payment_completed:13@2027-01-18",
    ]);
    expect(january.find((e) => e.kind === "payment_failed" && e.payerNumber === "13")).toMatchObject({ willRetry: true });
    expect(january.find((e) => e.kind === "mandate_cancelled")).toMatchObject({ byPayer: true });
    expect(january.find((e) => e.kind === "amendment_result")).toMatchObject({ type: { code: "03" }, succeeded: true });
    const spring = [...(await runUntil(at("2027-02-20", 20))), ...(await runUntil(at("2027-03-20", 20)))];
    expect(summary(spring).filter((s) => s.includes(":15"))).toEqual(["payment_completed:15@2027-02-15", "payment_failed:15:1@2027-03-15"]);
    expect(spring.some((e) => e.payerNumber === "12")).toBe(false);
  });

  it("cancels payments asked for in time, and says 13 when the debit already ran", async () => {
    await send([mandate("1", "9123456789"), mandate("2", "9123456789")]);
    await runUntil(at("2026-12-01", 20));
    await send([monthly("1", "2027-01-15"), monthly("2", "2027-01-15")]);
    await runUntil(at("2027-01-10", 20));
    clock.set(at("2027-01-14", 18));
    await send([{ kind: "cancel_payments", payerNumber: "1" }]);
    clock.set(at("2027-01-14", 19, 5));
    await send([{ kind: "cancel_payments", payerNumber: "2", date: "2027-01-15" }]);
    const events = await runUntil(at("2027-02-20", 20));
    expect(summary(events)).toEqual([
      "amendment_result:1:12@2027-01-15",
      "amendment_result:2:13@2027-01-15",
      "payment_completed:2@2027-01-15",
      "payment_completed:2@2027-02-15",
    ]);
  });

  it("moves one payment to a new date (TK29 → comment 14)", async () => {
    await send([mandate("1", "9123456789")]);
    await runUntil(at("2026-12-01", 20));
    await send([monthly("1", "2027-01-15")]);
    await send([{ kind: "change_payment_date", payerNumber: "1", date: "2027-01-15", newDate: "2027-01-20", amountOre: 20_000, direction: "debit" }]);
    const events = await runUntil(at("2027-02-20", 20));
    expect(summary(events)).toEqual(["amendment_result:1:14@2027-01-15", "payment_completed:1@2027-01-20", "payment_completed:1@2027-02-15"]);
  });

  it("cancelling a mandate ends it and Bankgirot cancels its outstanding payments", async () => {
    await send([mandate("1", "9123456789")]);
    await runUntil(at("2026-12-01", 20));
    await send([monthly("1", "2027-01-15")]);
    await runUntil(at("2026-12-02", 20));
    await send([{ kind: "cancel_mandate", payerNumber: "1" }]);
    const events = await runUntil(at("2027-03-01", 20));
    expect(summary(events)).toEqual(["mandate_cancelled:1:33@2026-12-03", "amendment_result:1:12@2027-01-15"]);
    expect(await simulator.mandate("1")).toMatchObject({ status: "cancelled" });
  });

  it("delivers a mandate given in the internet bank (AG-EMEDGIV) and registers it when accepted", async () => {
    await simulator.giveDigitalMandate({
      payerNumber: "77",
      account: "8327009123456789",
      identity: PERSONNUMMER,
      information: "JAG VILL GE VARJE MÅNAD",
      name: "ASTRID LINDQVIST",
      street: "STORGATAN 1",
      postcode: "11122",
      city: "STOCKHOLM",
    });
    const offered = await runUntil(at("2026-12-01", 20));
    expect(offered).toMatchObject([{ kind: "digital_mandate_received", payerNumber: "77", information: "JAG VILL GE VARJE MÅNAD", address: { city: "STOCKHOLM" } }]);
    await send([{ kind: "accept_digital_mandate", payerNumber: "77" }]);
    expect(summary(await runUntil(at("2026-12-02", 20)))).toEqual(["mandate_approved:77@2026-12-02"]);
  });

  it("refuses a broken request file as a whole and acts on nothing in it", async () => {
    await send([mandate("1", "9123456789")]);
    const good = writeRequestFile({ customerNumber: CUSTOMER, bankgiro: BANKGIRO, writtenOn: "2026-12-01" }, [mandate("2", "9123456789")]);
    await writeFile(path.join(root, "outbox", "broken.txt"), good.replace(/^(04.{26})8/m, "$1X"));
    const events = await runUntil(at("2026-12-01", 20));
    expect(summary(events)).toEqual(["mandate_approved:1@2026-12-01"]);
    expect(await simulator.refusedFiles()).toEqual([{ fileName: "broken.txt", line: 2, reason: expect.stringContaining("TK04, account (position 29–44): ska vara siffror") }]);
    expect(await readdir(path.join(root, "outbox"))).toEqual([]);
    expect(await simulator.mandate("2")).toBeNull();
  });

  it("answers the same in Bankgirot's older layouts as in the current ones", async () => {
    const older = new AutogiroSimulator({
      outboxDir: path.join(root, "outbox"),
      inboxDir: path.join(root, "inbox"),
      stateDir: path.join(root, "sim-older"),
      clock,
      customerNumber: CUSTOMER,
      bankgiro: BANKGIRO,
      olderLayouts: true,
    });
    const outcome = async (sim: AutogiroSimulator) => {
      const layouts = new Set<string>();
      const events: AutogiroEvent[] = [];
      const step = async (instant: Date) => {
        clock.set(instant);
        await sim.runUntil();
        for (const file of await transfer.receive()) {
          const interpreted = interpretAutogiroFile(file.text);
          layouts.add(interpreted.layout);
          events.push(...interpreted.events.map((e) => ({ ...e, line: 0 })));
          await transfer.archive(file.fileName);
        }
      };
      clock.set(at("2026-12-01", 10));
      await send([mandate("1", "9123456789"), mandate("2", "9902000001"), mandate("11", "9911000001")]);
      await step(at("2026-12-01", 20));
      await send([monthly("1", "2027-01-15"), monthly("11", "2027-01-15"), monthly("2", "2027-01-15"), { ...monthly("1", "2027-01-20"), direction: "credit", interval: 0 }]);
      await send([{ kind: "cancel_payments", payerNumber: "1", date: "2027-02-15" }]);
      await step(at("2027-02-20", 20));
      return { layouts: [...layouts].sort(), events };
    };
    const current = await outcome(simulator);
    const old = await outcome(older);
    expect(current.layouts).toEqual(["amendment-responses", "mandate-advice", "payment-specification", "rejected-requests"]);
    expect(old.layouts).toEqual(["amendment-responses-old", "mandate-advice-old", "payment-specification-old", "rejected-requests-old"]);
    expect(summary(current.events)).toEqual([
      "mandate_approved:1@2026-12-01",
      "mandate_refused:2:05@2026-12-01",
      "mandate_approved:11@2026-12-01",
      "request_rejected:2:01@2027-01-15",
      "amendment_result:1:12@2027-02-15",
      "payment_completed:1@2027-01-15",
      "payment_failed:11:1@2027-01-15",
      "payment_completed:1@2027-01-20",
      "payment_failed:11:1@2027-02-15",
    ]);
    expect(old.events).toEqual(current.events);
  });

  it("keeps its registers across a restart", async () => {
    await send([mandate("1", "9123456789")]);
    await runUntil(at("2026-12-01", 20));
    const again = new AutogiroSimulator({
      outboxDir: path.join(root, "outbox"),
      inboxDir: path.join(root, "inbox"),
      stateDir: path.join(root, "sim"),
      clock,
      customerNumber: CUSTOMER,
      bankgiro: BANKGIRO,
    });
    expect(await again.mandate("1")).toMatchObject({ status: "active", since: "2026-12-01" });
  });
});
