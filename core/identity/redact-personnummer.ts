/**
 * Log redaction for identity numbers. The logger runs every string through
 * this, so it errs on the side of hiding: anything shaped like a personnummer
 * is replaced, whether or not its check digit is right (a mistyped number is
 * still personal data). Requiring a plausible month and day (day + 60 for a
 * samordningsnummer) keeps ordinary 10-digit numbers, such as Unix timestamps,
 * readable.
 */
export const REDACTED_PERSONNUMMER = "[personnummer]";

const PERSONNUMMER_LIKE =
  /(?<!\d)(?:(?:18|19|20)\d{2}|\d{2})(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01]|6[1-9]|[78]\d|9[01])[-+ ]?\d{4}(?!\d)/g;

/**
 * Identifiers made of hexadecimal digits (UUIDs, hashes, request ids) often
 * hold ten or twelve decimal digits in a row: the UUID
 * 924f7553-0a8a-4070-bdee-8d3407909824 ends in 3407909824. They are never a
 * personnummer, and hiding part of one makes an audit entry point nowhere, so
 * they are left whole.
 */
const HEX_IDENTIFIER = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?<![0-9a-z])(?=[0-9]*[a-f])[0-9a-f]{16,}(?![0-9a-z])/gi;

export function redactPersonnummer(text: string): string {
  let out = "";
  let from = 0;
  for (const identifier of text.matchAll(HEX_IDENTIFIER)) {
    out += text.slice(from, identifier.index).replace(PERSONNUMMER_LIKE, REDACTED_PERSONNUMMER) + identifier[0];
    from = identifier.index + identifier[0].length;
  }
  return out + text.slice(from).replace(PERSONNUMMER_LIKE, REDACTED_PERSONNUMMER);
}

/**
 * Redacts every string (and every number that prints as a personnummer) in a
 * log object, without changing the caller's object. Plain objects and arrays
 * are walked; other values (Dates, Buffers, errors' prototypes) are kept as is,
 * except that an Error's message and stack are redacted.
 */
export function redactPersonnummerDeep<T>(value: T): T {
  return walk(value, new WeakSet()) as T;
}

function walk(value: unknown, seen: WeakSet<object>): unknown {
  if (typeof value === "string") return redactPersonnummer(value);
  if (typeof value === "number" || typeof value === "bigint") {
    const text = String(value);
    return redactPersonnummer(text) === text ? value : REDACTED_PERSONNUMMER;
  }
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value)) return value;
  seen.add(value);

  if (Array.isArray(value)) return value.map((item) => walk(item, seen));
  if (value instanceof Error) {
    const copy = new Error(redactPersonnummer(value.message));
    copy.name = value.name;
    copy.stack = value.stack === undefined ? undefined : redactPersonnummer(value.stack);
    return copy;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;

  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = walk(item, seen);
  return out;
}
