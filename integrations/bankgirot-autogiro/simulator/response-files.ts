/**
 * Bankgirot's answer files in their current layouts, written from the same
 * layout tables the reader uses (../format/record-layouts.ts). The
 * simulator writes these; tests use them to build realistic answers.
 */
import type { IsoDate } from "#core/autogiro";
import { formatRecord, joinRecords } from "../format/write-records";

export interface AnswerHeader {
  writtenOn: IsoDate;
  customerNumber: string;
  /** Digits only. */
  bankgiro: string;
  /** Write Bankgirot's older layout of the file (still delivered to some payees). */
  older?: boolean;
}

const opening = (header: AnswerHeader) => ({ writtenOn: header.writtenOn, customerNumber: header.customerNumber, bankgiro: header.bankgiro });
const pad16 = (payerNumber: string) => payerNumber.padStart(16, "0");
const DIRECTION = { debit: "82", credit: "32" } as const;

export interface MandateAdviceRecord {
  payerNumber: string;
  /** Clearing (4) + account number; empty when the advice has none. */
  account: string;
  /** Personnummer (12) or 00 + organisation number; empty when none. */
  identity: string;
  info: string;
  status: string;
  date: IsoDate;
}

export function writeMandateAdvice(header: AnswerHeader, records: readonly MandateAdviceRecord[]): string {
  const layout = header.older ? "mandate-advice-old" : "mandate-advice";
  return joinRecords([
    formatRecord(layout, "01", opening(header)),
    ...records.map((r) =>
      formatRecord(layout, "73", {
        bankgiro: header.bankgiro,
        payerNumber: pad16(r.payerNumber),
        account: r.account === "" ? "" : r.account.slice(0, 4) + r.account.slice(4).padStart(12, "0"),
        identity: r.identity,
        info: r.info,
        status: r.status,
        date: r.date,
      }),
    ),
    formatRecord(layout, "09", { writtenOn: header.writtenOn, recordCount: String(records.length) }),
  ]);
}

export interface DigitalMandateRecord {
  payerNumber: string;
  account: string;
  identity: string;
  information: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
}

export function writeDigitalMandates(header: AnswerHeader, mandates: readonly DigitalMandateRecord[]): string {
  const body = mandates.flatMap((m) => [
    formatRecord("digital-mandates", "52", {
      bankgiro: header.bankgiro,
      payerNumber: pad16(m.payerNumber),
      account: m.account.slice(0, 4) + m.account.slice(4).padStart(12, "0"),
      identity: m.identity,
      reminder: "0",
    }),
    formatRecord("digital-mandates", "53", { information: m.information }),
    formatRecord("digital-mandates", "54", { addressLine1: m.name }),
    formatRecord("digital-mandates", "55", { addressLine3: m.street }),
    formatRecord("digital-mandates", "56", { postcode: m.postcode, city: m.city }),
  ]);
  return joinRecords([
    formatRecord("digital-mandates", "51", { writtenOn: header.writtenOn, bankgiro: header.bankgiro }),
    ...body,
    formatRecord("digital-mandates", "59", { writtenOn: header.writtenOn, recordCount: String(body.length) }),
  ]);
}

export interface PaymentLine {
  direction: "debit" | "credit";
  /** The banking date of the debit, or the date we asked for (rejections). */
  date: IsoDate | "GENAST";
  interval: number;
  repetitions: number | null;
  payerNumber: string;
  amountOre: number;
  reference: string;
}

export interface RejectedLine extends PaymentLine {
  comment: string;
}

export function writeRejectedRequests(header: AnswerHeader, lines: readonly RejectedLine[]): string {
  const of = (direction: "debit" | "credit") => lines.filter((l) => l.direction === direction);
  const total = (ls: readonly RejectedLine[]) => ls.reduce((sum, l) => sum + l.amountOre, 0);
  const layout = header.older ? "rejected-requests-old" : "rejected-requests";
  return joinRecords([
    formatRecord(layout, "01", opening(header)),
    ...lines.map((l) =>
      formatRecord(layout, DIRECTION[l.direction], {
        date: l.date,
        interval: String(l.interval),
        repetitions: l.repetitions === null ? "" : String(l.repetitions),
        payerNumber: pad16(l.payerNumber),
        amountOre: l.amountOre,
        reference: l.reference,
        comment: l.comment,
      }),
    ),
    formatRecord(layout, "09", {
      writtenOn: header.writtenOn,
      creditCount: String(of("credit").length),
      creditAmountOre: total(of("credit")),
      debitCount: String(of("debit").length),
      debitAmountOre: total(of("debit")),
    }),
  ]);
}

export interface AmendmentLine {
  type: string;
  date: IsoDate | null;
  payerNumber: string;
  direction: "debit" | "credit" | null;
  amountOre: number;
  newDate: IsoDate | null;
  reference: string;
  comment: string;
}

