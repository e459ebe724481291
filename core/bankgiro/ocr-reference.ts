import { hasValidLuhnCheckDigit, luhnCheckDigit } from "./luhn";

/**
 * OCR references for invoices paid to our bankgiro. Bankgirot checks them
 * according to the payee's agreement; we use "hård kontroll" with a Luhn check
 * digit and, optionally, a length digit (the total length including length
 * digit and check digit, modulo 10) placed just before the check digit. The
 * length digit catches a dropped or doubled digit that Luhn alone can miss.
 */
export interface OcrOptions {
  withLengthDigit: boolean;
}

/** Bankgirot allows 2–25 digits in an OCR reference. */
export const OCR_MIN_LENGTH = 2;
export const OCR_MAX_LENGTH = 25;

export function createOcrReference(seqNumber: number | bigint, { withLengthDigit }: OcrOptions): string {
  if (typeof seqNumber === "number" && (!Number.isSafeInteger(seqNumber) || seqNumber < 0)) {
    throw new RangeError("OCR sequence number must be a non-negative safe integer");
  }
  if (typeof seqNumber === "bigint" && seqNumber < 0n) {
    throw new RangeError("OCR sequence number must be non-negative");
  }
  const base = seqNumber.toString();
  const length = base.length + (withLengthDigit ? 2 : 1);
  if (length > OCR_MAX_LENGTH) throw new RangeError(`OCR reference would be longer than ${OCR_MAX_LENGTH} digits`);
  const withLength = withLengthDigit ? base + String(length % 10) : base;
  return withLength + String(luhnCheckDigit(withLength));
}

/**
 * Validates a reference as written by a payer (spaces are tolerated because
 * people copy references from printed invoices in groups).
 */
export function isValidOcrReference(ref: string, { withLengthDigit }: OcrOptions = { withLengthDigit: false }): boolean {
  const digits = normalizeOcrReference(ref);
  const minLength = withLengthDigit ? Math.max(OCR_MIN_LENGTH, 3) : OCR_MIN_LENGTH;
  if (!/^\d+$/.test(digits) || digits.length < minLength || digits.length > OCR_MAX_LENGTH) return false;
  if (!hasValidLuhnCheckDigit(digits)) return false;
  if (withLengthDigit && Number(digits[digits.length - 2]) !== digits.length % 10) return false;
  return true;
}

export function normalizeOcrReference(ref: string): string {
  return ref.replace(/\s+/g, "");
}
