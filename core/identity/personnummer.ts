import Personnummer from "personnummer";
import { systemClock } from "../clock";
import { swedishDate } from "../calendar/swedish-calendar";

/**
 * A Swedish personal identity number (personnummer) or coordination number
 * (samordningsnummer), parsed and checked. `canonical` is the only form we
 * store, send to BankID (`requirement.personalNumber`) and report to
 * Skatteverket (KU65): 12 digits, no separator.
 */
export interface ParsedPersonnummer {
  /** YYYYMMDDNNNC, as BankID and Skatteverket want it. */
  canonical: string;
  /** ISO date (YYYY-MM-DD); for a samordningsnummer the real day, not day + 60. */
  birthDate: string;
  isSamordningsnummer: boolean;
  /** Safe to show on a page or in a receipt: YYYYMMDD-****. */
  masked: string;
}

export interface ParseOptions {
  /**
   * "Now" decides the century of a 10-digit number and rejects birth dates in
   * the future. Pass `clock.now()` so tests can move time.
   */
  now?: Date;
}

// Whitespace is removed first, so "811228 9874" and "19811228 - 9874" work too.
const SHAPE = /^(\d{2})?(\d{2})(\d{2})(\d{2})([-+]?)(\d{4})$/;

/**
 * Parses what a donor typed. Returns null for anything that is not a valid
 * personnummer or samordningsnummer (wrong shape, impossible date, future
 * date, wrong check digit). The check digit and date rules come from the
 * `personnummer` package; this function only decides the century, because
 * the package would read the machine's clock instead of ours.
 */
export function parsePersonnummer(input: string, options: ParseOptions = {}): ParsedPersonnummer | null {
  const now = options.now ?? systemClock.now();
  const match = SHAPE.exec(input.replace(/\s+/g, ""));
  if (!match) return null;
  const [, century, yy = "", mm = "", dd = "", separator = "", tail = ""] = match;

  const fullYear = century ? century + yy : inferFullYear(yy, mm, dd, separator === "+", now);
  if (fullYear === null) return null;
  const twelveDigits = `${fullYear}${mm}${dd}${tail}`;

  let parsed: Personnummer;
  try {
    parsed = Personnummer.parse(twelveDigits, { allowCoordinationNumber: true, allowInterimNumber: false });
  } catch {
    return null;
  }

  const isSamordningsnummer = parsed.isCoordinationNumber();
  const realDay = isSamordningsnummer ? Number(dd) - 60 : Number(dd);
  const birthDate = `${fullYear}-${mm}-${String(realDay).padStart(2, "0")}`;
  if (birthDate > swedishDate(now)) return null;

  const canonical = parsed.format(true);
  return { canonical, birthDate, isSamordningsnummer, masked: maskPersonnummer(canonical) };
}

export function isValidPersonnummer(input: string, options: ParseOptions = {}): boolean {
  return parsePersonnummer(input, options) !== null;
}

/** The 12-digit form, or null when the input is not valid. */
export function normalisePersonnummer(input: string, options: ParseOptions = {}): string | null {
  return parsePersonnummer(input, options)?.canonical ?? null;
}

/** YYYYMMDD-**** from a canonical 12-digit number; hides the part that identifies the person. */
export function maskPersonnummer(canonical: string): string {
  return `${canonical.slice(0, 8)}-****`;
}

/**
 * A 10-digit number has no century. Skatteverket's rule: "-" means the person
 * is under 100, "+" means 100 or older. So take the latest year ending in YY
 * whose date is not after today, and go back a further century for "+".
 */
function inferFullYear(yy: string, mm: string, dd: string, hundredOrOlder: boolean, now: Date): string | null {
  const today = swedishDate(now);
  const currentYear = Number(today.slice(0, 4));
  const day = Number(dd) > 60 ? Number(dd) - 60 : Number(dd);
  const monthDay = `${mm}-${String(day).padStart(2, "0")}`;

  let year = currentYear - ((currentYear - Number(yy)) % 100 + 100) % 100;
  if (`${year}-${monthDay}` > today) year -= 100;
  if (hundredOrOlder) year -= 100;
  return year >= 1800 ? String(year) : null;
}
