/**
 * A small RFC 4180 reader for the recipient lists companies upload: fields
 * separated by semicolons (what Swedish Excel saves) or commas (found from
 * the header line), quoted fields with doubled quotes and line breaks inside,
 * CRLF or LF line ends, a UTF-8 byte-order mark ignored. Files that are not
 * valid UTF-8 are read as Windows-1252, which older Excel versions save.
 * A file that cannot be read as CSV is refused with a Swedish reason.
 */
export class CsvFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CsvFormatError";
  }
}

export interface CsvRow {
  /** The line the row starts on, as a spreadsheet numbers it (the header is line 1). */
  line: number;
  fields: string[];
}

export function decodeCsvBytes(bytes: Uint8Array): string {
  if (bytes.includes(0)) throw new CsvFormatError("Filen är inte en textfil. Spara listan som CSV (semikolonavgränsad) och försök igen.");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  return text.replace(/^\uFEFF/, "");
}

function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (ch: string) => firstLine.split(ch).length - 1;
  if (count(";") > 0 && count(";") >= count(",")) return ";";
  if (count(",") > 0) return ",";
  if (count("\t") > 0) return "\t";
  return ";";
}

/** All rows, the header first; rows that are wholly empty are left out. */
export function parseCsv(text: string): CsvRow[] {
  const separator = separatorOf(text);
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let rowLine = 1;
  let i = 0;
  let quoted = false;
  let fieldStarted = false;
  const endField = () => {
    fields.push(field);
    field = "";
    fieldStarted = false;
  };
  const endRow = () => {
    endField();
    if (fields.some((f) => f.trim() !== "")) rows.push({ line: rowLine, fields });
    fields = [];
  };
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        const next = text[i];
        if (next !== undefined && next !== separator && next !== "\n" && next !== "\r") {
          throw new CsvFormatError(`Rad ${line}: efter ett citerat fält måste det komma ${separator === ";" ? "semikolon" : "komma"} eller radslut.`);
        }
        continue;
      }
      if (ch === "\n") line++;
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && !fieldStarted && field === "") {
      quoted = true;
      fieldStarted = true;
      i++;
      continue;
    }
    if (ch === separator) {
      endField();
      i++;
      continue;
    }
    if (ch === "\r" || ch === "\n") {
      endRow();
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
      rowLine = line;
      continue;
    }
    if (ch === '"') throw new CsvFormatError(`Rad ${line}: ett citattecken mitt i ett fält. Omge fältet med citattecken och skriv citattecken dubbelt ("").`);
    field += ch;
    fieldStarted = true;
    i++;
  }
  if (quoted) throw new CsvFormatError(`Rad ${rowLine}: ett citattecken avslutas aldrig. Kontrollera att varje citerat fält slutar med ".`);
  endRow();
  return rows;
}
