/**
 * RFC 4180 CSV cells and lines (comma separated; the caller joins lines with
 * CRLF), with a formula guard for spreadsheets: a cell starting with = + - @
 * would be run as a formula by Excel, so it gets a leading apostrophe.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: ReadonlyArray<string | number | null>): string {
  return values.map(csvCell).join(",");
}
