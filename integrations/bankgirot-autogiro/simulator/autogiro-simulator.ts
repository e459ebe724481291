/**
 * A Bankgirot autogiro simulator for development and tests. It plays
 * Bankgirot's side of the file transfer: it picks up our request files from
 * the outbox and, in an end-of-day run at 19:30 on every banking day, writes
 * answer files to the inbox in Bankgirot's current layouts:
 *
 * - AG-MEDAVI for mandate requests that arrived before 19:00 that day;
 * - AVVISADE BET UPPDR for payment requests it refuses (mandate missing,
 *   date passed or too late for the 19:00 cut-off the banking day before,
 *   bad period code…);
 * - MAKULERING/ÄNDRING for cancellations and date changes, and for payments
 *   it cancels itself when a mandate ends;
 * - BET. SPEC & STOPP TK for the debits and credits of the day, with the
 *   outcome the account's scenario gives (scenarios.ts).
 *
 * Time comes only from the injected clock and from the files' modification
 * times (DirectoryAutogiroFileTransfer sets them from the same clock), so a
 * test can run a year of debits by moving the clock and calling runUntil.
 * State survives restarts in a JSON file in the simulator state directory.
 */
import { mkdir, readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  addWorkingDays,
  dateOfDayNumber,
  dayNumber,
  isWorkingDay,
  swedishDate,
  type IsoDate,
} from "#core/calendar/swedish-calendar";
import {
  effectiveDebitDate,
  isInTimeFor,
  nthPaymentDate,
  swedishInstant,
  AutogiroFileError,
  type AutogiroInterval,
  type AutogiroRecord,
} from "#core/autogiro";
import { decodeAutogiroBytes, encodeAutogiroText, readAutogiroFile } from "../format";
import { hasValidLuhnCheckDigit } from "#core/bankgiro/luhn";
import type { Clock } from "#core/clock";
import {
  writeAmendmentResponses,
  writeDigitalMandates,
  writeMandateAdvice,
  writePaymentSpecification,
  writeRejectedRequests,
  type AmendmentLine,
  type AnswerHeader,
  type DigitalMandateRecord,
  type MandateAdviceRecord,
  type RejectedLine,
  type SettledLine,
} from "./response-files";
import { scenarioFor } from "./scenarios";

export interface AutogiroSimulatorOptions {
  /** Where our request files arrive (the file transfer's outbox). */
  outboxDir: string;
  /** Where the simulator delivers Bankgirot's answers (the file transfer's inbox). */
  inboxDir: string;
  /** The simulator's own state: its registers and the request files it has taken in. */
  stateDir: string;
  clock: Clock;
  /** The charity's Bankgirot customer number (6 digits) and bankgiro number. */
  customerNumber: string;
  bankgiro: string;
  /**
   * Answer in Bankgirot's older layouts (AG-MEDAVI with 9900, the payment
   * specification without sections, FELLISTA REG.KONTRL, MAK/ÄNDRINGSLISTA),
   * which Bankgirot still delivers to some payees. Default: the current layouts.
   */
  olderLayouts?: boolean;
}

interface SimMandate {
  account: string;
  identity: string;
  status: "active" | "cancelled";
  since: IsoDate;
  debits: number;
}

interface SimOrder {
  id: number;
  payerNumber: string;
  direction: "debit" | "credit";
  interval: AutogiroInterval;
  repetitions: number | null;
  /** Nominal date of the first payment. */
  firstDate: IsoDate;
  /** Index of the next payment (0-based). */
  nextIndex: number;
  /** Payments moved to another date (index → nominal date). */
  moved: Record<string, IsoDate>;
  /** Payments of a recurring request that were cancelled one by one (indexes). */
  skipped?: number[];
  amountOre: number;
  reference: string;
  /** A renewed-coverage retry: it goes through. */
  retry?: boolean;
}

interface QueuedFile {
  fileName: string;
  arrivedAt: string;
  records: AutogiroRecord[];
}

interface SimState {
  lastRunAt: string | null;
  mandates: Record<string, SimMandate>;
  digitalOffers: DigitalMandateRecord[];
  pendingDigital: Record<string, DigitalMandateRecord>;
  orders: SimOrder[];
  nextOrderId: number;
  queue: QueuedFile[];
  refusedFiles: { fileName: string; line: number; reason: string }[];
  fileSequence: number;
}

const emptyState = (): SimState => ({
  lastRunAt: null,
  mandates: {},
  digitalOffers: [],
  pendingDigital: {},
  orders: [],
  nextOrderId: 1,
  queue: [],
  refusedFiles: [],
  fileSequence: 0,
});