export const AMENDMENT_DONE = new Set(["12", "14", "18"]);

export function writeAmendmentResponses(header: AnswerHeader, lines: readonly AmendmentLine[]): string {
  const done = (direction: "debit" | "credit") => lines.filter((l) => l.direction === direction && AMENDMENT_DONE.has(l.comment));
  const total = (ls: readonly AmendmentLine[]) => ls.reduce((sum, l) => sum + l.amountOre, 0);
  const layout = header.older ? "amendment-responses-old" : "amendment-responses";
  return joinRecords([
    formatRecord(layout, "01", opening(header)),
    ...lines.map((l) =>
      formatRecord(layout, l.type, {
        date: l.date,
        payerNumber: l.payerNumber === "" ? "" : pad16(l.payerNumber),
        direction: l.direction === null ? "00" : DIRECTION[l.direction],
        amountOre: l.amountOre,
        newDate: l.newDate,
        reference: l.reference,
        comment: l.comment,
      }),
    ),
    formatRecord(layout, "09", {
      writtenOn: header.writtenOn,
      creditAmountOre: total(done("credit")),
      creditCount: String(done("credit").length),
      debitCount: String(done("debit").length),
      debitAmountOre: total(done("debit")),
    }),
  ]);
}

export interface SettledLine extends PaymentLine {
  /** 0 completed, 1 insufficient funds, 2 no autogiro connection / account closed, 9 renewed coverage. */
  status: string;
}

/**
 * BET. SPEC & STOPP TK: one deposit section (TK15) per debit date with all its
 * debits, one withdrawal section (TK16) per credit date; the section counts and
 * amounts cover the completed payments only, as in Bankgirot's example file.
 */
export function writePaymentSpecification(
  header: AnswerHeader & { writtenAt: string; account: string },
  lines: readonly SettledLine[],
): string {
  if (header.older) return writeOlderPaymentSpecification(header, lines);
  const records: string[] = [formatRecord("payment-specification", "01", { ...opening(header), writtenAt: header.writtenAt })];
  const sections = { debit: 0, credit: 0 };
  const completed = { debit: 0, credit: 0 };
  let serial = 0;
  for (const direction of ["debit", "credit"] as const) {
    const dates = [...new Set(lines.filter((l) => l.direction === direction).map((l) => l.date))].sort();
    for (const date of dates) {
      const members = lines.filter((l) => l.direction === direction && l.date === date);
      const done = members.filter((l) => l.status === "0");
      sections[direction]++;
      completed[direction] += done.length;
      records.push(
        formatRecord("payment-specification", direction === "debit" ? "15" : "16", {
          account: header.account,
          date,
          serialNumber: String(++serial),
          amountOre: done.reduce((sum, l) => sum + l.amountOre, 0),
          recordCount: String(done.length),
        }),
        ...members.map((l) =>
          formatRecord("payment-specification", DIRECTION[direction], {
            date: l.date,
            interval: String(l.interval),
            repetitions: l.repetitions === null ? "" : String(l.repetitions),
            payerNumber: pad16(l.payerNumber),
            amountOre: l.amountOre,
            bankgiro: header.bankgiro,
            reference: l.reference,
            status: l.status,
          }),
        ),
      );
    }
  }
  records.push(
    formatRecord("payment-specification", "09", {
      writtenOn: header.writtenOn,
      debitSections: String(sections.debit),
      debitCount: String(completed.debit),
      creditSections: String(sections.credit),
      creditCount: String(completed.credit),
      refundSections: "0",
      refundCount: "0",
    }),
  );
  return joinRecords(records);
}

/**
 * The older payment specification: no sections, a completed payment has a blank
 * status, and the closing counts and sums every payment by direction.
 */
function writeOlderPaymentSpecification(header: AnswerHeader, lines: readonly SettledLine[]): string {
  const of = (direction: "debit" | "credit") => lines.filter((l) => l.direction === direction);
  const total = (ls: readonly SettledLine[]) => ls.reduce((sum, l) => sum + l.amountOre, 0);
  const ordered = [...of("debit"), ...of("credit")];
  return joinRecords([
    formatRecord("payment-specification-old", "01", opening(header)),
    ...ordered.map((l) =>
      formatRecord("payment-specification-old", DIRECTION[l.direction], {
        date: l.date,
        interval: String(l.interval),
        repetitions: l.repetitions === null ? "" : String(l.repetitions),
        payerNumber: pad16(l.payerNumber),
        amountOre: l.amountOre,
        bankgiro: header.bankgiro,
        reference: l.reference,
        status: l.status === "0" ? "" : l.status,
      }),
    ),
    formatRecord("payment-specification-old", "09", {
      writtenOn: header.writtenOn,
      creditAmountOre: total(of("credit")),
      creditCount: String(of("credit").length),
      debitCount: String(of("debit").length),
      debitAmountOre: total(of("debit")),
    }),
  ]);
}
