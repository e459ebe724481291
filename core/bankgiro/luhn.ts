/**
 * Luhn (modulus 10) as Bankgirot uses it for OCR references: weights 2,1,2,1…
 * from the rightmost digit of the number that the check digit is appended to.
 * Kept separate from personnummer handling (that uses the `personnummer`
 * package) because OCR references are arbitrary-length digit strings.
 */
export function luhnCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error("Luhn input must be a non-empty string of digits");
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    const weighted = i % 2 === 0 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the last digit is the Luhn check digit of the digits before it. */
export function hasValidLuhnCheckDigit(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}
