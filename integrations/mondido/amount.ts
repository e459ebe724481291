/**
 * Mondido takes and returns amounts as decimal strings with two decimals
 * ("125.00"); the hash is computed over exactly that string, so formatting
 * must be identical on both sides. We keep integer öre everywhere else.
 */
export function oreToMondidoAmount(ore: number): string {
  if (!Number.isSafeInteger(ore) || ore < 0) throw new RangeError("Amount must be a non-negative integer number of öre");
  const kronor = Math.floor(ore / 100);
  const rest = ore % 100;
  return `${kronor}.${String(rest).padStart(2, "0")}`;
}

/** Parses "125.5", "125.50" or 125.5 into öre without floating-point rounding surprises. */
export function mondidoAmountToOre(amount: string | number): number {
  const text = typeof amount === "number" ? amount.toFixed(2) : amount.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not a Mondido amount: "${text}"`);
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}
