/**
 * Reads any Bankgirot autogiro file – our request files and every answer file,
 * in the current and the older layout – into raw records, and refuses a broken
 * file as a whole with the line and the reason (AutogiroFileError), like the
 * BgMax import: nothing of a broken file may be acted on.
 *
 * Accepted: CRLF or LF, trailing blank lines, and records whose trailing
 * spaces an editor has trimmed (every line is padded back to 80 characters).
 */
import { isIsoDate, type IsoDate } from "#core/calendar/swedish-calendar";
import { AutogiroFileError, type AutogiroLayout, type AutogiroRawFile, type AutogiroRecord } from "#core/autogiro/autogiro-messages";
import { LAYOUTS, RECORD_LENGTH, type FieldSpec, type LayoutSpec, type RecordSpec } from "./record-layouts";

/**
 * Bankgirot's files are ISO 8859-1. A file an editor has re-saved as UTF-8 is
 * recognised (it decodes as valid UTF-8 with multi-byte characters) and read as such.
 */
export function decodeAutogiroBytes(bytes: Uint8Array): string {
  const hasHighBytes = bytes.some((b) => b >= 0x80);
  if (hasHighBytes) {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
    } catch {
      // Not UTF-8: Bankgirot's own ISO 8859-1.
    }
  }
  return new TextDecoder("latin1").decode(bytes);
}

/** Turns text into ISO 8859-1 bytes as Bankgirot expects; refuses characters outside it. */
export function encodeAutogiroText(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff) throw new AutogiroFileError(0, `Tecknet "${text[i]}" finns inte i ISO 8859-1.`);
    bytes[i] = code;
  }
  return bytes;
}

/** The lines of a file padded to 80 characters, with their 1-based numbers. */
export function recordLines(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === "") lines.pop();
  if (lines.length === 0) throw new AutogiroFileError(0, "Filen är tom.");
  return lines.map((line, index) => {
    if (line.trim() === "") throw new AutogiroFileError(index + 1, "Tom rad mitt i filen.");
    if (line.length > RECORD_LENGTH) {
      throw new AutogiroFileError(index + 1, `Posten är ${line.length} tecken lång; en autogiropost har högst 80 tecken.`);
    }
    return line.padEnd(RECORD_LENGTH, " ");
  });
}

const at = (line: string, start: number, length: number) => line.slice(start - 1, start - 1 + length);

/** Which layout a file has, from its first record. */
export function detectLayout(first: string): AutogiroLayout {
  if (first.startsWith("01BGMAX")) {
    throw new AutogiroFileError(1, "Det här är en BgMax-fil (inbetalningar), ingen autogirofil – läs in den med BgMax-importen.");
  }
  if (first.startsWith("01AUTOGIRO")) {
    if (at(first, 45, 20) === "BET. SPEC & STOPP TK") return "payment-specification";
    const name = at(first, 43, 22).trim();
    if (name === "AG-MEDAVI") return "mandate-advice";
    if (name === "AVVISADE BET UPPDR") return "rejected-requests";
    if (name === "MAKULERING/ÄNDRING") return "amendment-responses";
    throw new AutogiroFileError(1, `Okänd autogirofil: öppningsposten har filnamnet "${name}".`);
  }
  if (first.startsWith("51") && at(first, 25, 10) === "AG-EMEDGIV") return "digital-mandates";
  if (first.startsWith("01") && at(first, 11, 4) === "9900" && at(first, 25, 9) === "AG-MEDAVI") return "mandate-advice-old";
  if (first.startsWith("01") && at(first, 11, 12) === "AUTOGIRO9900") {
    const name = at(first, 23, 20).trim();
    if (name === "") return "payment-specification-old";
    if (name === "FELLISTA REG.KONTRL") return "rejected-requests-old";
    if (name === "MAK/ÄNDRINGSLISTA") return "amendment-responses-old";
    throw new AutogiroFileError(1, `Autogirofilen "${name}" stöds inte (bara medgivanden, betalningar, avvisningar och makuleringar/ändringar).`);
  }
  if (first.startsWith("01") && at(first, 11, 12) === "AUTOGIRO    ") return "request";
  throw new AutogiroFileError(1, "Ingen känd autogirofil: öppningsposten (TK01 eller TK51) saknas eller är felaktig.");
}