const unpad = (digits: unknown) => String(digits ?? "").replace(/^0+(?=\d)/, "");
const DIRECTION_OF: Record<string, "debit" | "credit"> = { "82": "debit", "32": "credit" };

/** What one end-of-day run produced. */
export interface SimulatorRun {
  day: IsoDate;
  files: string[];
}

export class AutogiroSimulator {
  private readonly statePath: string;
  private readonly receivedDir: string;
  private busy: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: AutogiroSimulatorOptions) {
    this.statePath = path.join(options.stateDir, "autogiro-simulator.json");
    this.receivedDir = path.join(options.stateDir, "autogiro-received");
  }

  private get bankgiro(): string {
    return this.options.bankgiro.replace(/\D/g, "").replace(/^0+/, "");
  }

  /** Processes everything due up to `now` (default: the clock): takes in the outbox and runs each banking day's 19:30 run. */
  runUntil(now: Date = this.options.clock.now()): Promise<SimulatorRun[]> {
    const next = this.busy.then(() => this.doRunUntil(now));
    this.busy = next.catch(() => undefined);
    return next;
  }

  /**
   * A donor gives a mandate in their internet bank (AG-EMEDGIV). It is delivered
   * in the next run; answer it with accept_digital_mandate or reject_digital_mandate.
   */
  async giveDigitalMandate(mandate: DigitalMandateRecord): Promise<void> {
    const state = await this.load();
    state.digitalOffers.push(mandate);
    await this.save(state);
  }

  /** Files the simulator refused as a whole (nothing of them was acted on). */
  async refusedFiles(): Promise<SimState["refusedFiles"]> {
    return (await this.load()).refusedFiles;
  }

  /** The simulator's mandate register (for tests and the operations docs). */
  async mandate(payerNumber: string): Promise<SimMandate | null> {
    return (await this.load()).mandates[payerNumber] ?? null;
  }

  private async doRunUntil(now: Date): Promise<SimulatorRun[]> {
    const state = await this.load();
    await this.collect(state, now);
    const runs: SimulatorRun[] = [];
    const lastRun = state.lastRunAt ? new Date(state.lastRunAt) : null;
    const firstDay = lastRun
      ? swedishDate(lastRun)
      : [swedishDate(now), ...state.queue.map((q) => swedishDate(new Date(q.arrivedAt)))].sort()[0]!;
    for (let day = dayNumber(firstDay); day <= dayNumber(swedishDate(now)); day++) {
      const date = dateOfDayNumber(day);
      if (!isWorkingDay(date)) continue;
      const runAt = runInstant(date);
      if (runAt.getTime() > now.getTime() || (lastRun && runAt.getTime() <= lastRun.getTime())) continue;
      runs.push({ day: date, files: await this.run(state, date, runAt) });
      state.lastRunAt = runAt.toISOString();
    }
    await this.save(state);
    return runs;
  }

  /** Takes our request files out of the outbox; a broken file is refused as a whole. */
  private async collect(state: SimState, now: Date): Promise<void> {
    await mkdir(this.options.outboxDir, { recursive: true });
    await mkdir(this.receivedDir, { recursive: true });
    const names = (await readdir(this.options.outboxDir)).filter((n) => !n.startsWith(".") && !n.endsWith(".part")).sort();
    for (const fileName of names) {
      const file = path.join(this.options.outboxDir, fileName);
      const modified = (await stat(file)).mtime;
      if (modified.getTime() > now.getTime()) continue; // not yet sent, as far as this clock is concerned
      const text = decodeAutogiroBytes(await readFile(file));
      try {
        const { layout, records } = readAutogiroFile(text);
        if (layout !== "request") throw new AutogiroFileError(1, "Bankgirot tar bara emot betalningsmottagarens underlag.");
        const wrongBankgiro = records.find((r) => r.type === "01" && unpad(r.bankgiro) !== this.bankgiro);
        if (wrongBankgiro) throw new AutogiroFileError(wrongBankgiro.line, "Bankgironumret tillhör inte den här betalningsmottagaren.");
        const wrongCustomer = records.find((r) => r.type === "01" && r.customerNumber !== this.options.customerNumber);
        if (wrongCustomer) throw new AutogiroFileError(wrongCustomer.line, "Kundnumret tillhör inte den här betalningsmottagaren.");
        state.queue.push({ fileName, arrivedAt: modified.toISOString(), records });
      } catch (error) {
        if (!(error instanceof AutogiroFileError)) throw error;
        state.refusedFiles.push({ fileName, line: error.line, reason: error.reason });
      }
      await rename(file, path.join(this.receivedDir, `${modified.getTime()}-${fileName}`));
    }
    state.queue.sort((a, b) => a.arrivedAt.localeCompare(b.arrivedAt));
  }

  /** One end-of-day run: first the day's debits (requests for today were due yesterday), then the requests that arrived before 19:00. */
  private async run(state: SimState, day: IsoDate, runAt: Date): Promise<string[]> {
    const advice: MandateAdviceRecord[] = [];
    const rejected: RejectedLine[] = [];
    const amendments: AmendmentLine[] = [];
    const settled = this.settle(state, day, advice, amendments);

    const cutOff = swedishInstant(day, 19);
    const due = state.queue.filter((q) => new Date(q.arrivedAt).getTime() < cutOff.getTime());
    state.queue = state.queue.filter((q) => !due.includes(q));
    for (const file of due) {
      const arrivedAt = new Date(file.arrivedAt);
      for (const record of file.records) {
        if (record.type === "01") continue;
        if (["03", "04", "05"].includes(record.type)) this.mandateRequest(state, record, day, advice, amendments);
        else if (record.type === "82" || record.type === "32") this.paymentRequest(state, record, day, arrivedAt, rejected);
        else this.amendmentRequest(state, record, arrivedAt, amendments);
      }
    }
    const offers = state.digitalOffers;
    state.digitalOffers = [];
    for (const offer of offers) state.pendingDigital[offer.payerNumber] = offer;

    const header: AnswerHeader = {
      writtenOn: day,
      customerNumber: this.options.customerNumber,
      bankgiro: this.bankgiro,
      older: this.options.olderLayouts ?? false,
    };
    const written: string[] = [];
    const deliver = async (kind: string, text: string) => {
      state.fileSequence++;
      const name = `${day.replaceAll("-", "")}-${String(state.fileSequence).padStart(5, "0")}-${kind}.txt`;
      await mkdir(this.options.inboxDir, { recursive: true });
      const temporary = path.join(this.options.inboxDir, `.${name}.part`);
      await writeFile(temporary, encodeAutogiroText(text));
      await rename(temporary, path.join(this.options.inboxDir, name));
      written.push(name);
    };
    if (offers.length > 0) await deliver("AG-EMEDGIV", writeDigitalMandates(header, offers));
    if (advice.length > 0) await deliver("AG-MEDAVI", writeMandateAdvice(header, advice));
    if (rejected.length > 0) await deliver("AVVISADE-BET-UPPDR", writeRejectedRequests(header, rejected));
    if (amendments.length > 0) await deliver("MAKULERING-ANDRING", writeAmendmentResponses(header, amendments));
    if (settled.length > 0) {
      const writtenAt = `${runAt.toISOString().slice(11, 19).replaceAll(":", "")}000000`;
      await deliver("BET-SPEC", writePaymentSpecification({ ...header, writtenAt, account: this.bankgiro }, settled));
    }
    return written;
  }

  /** The effective date of an order's payment number `index`. */
  private occurrence(order: SimOrder, index: number): IsoDate {
    return effectiveDebitDate(order.moved[index] ?? nthPaymentDate(order.firstDate, order.interval, index));
  }

  private exists(order: SimOrder, index: number): boolean {
    return order.interval === 0 ? index === 0 : order.repetitions === null || index < order.repetitions;
  }

  /** The effective date of an order's next payment. */
  private nextDate(order: SimOrder): IsoDate {
    return this.occurrence(order, order.nextIndex);
  }

  /** Advances an order past its next payment (and any cancelled ones); false when it has no more. */
  private advance(order: SimOrder): boolean {
    order.nextIndex++;
    while ((order.skipped ?? []).includes(order.nextIndex)) order.nextIndex++;
    return this.exists(order, order.nextIndex);
  }

  /** Which of an order's outstanding payments falls on `date` (a recurring request is searched a year ahead). */
  private findOccurrence(order: SimOrder, date: IsoDate): number | null {
    const target = effectiveDebitDate(date);
    for (let index = order.nextIndex; this.exists(order, index) && index < order.nextIndex + 400; index++) {
      if ((order.skipped ?? []).includes(index)) continue;
      const nominal = nthPaymentDate(order.firstDate, order.interval, index);
      if (this.occurrence(order, index) === target) return index;
      if (order.interval === 0 || dayNumber(nominal) > dayNumber(target) + 400) break;
    }
    return null;
  }

  private settle(state: SimState, day: IsoDate, advice: MandateAdviceRecord[], amendments: AmendmentLine[]): SettledLine[] {
    const settled: SettledLine[] = [];
    const closedAccounts: string[] = [];
    for (const order of [...state.orders]) {
      if (this.nextDate(order) > day) continue;
      const mandate = state.mandates[order.payerNumber];
      let status = "0";
      if (order.direction === "debit" && mandate && !order.retry) {
        mandate.debits++;
        const scenario = scenarioFor(mandate.account);
        if (scenario.kind === "debits_fail") status = scenario.status;
        if (scenario.kind === "third_debit_fails" && mandate.debits === 3) status = "1";
        if (scenario.kind === "renewed_coverage") status = "9";
        if (scenario.kind === "account_closed_on_first_debit" && mandate.debits === 1) {
          status = "2";
          closedAccounts.push(order.payerNumber);
        }
      }
      settled.push({
        direction: order.direction,
        date: day,
        interval: order.interval,
        repetitions: order.repetitions,
        payerNumber: order.payerNumber,
        amountOre: order.amountOre,
        reference: order.reference,
        status,
      });
      if (status === "9") {
        state.orders.push({
          ...order,
          id: state.nextOrderId++,
          interval: 0,
          repetitions: null,
          firstDate: addWorkingDays(day, 1),
          nextIndex: 0,
          moved: {},
          retry: true,
        });
      }
      if (!this.advance(order)) state.orders = state.orders.filter((o) => o !== order);
    }
    for (const payerNumber of closedAccounts) this.endMandate(state, payerNumber, day, "02", "46", advice, amendments);
    return settled;
  }

  /** Ends a mandate: advice to the payee and Bankgirot cancels its outstanding payments (type 03). */
  private endMandate(
    state: SimState,
    payerNumber: string,
    day: IsoDate,
    status: string,
    info: string,
    advice: MandateAdviceRecord[],
    amendments: AmendmentLine[],
  ): void {
    const mandate = state.mandates[payerNumber]!;
    mandate.status = "cancelled";
    mandate.since = day;
    advice.push({ payerNumber, account: mandate.account, identity: mandate.identity, info, status, date: day });
    for (const order of state.orders.filter((o) => o.payerNumber === payerNumber)) {
      amendments.push({ ...this.amendmentEcho(order), type: "03", comment: "12" });
    }
    state.orders = state.orders.filter((o) => o.payerNumber !== payerNumber);
  }

  private amendmentEcho(order: SimOrder, index = order.nextIndex): Omit<AmendmentLine, "type" | "comment"> {
    return {
      date: this.occurrence(order, index),
      payerNumber: order.payerNumber,
      direction: order.direction,
      amountOre: order.amountOre,
      newDate: null,
      reference: order.reference,
    };
  }

  private mandateRequest(state: SimState, record: AutogiroRecord, day: IsoDate, advice: MandateAdviceRecord[], amendments: AmendmentLine[]): void {
    const payerNumber = unpad(record.payerNumber);
    const existing = state.mandates[payerNumber];
    const answer = (status: string, info: string, account = "", identity = "") =>
      advice.push({ payerNumber, account, identity, info, status, date: day });
    if (record.type === "03") {
      if (existing?.status === "active") this.endMandate(state, payerNumber, day, "33", "03", advice, amendments);
      else answer("04", "03");
      return;
    }
    if (record.type === "05") {
      const newPayer = unpad(record.newPayerNumber);
      if (existing?.status !== "active") return void answer("04", "05");
      if (state.mandates[newPayer]?.status === "active") return void answer("21", "05");
      state.mandates[newPayer] = { ...existing, since: day };
      for (const order of state.orders) if (order.payerNumber === payerNumber) order.payerNumber = newPayer;
      existing.status = "cancelled";
      advice.push({ payerNumber: newPayer, account: existing.account, identity: existing.identity, info: "05", status: "32", date: day });
      return void answer("33", "05", existing.account, existing.identity);
    }
    // TK04: a new mandate, or our answer to a digital one.
    const account = String(record.account ?? "");
    const identity = String(record.identity ?? "");
    if (record.refusal === "AV") {
      delete state.pendingDigital[payerNumber];
      return;
    }
    if (account === "" && identity === "") {
      const offer = state.pendingDigital[payerNumber];
      if (!offer) return void answer("04", "04");
      delete state.pendingDigital[payerNumber];
      return void this.register(state, payerNumber, offer.account, offer.identity, day, answer);
    }
    if (existing?.status === "active") return void answer("10", "04", account, identity);
    if (/^\d{4}0*$/.test(account)) return void answer("23", "04", account, identity);
    if (!hasValidLuhnCheckDigit(identity.slice(2))) return void answer("20", "04", account, identity);
    this.register(state, payerNumber, account, identity, day, answer);
  }

  private register(
    state: SimState,
    payerNumber: string,
    account: string,
    identity: string,
    day: IsoDate,
    answer: (status: string, info: string, account?: string, identity?: string) => void,
  ): void {
    const scenario = scenarioFor(account);
    if (scenario.kind === "mandate_refused") return void answer(scenario.status, scenario.info, account, identity);
    state.mandates[payerNumber] = { account, identity, status: "active", since: day, debits: 0 };
    answer("32", "04", account, identity);
  }

  private paymentRequest(state: SimState, record: AutogiroRecord, day: IsoDate, arrivedAt: Date, rejected: RejectedLine[]): void {
    const payerNumber = unpad(record.payerNumber);
    const direction = DIRECTION_OF[record.type]!;
    const interval = Number(record.interval) as AutogiroInterval;
    const repetitions = record.repetitions === "" ? null : Number(record.repetitions);
    const requested = String(record.date);
    const line = {
      direction,
      date: requested === "GENAST" ? ("GENAST" as const) : requested,
      interval,
      repetitions,
      payerNumber,
      amountOre: Number(record.amountOre ?? 0),
      reference: String(record.reference ?? ""),
    };
    const reject = (comment: string) => void rejected.push({ ...line, comment });
    if (record.interval === "" || interval > 8) return reject("06");
    if (interval === 0 && repetitions !== null && repetitions !== 1) return reject("07");
    if (interval !== 0 && repetitions === 0) return reject("07");
    if (line.amountOre <= 0) return reject("08");
    if (state.mandates[payerNumber]?.status !== "active") return reject("01");
    const firstDate = requested === "GENAST" ? addWorkingDays(day, 1) : requested;
    if (requested !== "GENAST" && !isInTimeFor(firstDate, arrivedAt)) return reject("13");
    state.orders.push({
      id: state.nextOrderId++,
      payerNumber,
      direction,
      interval,
      repetitions,
      firstDate,
      nextIndex: 0,
      moved: {},
      amountOre: line.amountOre,
      reference: line.reference,
    });
  }

  private amendmentRequest(state: SimState, record: AutogiroRecord, arrivedAt: Date, amendments: AmendmentLine[]): void {
    const payerNumber = unpad(record.payerNumber);
    const date = record.date === null ? null : String(record.date);
    const direction = record.direction === "" ? null : (DIRECTION_OF[String(record.direction)] ?? null);
    const amountOre = typeof record.amountOre === "number" ? record.amountOre : null;
    const reference = String(record.reference ?? "");
    const matches = state.orders
      .filter(
        (o) =>
          (payerNumber === "" || o.payerNumber === payerNumber) &&
          (amountOre === null || o.amountOre === amountOre) &&
          (direction === null || o.direction === direction) &&
          (reference === "" || o.reference === reference),
      )
      .map((order) => ({ order, index: date === null ? order.nextIndex : this.findOccurrence(order, date) }))
      .filter((match): match is { order: SimOrder; index: number } => match.index !== null);
    const newDate = record.newDate === null ? null : String(record.newDate);
    if (matches.length === 0) {
      amendments.push({ type: record.type, date, payerNumber, direction, amountOre: amountOre ?? 0, newDate, reference, comment: "13" });
      return;
    }
    for (const { order, index } of matches) {
      const echo = { ...this.amendmentEcho(order, index), type: record.type };
      if (["23", "24", "25", "22"].includes(record.type)) {
        amendments.push({ ...echo, comment: "12" });
        if (record.type === "23") {
          state.orders = state.orders.filter((o) => o !== order);
        } else if (index === order.nextIndex) {
          if (!this.advance(order)) state.orders = state.orders.filter((o) => o !== order);
        } else {
          (order.skipped ??= []).push(index);
        }
      } else if (newDate === null || !isInTimeFor(newDate, arrivedAt)) {
        amendments.push({ ...echo, newDate, comment: "06" });
      } else {
        order.moved[index] = newDate;
        amendments.push({ ...echo, newDate, comment: "14" });
      }
    }
  }

  private async load(): Promise<SimState> {
    try {
      return { ...emptyState(), ...(JSON.parse(await readFile(this.statePath, "utf8")) as Partial<SimState>) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return emptyState();
      throw error;
    }
  }

  private async save(state: SimState): Promise<void> {
    await mkdir(this.options.stateDir, { recursive: true });
    const temporary = `${this.statePath}.part`;
    await writeFile(temporary, JSON.stringify(state, null, 2));
    await rename(temporary, this.statePath);
  }
}

/** Bankgirot's end-of-day run in the simulator: 19:30 Swedish time. */
export function runInstant(day: IsoDate): Date {
  return new Date(swedishInstant(day, 19).getTime() + 30 * 60_000);
}
