/** 1231181189 → "123 118 11 89", the way Swish numbers are printed. */
export function formatSwishNumber(number: string): string {
  return number.replace(/^(\d{3})(\d{3})(\d{2})(\d{2})$/, "$1 $2 $3 $4");
}

const sekFormatter = new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK", maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** Money is integer öre everywhere; this is the one place it becomes text. */
export function formatSek(amountOre: number): string {
  return sekFormatter.format(amountOre / 100);
}