function readField(line: string, field: FieldSpec, lineNumber: number, type: string): string | number | null {
  const raw = at(line, field.start, field.length);
  const value = raw.trim();
  const fail = (what: string): never => {
    throw new AutogiroFileError(
      lineNumber,
      `TK${type}, ${field.name} (position ${field.start}–${field.start + field.length - 1}): ${what}, fann "${raw}".`,
    );
  };
  switch (field.kind) {
    case "text":
      return value;
    case "digits":
      if (!/^\d*$/.test(value)) fail("ska vara siffror");
      return value;
    case "number":
      if (!/^\d+$/.test(value)) fail("ska vara siffror");
      return value;
    case "amount":
      if (value === "") return null;
      if (!/^\d+$/.test(value)) fail("beloppet ska vara siffror (öre)");
      return Number(value);
    case "date":
    case "date-or-genast":
      if (value === "" || /^0+$/.test(value)) return null;
      if (field.kind === "date-or-genast" && value === "GENAST") return "GENAST";
      return toIsoDate(value, fail);
    case "echoed-date":
      if (value === "" || /^0+$/.test(value)) return null;
      if (value === "GENAST") return "GENAST";
      if (!/^\d{8}$/.test(value)) fail("ska vara ett datum ÅÅÅÅMMDD");
      return isIsoDate(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`)
        ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`
        : value;
    case "short-date":
      if (value === "" || /^0+$/.test(value)) return null;
      return toIsoDate(`20${value}`, fail);
  }
}

function toIsoDate(value: string, fail: (what: string) => never): IsoDate {
  const iso = /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : "";
  if (!isIsoDate(iso)) fail("ogiltigt datum (ÅÅÅÅMMDD)");
  return iso;
}

export function readRecord(line: string, lineNumber: number, layout: LayoutSpec): AutogiroRecord {
  const type = line.slice(0, 2);
  const spec: RecordSpec | undefined = layout.records[type];
  if (!spec) throw new AutogiroFileError(lineNumber, `Posttypen "${type}" hör inte hemma i en ${layout.title}.`);
  for (const literal of spec.literals ?? []) {
    if (at(line, literal.start, literal.text.length) !== literal.text) {
      throw new AutogiroFileError(lineNumber, `TK${type}: "${literal.text}" saknas på position ${literal.start}.`);
    }
  }
  const record: AutogiroRecord = { type, line: lineNumber };
  for (const field of spec.fields) record[field.name] = readField(line, field, lineNumber, type);
  return record;
}

/** Raw records of any autogiro file; throws AutogiroFileError for a broken file. */
export function readAutogiroFile(text: string): AutogiroRawFile {
  const lines = recordLines(text);
  const layout = detectLayout(lines[0]!);
  const spec = LAYOUTS[layout];
  const records = lines.map((line, index) => readRecord(line, index + 1, spec));
  checkStructure(layout, spec, records);
  return { layout, records };
}

// ---- Structure and totals ----------------------------------------------------------------

/** Comments on an amendment response that mean it was done: 12 cancelled, 14 and 18 date changed. */
export const AMENDMENT_SUCCESS_COMMENTS: ReadonlySet<string> = new Set(["12", "14", "18"]);

const num = (value: unknown) => (typeof value === "number" ? value : Number(value ?? 0));
const sameNumber = (a: unknown, b: unknown) => String(a ?? "").replace(/^0+/, "") === String(b ?? "").replace(/^0+/, "");

function checkStructure(layout: AutogiroLayout, spec: LayoutSpec, records: AutogiroRecord[]): void {
  const opening = records[0]!;
  if (layout === "request") return checkRequestFile(records);

  const closingType = spec.closing!;
  const closingIndex = records.findIndex((r, i) => i > 0 && r.type === closingType);
  if (closingIndex > 0 && closingIndex < records.length - 1) {
    throw new AutogiroFileError(records[closingIndex + 1]!.line, `Poster efter slutposten (TK${closingType}).`);
  }
  const last = records[records.length - 1]!;
  if (last.type !== closingType) {
    throw new AutogiroFileError(records.length + 1, `Slutposten (TK${closingType}) saknas – filen är avkortad eller ofullständig.`);
  }
  const body = records.slice(1, -1);
  for (const record of body) {
    if (record.type === opening.type || record.type === closingType) {
      throw new AutogiroFileError(record.line, `TK${record.type} får bara stå ${record.type === opening.type ? "först" : "sist"} i filen.`);
    }
    if ("bankgiro" in record && !sameNumber(record.bankgiro, opening.bankgiro)) {
      throw new AutogiroFileError(
        record.line,
        `Bankgironumret ${String(record.bankgiro)} stämmer inte med öppningspostens ${String(opening.bankgiro)}.`,
      );
    }
  }
  const closing = last;
  const check = (field: string, expected: number, what: string) => {
    if (num(closing[field]) !== expected) {
      throw new AutogiroFileError(
        closing.line,
        `Slutpostens ${what} (${num(closing[field])}) stämmer inte med filens poster (${expected}).`,
      );
    }
  };
  const ofType = (...types: string[]) => body.filter((r) => types.includes(r.type));
  const sum = (rs: AutogiroRecord[]) => rs.reduce((total, r) => total + num(r.amountOre), 0);

  switch (layout) {
    case "mandate-advice":
    case "mandate-advice-old":
      check("recordCount", ofType("73").length, "antal medgivandeposter");
      break;
    case "digital-mandates": {
      let inMandate = false;
      for (const record of body) {
        if (record.type === "52") inMandate = true;
        else if (!inMandate) throw new AutogiroFileError(record.line, `TK${record.type} måste följa ett medgivande (TK52).`);
      }
      check("recordCount", body.length, "antal poster");
      break;
    }
    case "payment-specification":
      checkPaymentSections(body);
      check("debitSections", ofType("15").length, "antal insättningar");
      check("creditSections", ofType("16").length, "antal uttag");
      check("refundSections", ofType("17").length, "antal återbetalningsavsnitt");
      check("debitCount", ofType("82").filter((r) => num(r.status) === 0).length, "antal genomförda dragningar");
      check("creditCount", ofType("32").filter((r) => num(r.status) === 0).length, "antal genomförda utbetalningar");
      check("refundCount", ofType("77").length, "antal återbetalningar");
      break;
    case "payment-specification-old":
    case "rejected-requests":
    case "rejected-requests-old":
      check("debitCount", ofType("82").length, "antal dragningar");
      check("debitAmountOre", sum(ofType("82")), "summa dragningar (öre)");
      check("creditCount", ofType("32").length, "antal utbetalningar");
      check("creditAmountOre", sum(ofType("32")), "summa utbetalningar (öre)");
      break;
    case "amendment-responses":
    case "amendment-responses-old": {
      // The totals cover the payments actually cancelled or moved, by direction.
      const done = body.filter((r) => AMENDMENT_SUCCESS_COMMENTS.has(String(r.comment)));
      const debits = done.filter((r) => r.direction === "82");
      const credits = done.filter((r) => r.direction === "32");
      check("debitCount", debits.length, "antal genomförda makuleringar/ändringar av dragningar");
      check("debitAmountOre", sum(debits), "summa för dragningar (öre)");
      check("creditCount", credits.length, "antal genomförda makuleringar/ändringar av utbetalningar");
      check("creditAmountOre", sum(credits), "summa för utbetalningar (öre)");
      break;
    }
  }
}

/** TK15/16/17 open a section; each section's count and amount cover its completed payments. */
function checkPaymentSections(body: AutogiroRecord[]): void {
  const belongs: Record<string, string> = { "82": "15", "32": "16", "77": "17" };
  let section: AutogiroRecord | null = null;
  let members: AutogiroRecord[] = [];
  const close = () => {
    if (!section) return;
    const completed = members.filter((r) => r.type === "77" || num(r.status) === 0);
    const amount = completed.reduce((t, r) => t + num(r.amountOre), 0);
    if (num(section.recordCount) !== completed.length || num(section.amountOre) !== amount) {
      throw new AutogiroFileError(
        section.line,
        `TK${section.type} anger ${num(section.recordCount)} poster på ${num(section.amountOre)} öre, men avsnittet har ${completed.length} genomförda på ${amount} öre.`,
      );
    }
  };
  for (const record of body) {
    if (record.type in belongs) {
      if (!section || belongs[record.type] !== section.type) {
        throw new AutogiroFileError(record.line, `TK${record.type} måste stå efter TK${belongs[record.type]}.`);
      }
      members.push(record);
    } else {
      close();
      section = record;
      members = [];
    }
  }
  close();
}

function checkRequestFile(records: AutogiroRecord[]): void {
  let opening: AutogiroRecord | null = null;
  for (const record of records) {
    if (record.type === "01") {
      if (opening && !sameNumber(record.customerNumber, opening.customerNumber)) {
        throw new AutogiroFileError(
          record.line,
          `Kundnumret ${String(record.customerNumber)} stämmer inte med den första öppningspostens ${String(opening.customerNumber)}.`,
        );
      }
      opening = record;
      continue;
    }
    if (!opening) throw new AutogiroFileError(record.line, "Öppningsposten (TK01) saknas.");
    if (!sameNumber(record.bankgiro, opening.bankgiro)) {
      throw new AutogiroFileError(
        record.line,
        `Bankgironumret ${String(record.bankgiro)} stämmer inte med öppningspostens ${String(opening.bankgiro)}.`,
      );
    }
  }
}
