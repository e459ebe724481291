import { BGMAX_LAYOUT, RECORD_LENGTH, fieldWidth, type FieldSpec } from "./record-layout";
import type { BgMaxAddress, BgMaxEnd } from "./types";
import { swedishDateTime } from "#core/calendar/swedish-calendar";

/**
 * Writes a BgMax file from the same shape the parser returns, so that tests
 * and the demo can produce realistic files and the parser can be checked by
 * round trip. The override fields exist only to produce deliberately broken
 * files (wrong totals); leave them out for a correct file.
 */
export interface BgMaxPaymentInput {
  senderBankgiro?: string;
  reference: string;
  amountOre: number;
  /** 2 = OCR reference (the default). */
  referenceCode?: number;
  channelCode?: number;
  bgcSerialNumber?: string;
  imageMarker?: boolean;
  deductionCode?: number;
  extraReferences?: { reference: string; amountOre: number; referenceCode?: number; negative?: boolean }[];
  informationTexts?: string[];
  name?: string;
  extraName?: string;
  address?: BgMaxAddress;
  orgNumber?: string;
}

export interface BgMaxDepositInput {
  payeeBankgiro: string;
  payeePlusgiro?: string;
  currency?: string;
  account: string;
  /** YYYY-MM-DD */
  date: string;
  serialNumber: string;
  depositType?: string;
  payments: BgMaxPaymentInput[];
  deductions?: BgMaxPaymentInput[];
  totalOreOverride?: number;
  paymentCountOverride?: number;
}

export interface BgMaxFileInput {
  /** YYYYMMDDHHMMSSffffff (Swedish local time) or a Date, formatted in Europe/Stockholm. */
  timestamp: string | Date;
  test: boolean;
  deposits: BgMaxDepositInput[];
  endOverride?: Partial<BgMaxEnd>;
  /** "\r\n" is what Bankgirot's own files use on Windows; "\n" is the default. */
  lineEnding?: string;
}

export function writeBgMaxFile(input: BgMaxFileInput): string {
  const records: string[] = [];
  const counts = { paymentCount: 0, deductionCount: 0, extraReferenceCount: 0, depositCount: 0 };

  const start = BGMAX_LAYOUT["01"];
  records.push(
    record("01", [
      [start.layoutName, "BGMAX"],
      [start.version, "01"],
      [start.timestamp, typeof input.timestamp === "string" ? input.timestamp : stockholmTimestamp(input.timestamp)],
      [start.testMarker, input.test ? "T" : "P"],
    ]),
  );

  for (const deposit of input.deposits) {
    const opening = BGMAX_LAYOUT["05"];
    records.push(
      record("05", [
        [opening.payeeBankgiro, deposit.payeeBankgiro],
        ...(deposit.payeePlusgiro ? [[opening.payeePlusgiro, deposit.payeePlusgiro] as Field] : []),
        [opening.currency, deposit.currency ?? "SEK"],
      ]),
    );
    let netOre = 0;
    for (const payment of deposit.payments) {
      records.push(...paymentRecords("20", payment));
      counts.paymentCount++;
      counts.extraReferenceCount += payment.extraReferences?.length ?? 0;
      netOre += payment.amountOre;
    }
    for (const deduction of deposit.deductions ?? []) {
      records.push(...paymentRecords("21", deduction));
      counts.deductionCount++;
      counts.extraReferenceCount += deduction.extraReferences?.length ?? 0;
      netOre -= deduction.amountOre;
    }
    const d = BGMAX_LAYOUT["15"];
    records.push(
      record("15", [
        [d.account, deposit.account],
        [d.paymentDate, deposit.date.replaceAll("-", "")],
        [d.depositSerialNumber, deposit.serialNumber],
        [d.depositAmount, String(deposit.totalOreOverride ?? netOre)],
        [d.currency, deposit.currency ?? "SEK"],
        [d.paymentCount, String(deposit.paymentCountOverride ?? deposit.payments.length + (deposit.deductions?.length ?? 0))],
        [d.depositType, deposit.depositType ?? ""],
      ]),
    );
    counts.depositCount++;
  }

  const end = { ...counts, ...input.endOverride };
  const e = BGMAX_LAYOUT["70"];
  records.push(
    record("70", [
      [e.paymentCount, String(end.paymentCount)],
      [e.deductionCount, String(end.deductionCount)],
      [e.extraReferenceCount, String(end.extraReferenceCount)],
      [e.depositCount, String(end.depositCount)],
    ]),
  );
  const eol = input.lineEnding ?? "\n";
  return records.join(eol) + eol;
}

