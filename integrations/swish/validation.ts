/**
 * The field rules of the Swish create call, exported so our own API can reject
 * bad input with a useful message before Swish answers with a bare error code.
 * The simulator applies the same rules, so a value that passes here passes there.
 */

/** 8–15 digits, starting with the country code, so never with a leading zero. */
const PAYER_ALIAS = /^[1-9][0-9]{7,14}$/;

/**
 * The guides write `[a-öA-Ö0-9-]`. Taken literally as a code-point range that
 * would also allow `{|}~` and Latin-1 symbols; we allow only what it is meant
 * to say (letters incl. åäö, digits, hyphen), which is a subset and so always
 * accepted by Swish.
 */
const PAYEE_PAYMENT_REFERENCE = /^[a-zA-Z0-9åäöÅÄÖ-]{1,35}$/;

/** Letters a–ö, digits, space and `:;.,?!()-"` (straight and typographic quote). */
const MESSAGE = /^[a-zA-Z0-9åäöÅÄÖ :;.,?!()\-"”]*$/;
export const MESSAGE_MAX_LENGTH = 50;

/** Decimal string with at most two decimals and no sign or exponent. */
const AMOUNT = /^(0|[1-9][0-9]*)(\.[0-9]{1,2})?$/;
export const AMOUNT_MIN_ORE = 100;
export const AMOUNT_MAX_ORE = 99_999_999_999_999;

export function isValidPayerAlias(value: string): boolean {
  return PAYER_ALIAS.test(value);
}

export function isValidPayeePaymentReference(value: string): boolean {
  return PAYEE_PAYMENT_REFERENCE.test(value);
}

export function isValidMessage(value: string): boolean {
  return value.length <= MESSAGE_MAX_LENGTH && MESSAGE.test(value);
}

/** Format only; use `amountProblem` to also check the allowed range. */
export function isValidAmountFormat(value: string): boolean {
  return AMOUNT.test(value);
}

/**
 * Why an amount string would be refused, with the Swish code for it, or null if
 * it is fine. Compared in öre so that no float rounding decides a limit.
 */
export function amountProblem(value: string): "PA02" | "AM06" | "AM02" | null {
  if (!isValidAmountFormat(value)) return "PA02";
  const ore = swishAmountToOre(value);
  if (ore < AMOUNT_MIN_ORE) return "AM06";
  if (ore > AMOUNT_MAX_ORE) return "AM02";
  return null;
}

/** Our money is integer öre; Swish wants a decimal string in SEK. */
export function oreToSwishAmount(ore: number): string {
  if (!Number.isSafeInteger(ore) || ore < 0) throw new RangeError(`Amount in öre must be a non-negative integer, got ${ore}`);
  const kronor = Math.floor(ore / 100);
  const rest = ore % 100;
  return `${kronor}.${String(rest).padStart(2, "0")}`;
}

/**
 * Reads an amount as Swish sends it back (a JSON number such as 100.5, or a
 * string in our own requests) into öre. Rounds because 0.1-style decimals are
 * not exact in binary floating point.
 */
export function swishAmountToOre(amount: number | string): number {
  if (typeof amount === "string") {
    if (!AMOUNT.test(amount)) throw new RangeError(`Not a Swish amount: ${amount}`);
    const [kronor = "0", decimals = ""] = amount.split(".");
    return Number(kronor) * 100 + Number(decimals.padEnd(2, "0"));
  }
  if (!Number.isFinite(amount)) throw new RangeError(`Not a Swish amount: ${amount}`);
  return Math.round(amount * 100);
}
