/**
 * Writes one 80-character autogiro record from the same layout tables the
 * reader uses (record-layouts.ts), so what we write is what we read. Values
 * are given as the reader returns them: ISO dates, öre as numbers, digits and
 * text as strings; null or "" leaves an optional field blank.
 */
import type { IsoDate } from "#core/calendar/swedish-calendar";
import type { AutogiroLayout } from "#core/autogiro/autogiro-messages";
import { LAYOUTS, RECORD_LENGTH, type FieldSpec } from "./record-layouts";

export type RecordValues = Record<string, string | number | null | undefined>;

function formatField(field: FieldSpec, value: string | number | null | undefined, type: string): string {
  const blank = " ".repeat(field.length);
  const fail = (what: string): never => {
    throw new RangeError(`TK${type} ${field.name}: ${what} (${JSON.stringify(value)})`);
  };
  const fit = (text: string) => (text.length > field.length ? fail(`longer than ${field.length} characters`) : text);
  if (value === null || value === undefined || value === "") {
    if (field.kind === "number") fail("is required");
    return blank;
  }
  switch (field.kind) {
    case "digits":
    case "number":
      if (!/^\d+$/.test(String(value))) fail("must be digits");
      return fit(String(value).padStart(field.length, "0"));
    case "amount":
      if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) fail("must be whole öre");
      return fit(String(value).padStart(field.length, "0"));
    case "date":
    case "date-or-genast":
    case "echoed-date":
      if (value === "GENAST" && field.kind !== "date") return "GENAST".padEnd(field.length, " ");
      return fit(compactDate(String(value), fail));
    case "short-date":
      return fit(compactDate(String(value), fail).slice(2));
    case "text":
      return fit(String(value).padEnd(field.length, " "));
  }
}

function compactDate(value: IsoDate, fail: (what: string) => never): string {
  if (/^\d{8}$/.test(value)) return value;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) fail("must be a date YYYY-MM-DD");
  return value.replaceAll("-", "");
}

/** One record of a layout, exactly 80 characters. */
export function formatRecord(layout: AutogiroLayout, type: string, values: RecordValues): string {
  const spec = LAYOUTS[layout].records[type];
  if (!spec) throw new RangeError(`TK${type} does not exist in the ${layout} layout`);
  const chars = [...type.padEnd(RECORD_LENGTH, " ")];
  const put = (start: number, text: string) => {
    for (let i = 0; i < text.length; i++) chars[start - 1 + i] = text[i]!;
  };
  for (const literal of spec.literals ?? []) put(literal.start, literal.text);
  for (const field of spec.fields) put(field.start, formatField(field, values[field.name], type));
  return chars.join("");
}

/** Records joined as Bankgirot's files are: CRLF after every record. */
export function joinRecords(records: readonly string[]): string {
  return records.map((r) => `${r}\r\n`).join("");
}