/** Bankgirot delivers ISO 8859-1; use this to write a file to disk like theirs. */
export function encodeBgMax(text: string): Buffer {
  return Buffer.from(text, "latin1");
}

type Field = [FieldSpec, string];

function paymentRecords(code: "20" | "21", p: BgMaxPaymentInput): string[] {
  const referenceCode = p.referenceCode ?? 2;
  const l = BGMAX_LAYOUT[code];
  const out = [
    record(code, [
      [l.bankgiro, p.senderBankgiro ?? ""],
      // Bankgirot's example file right-aligns OCR references and left-aligns others.
      [l.reference, referenceCode === 2 ? p.reference.padStart(fieldWidth(l.reference), " ") : p.reference],
      [l.amount, String(p.amountOre)],
      [l.referenceCode, String(referenceCode)],
      [l.channelCode, String(p.channelCode ?? 1)],
      [l.bgcSerialNumber, p.bgcSerialNumber ?? ""],
      [l.imageMarker, p.imageMarker ? "1" : "0"],
      ...(code === "21" ? [[BGMAX_LAYOUT["21"].deductionCode, String(p.deductionCode ?? 0)] as Field] : []),
    ]),
  ];
  for (const extra of p.extraReferences ?? []) {
    const x = BGMAX_LAYOUT["22"];
    out.push(
      record(extra.negative ? "23" : "22", [
        [x.bankgiro, p.senderBankgiro ?? ""],
        [x.reference, extra.reference],
        [x.amount, String(extra.amountOre)],
        [x.referenceCode, String(extra.referenceCode ?? 2)],
        [x.channelCode, String(p.channelCode ?? 1)],
        [x.bgcSerialNumber, p.bgcSerialNumber ?? ""],
        [x.imageMarker, "0"],
      ]),
    );
  }
  for (const text of p.informationTexts ?? []) out.push(record("25", [[BGMAX_LAYOUT["25"].text, truncate(text, BGMAX_LAYOUT["25"].text)]]));
  if (p.name || p.extraName) {
    const n = BGMAX_LAYOUT["26"];
    out.push(record("26", [[n.name, truncate(p.name ?? "", n.name)], [n.extraName, truncate(p.extraName ?? "", n.extraName)]]));
  }
  const a = p.address;
  if (a?.street || a?.postcode) {
    const l27 = BGMAX_LAYOUT["27"];
    out.push(record("27", [[l27.address, truncate(a.street ?? "", l27.address)], [l27.postcode, a.postcode ?? ""]]));
  }
  if (a?.town || a?.country || a?.countryCode) {
    const l28 = BGMAX_LAYOUT["28"];
    out.push(
      record("28", [
        [l28.town, truncate(a.town ?? "", l28.town)],
        [l28.country, truncate(a.country ?? "", l28.country)],
        [l28.countryCode, a.countryCode ?? ""],
      ]),
    );
  }
  if (p.orgNumber) out.push(record("29", [[BGMAX_LAYOUT["29"].orgNumber, p.orgNumber]]));
  return out;
}

function record(code: string, fields: Field[]): string {
  const chars = (code + " ".repeat(RECORD_LENGTH - 2)).split("");
  for (const [spec, value] of fields) {
    const width = fieldWidth(spec);
    let text: string;
    if (spec.kind === "N") {
      if (value !== "" && !/^\d+$/.test(value)) throw new Error(`BgMax TK${code}: "${value}" is not numeric`);
      // Empty optional numeric fields (e.g. no sender bankgiro) stay blank as in Bankgirot's files.
      text = value === "" ? " ".repeat(width) : value.padStart(width, "0");
    } else {
      text = value.padEnd(width, " ");
    }
    if (text.length > width) throw new Error(`BgMax TK${code}: "${value}" does not fit in ${width} characters`);
    chars.splice(spec.from - 1, width, ...text.split(""));
  }
  return chars.join("");
}

function truncate(text: string, spec: FieldSpec): string {
  return text.slice(0, fieldWidth(spec));
}

function stockholmTimestamp(date: Date): string {
  const micros = String(date.getUTCMilliseconds() * 1000).padStart(6, "0");
  return `${swedishDateTime(date).replace(/\D/g, "")}${micros}`;
}
