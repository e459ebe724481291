/**
 * Writes our request file to Bankgirot (betalningsmottagarens underlag):
 * one section per kind – mandates (TK03/04/05), amendments (TK23–29) and
 * payment requests (TK82/32) – each opened by its own TK01, as the manual
 * allows in one file. Every value is checked before a byte is written; a
 * request that cannot be expressed throws RangeError naming the request.
 */
import { isIsoDate } from "#core/calendar/swedish-calendar";
import type { AutogiroRequest, AutogiroRequestHeader } from "#core/autogiro/autogiro-messages";
import { formatRecord, joinRecords, type RecordValues } from "./write-records";

/** Characters Bankgirot accepts in our reference (ISO 8859-1 letters and a few marks). */
const REFERENCE = /^[A-Za-z0-9ÅÄÖåäöÉéÜü .\-/+]{0,16}$/;

export function bankgiroDigits(value: string): string {
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{7,8}$/.test(digits)) throw new RangeError(`Not a bankgiro number: ${value}`);
  return digits;
}

function check(condition: boolean, index: number, message: string): void {
  if (!condition) throw new RangeError(`Autogiro request ${index + 1}: ${message}`);
}

function payerNumber(value: string, index: number): string {
  check(/^\d{1,16}$/.test(value) && !/^0+$/.test(value), index, `payer number must be 1–16 digits, got "${value}"`);
  return value;
}

const DIRECTION = { debit: "82", credit: "32" } as const;

function requestRecord(request: AutogiroRequest, index: number, bankgiro: string): { section: 0 | 1 | 2; line: string } {
  const values: RecordValues = { bankgiro };
  switch (request.kind) {
    case "new_mandate": {
      const { account, identity } = request;
      check(/^\d{4}$/.test(account.clearing), index, "clearing number must be 4 digits");
      check(/^\d{1,12}$/.test(account.number), index, "account number must be 1–12 digits");
      const id = identity.kind === "personnummer" ? identity.value : `00${identity.value}`;
      check(
        identity.kind === "personnummer" ? /^(19|20)\d{10}$/.test(identity.value) : /^\d{10}$/.test(identity.value),
        index,
        identity.kind === "personnummer" ? "personnummer must be 12 digits YYYYMMDDNNNC" : "organisation number must be 10 digits",
      );
      Object.assign(values, {
        payerNumber: payerNumber(request.payerNumber, index),
        account: account.clearing + account.number.padStart(12, "0"),
        identity: id,
      });
      return { section: 0, line: formatRecord("request", "04", values) };
    }
    case "accept_digital_mandate":
    case "reject_digital_mandate":
      values.payerNumber = payerNumber(request.payerNumber, index);
      if (request.kind === "reject_digital_mandate") values.refusal = "AV";
      return { section: 0, line: formatRecord("request", "04", values) };
    case "cancel_mandate":
      values.payerNumber = payerNumber(request.payerNumber, index);
      return { section: 0, line: formatRecord("request", "03", values) };
    case "change_payer_number":
      Object.assign(values, {
        payerNumber: payerNumber(request.payerNumber, index),
        newBankgiro: bankgiro,
        newPayerNumber: payerNumber(request.newPayerNumber, index),
      });
      return { section: 0, line: formatRecord("request", "05", values) };
    case "payment": {
      check(request.date === "immediately" || isIsoDate(request.date), index, `date must be YYYY-MM-DD or "immediately"`);
      check(Number.isInteger(request.interval) && request.interval >= 0 && request.interval <= 8, index, "interval must be 0–8");
      const reps = request.repetitions;
      check(
        reps === null || (Number.isInteger(reps) && reps >= 1 && reps <= 999 && (request.interval !== 0 || reps === 1)),
        index,
        "repetitions must be empty (until further notice) or 1–999, and 1 for a single payment",
      );
      check(Number.isSafeInteger(request.amountOre) && request.amountOre > 0 && request.amountOre <= 999_999_999_999, index, "amount must be 1–999 999 999 999 öre");
      check(REFERENCE.test(request.reference), index, `reference must be at most 16 letters, digits or . - / +, got "${request.reference}"`);
      Object.assign(values, {
        date: request.date === "immediately" ? "GENAST" : request.date,
        interval: String(request.interval),
        repetitions: request.interval === 0 || reps === null ? "" : String(reps),
        payerNumber: payerNumber(request.payerNumber, index),
        amountOre: request.amountOre,
        reference: request.reference,
      });
      return { section: 2, line: formatRecord("request", DIRECTION[request.direction], values) };
    }
    case "cancel_payments":
    case "change_payment_date": {
      const one = request.amountOre !== undefined;
      check(!one || request.direction !== undefined, index, "an amount needs a direction (debit or credit)");
      check(request.date === undefined || isIsoDate(request.date), index, "date must be YYYY-MM-DD");
      check(request.reference === undefined || REFERENCE.test(request.reference), index, "reference must be at most 16 characters");
      check(!one || (Number.isSafeInteger(request.amountOre) && request.amountOre! > 0), index, "amount must be whole öre");
      Object.assign(values, {
        payerNumber: payerNumber(request.payerNumber, index),
        date: request.date,
        amountOre: request.amountOre,
        direction: one ? DIRECTION[request.direction!] : "",
        reference: one ? request.reference : "",
      });
      let type: string;
      if (request.kind === "cancel_payments") {
        type = request.date === undefined ? "23" : one ? "25" : "24";
        check(request.date !== undefined || !one, index, "cancelling one payment needs its date");
      } else {
        check(isIsoDate(request.newDate), index, "new date must be YYYY-MM-DD");
        values.newDate = request.newDate;
        type = one ? "29" : "28";
      }
      return { section: 1, line: formatRecord("request", type, values) };
    }
  }
}

export function writeRequestFile(header: AutogiroRequestHeader, requests: readonly AutogiroRequest[]): string {
  if (!/^\d{6}$/.test(header.customerNumber)) throw new RangeError("Bankgirot customer number must be 6 digits");
  if (!isIsoDate(header.writtenOn)) throw new RangeError("writtenOn must be YYYY-MM-DD");
  if (requests.length === 0) throw new RangeError("A request file needs at least one request");
  const bankgiro = bankgiroDigits(header.bankgiro);
  const sections: string[][] = [[], [], []];
  requests.forEach((request, index) => {
    const { section, line } = requestRecord(request, index, bankgiro);
    sections[section]!.push(line);
  });
  const opening = formatRecord("request", "01", { writtenOn: header.writtenOn, customerNumber: header.customerNumber, bankgiro });
  return joinRecords(sections.filter((lines) => lines.length > 0).flatMap((lines) => [opening, ...lines]));
}
