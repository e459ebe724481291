/**
 * Turns Bankgirot's answer files into AutogiroEvents: what happened to which
 * mandate and which payment, with Bankgirot's code and its Swedish reason.
 * The whole file is read and checked first (readAutogiroFile), so a broken
 * file yields no events at all.
 */
import { isIsoDate, type IsoDate } from "#core/calendar/swedish-calendar";
import {
  AMENDMENT_COMMENT,
  AMENDMENT_TYPE,
  MANDATE_APPROVED,
  MANDATE_CANCELLED,
  MANDATE_INFO,
  MANDATE_STATUS,
  MANDATE_STOP_LIFTED,
  MANDATE_STOPPED,
  PAYMENT_STATUS,
  REFUND_STATUS,
  REJECTION_COMMENT,
  reasonFor,
} from "./autogiro-codes";
import {
  AutogiroFileError,
  type AutogiroBankAccount,
  type AutogiroEvent,
  type AutogiroEventBase,
  type AutogiroInterpretedFile,
  type AutogiroInterval,
  type AutogiroRecord,
} from "#core/autogiro/autogiro-messages";
import { AMENDMENT_SUCCESS_COMMENTS, readAutogiroFile } from "./read-autogiro-file";

const str = (value: unknown): string => (value === null || value === undefined ? "" : String(value));

/** Digits without the zero-fill ("0000000000000101" → "101"; all zeros → "0"; blank → ""). */
export function withoutZeroFill(value: unknown): string {
  const digits = str(value).trim();
  return digits === "" ? "" : digits.replace(/^0+(?=\d)/, "");
}

/** The 16-digit account field: clearing number (4) + account number (12, zero-filled). */
export function accountFromField(value: unknown): AutogiroBankAccount | null {
  const digits = str(value);
  if (digits === "" || /^0+$/.test(digits)) return null;
  const padded = digits.padStart(16, "0");
  return { clearing: padded.slice(0, 4), number: withoutZeroFill(padded.slice(4)) };
}

/** 12-digit identity field: personnummer YYYYMMDDNNNC, or 00 + organisation number. */
export function identityFromField(value: unknown): string | null {
  const digits = str(value);
  if (digits === "" || /^0+$/.test(digits)) return null;
  return digits.startsWith("00") ? digits.slice(2) : digits;
}

/**
 * Whether a reference Bankgirot echoes is the one we sent. Bankgirot's answer
 * files may zero-fill the 16-character field on either side (its example
 * payment specification has "000000RIDLEKTION" for "RIDLEKTION"), so compare
 * with the fill taken into account rather than as plain strings.
 */
export function referencesMatch(sent: string, echoed: string | null): boolean {
  const ours = sent.trim();
  if (echoed === null) return ours === "";
  const theirs = echoed.trim();
  if (theirs === ours) return true;
  return theirs.length === 16 && (theirs === ours.padStart(16, "0") || theirs === ours.padEnd(16, "0"));
}

function interval(value: unknown): AutogiroInterval | null {
  const digits = str(value);
  if (digits === "") return null;
  const code = Number(digits);
  return code >= 0 && code <= 8 ? (code as AutogiroInterval) : null;
}

function repetitions(value: unknown): number | null {
  const digits = str(value);
  return digits === "" ? null : Number(digits);
}

function direction(code: unknown): "debit" | "credit" | null {
  if (code === "82") return "debit";
  if (code === "32") return "credit";
  return null;
}

export function interpretAutogiroFile(text: string): AutogiroInterpretedFile {
  const { layout, records } = readAutogiroFile(text);
  if (layout === "request") {
    throw new AutogiroFileError(1, "Det här är en begäran till Bankgirot, inte ett svar från Bankgirot – den har inga händelser att läsa in.");
  }
  const opening = records[0]!;
  const writtenOn = str(opening.writtenOn);
  const validDate = (value: unknown): IsoDate => (isIsoDate(str(value)) ? str(value) : writtenOn);
  const base = (record: AutogiroRecord, date: unknown): AutogiroEventBase => ({
    payerNumber: withoutZeroFill(record.payerNumber),
    reference: /^0*$/.test(str(record.reference)) ? null : str(record.reference),
    amountOre: typeof record.amountOre === "number" ? record.amountOre : null,
    bankingDate: validDate(date),
    line: record.line,
  });

  const events: AutogiroEvent[] = [];
  // The digital mandate being assembled from TK52 and its TK53–56.
  let digital: Extract<AutogiroEvent, { kind: "digital_mandate_received" }> | null = null;

  for (const record of records.slice(1, -1)) {
    switch (`${layout}:${record.type}`) {
      case "mandate-advice:73":
      case "mandate-advice-old:73": {
        const status = reasonFor(MANDATE_STATUS, str(record.status));
        const info = reasonFor(MANDATE_INFO, str(record.info));
        const common = { ...base(record, record.date), reference: null, amountOre: null };
        if (status.code === MANDATE_APPROVED) {
          events.push({
            ...common,
            kind: "mandate_approved",
            account: accountFromField(record.account),
            identity: identityFromField(record.identity),
            info,
          });
        } else if (MANDATE_CANCELLED.has(status.code)) {
          const byPayer = status.code === "02" || info.code === "46" || info.code === "93";
          events.push({ ...common, kind: "mandate_cancelled", status, info, byPayer });
        } else if (status.code === MANDATE_STOPPED || status.code === MANDATE_STOP_LIFTED) {
          events.push({ ...common, kind: status.code === MANDATE_STOPPED ? "mandate_stopped" : "mandate_stop_lifted", status, info });
        } else {
          events.push({ ...common, kind: "mandate_refused", status, info });
        }
        break;
      }
      case "digital-mandates:52":
        digital = {
          ...base(record, writtenOn),
          reference: null,
          amountOre: null,
          kind: "digital_mandate_received",
          account: accountFromField(record.account),
          identity: identityFromField(record.identity),
          reminder: Number(record.reminder),
          information: null,
          address: null,
        };
        events.push(digital);
        break;
      case "digital-mandates:53":
        digital!.information = str(record.information) || null;
        break;
      case "digital-mandates:54":
      case "digital-mandates:55": {
        const address = (digital!.address ??= { lines: [], postcode: null, city: null });
        const first = record.type === "54" ? record.addressLine1 : record.addressLine3;
        const second = record.type === "54" ? record.addressLine2 : record.addressLine4;
        for (const line of [first, second]) if (str(line) !== "") address.lines.push(str(line));
        break;
      }
      case "digital-mandates:56": {
        const address = (digital!.address ??= { lines: [], postcode: null, city: null });
        address.postcode = str(record.postcode) || null;
        address.city = str(record.city) || null;
        break;
      }
      case "payment-specification:82":
      case "payment-specification:32":
      case "payment-specification-old:82":
      case "payment-specification-old:32": {
        const code = str(record.status) === "" ? "0" : str(record.status);
        const common = {
          ...base(record, record.date),
          direction: direction(record.type)!,
          interval: interval(record.interval),
          repetitions: repetitions(record.repetitions),
        };
        if (code === "0") events.push({ ...common, kind: "payment_completed" });
        else events.push({ ...common, kind: "payment_failed", status: reasonFor(PAYMENT_STATUS, code), willRetry: code === "9" });
        break;
      }
      case "payment-specification:77":
        events.push({
          ...base(record, record.date),
          kind: "payment_refunded",
          refundDate: validDate(record.refundDate),
          status: reasonFor(REFUND_STATUS, str(record.status)),
        });
        break;
      case "rejected-requests:82":
      case "rejected-requests:32":
      case "rejected-requests-old:82":
      case "rejected-requests-old:32":
        events.push({
          ...base(record, record.date),
          kind: "request_rejected",
          status: reasonFor(REJECTION_COMMENT, str(record.comment)),
          request: {
            direction: direction(record.type)!,
            date: record.date === "GENAST" ? "immediately" : str(record.date),
            interval: interval(record.interval),
            repetitions: repetitions(record.repetitions),
          },
        });
        break;
      default:
        if (layout === "amendment-responses" || layout === "amendment-responses-old") {
          const comment = str(record.comment);
          events.push({
            ...base(record, record.date),
            kind: "amendment_result",
            succeeded: AMENDMENT_SUCCESS_COMMENTS.has(comment),
            type: reasonFor(AMENDMENT_TYPE, record.type),
            status: reasonFor(AMENDMENT_COMMENT, comment),
            direction: direction(record.direction),
            newDate: isIsoDate(str(record.newDate)) ? str(record.newDate) : null,
          });
        }
      // Section records of the payment specification (TK15/16/17) carry totals only.
    }
  }
  return { layout, writtenOn, bankgiro: withoutZeroFill(opening.bankgiro), events };
}
