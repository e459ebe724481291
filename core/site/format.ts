/** 1231181189 → "123 118 11 89", the way Swish numbers are printed. */
export function formatSwishNumber(number: string): string {
  return number.replace(/^(\d{3})(\d{3})(\d{2})(\d{2})$/, "$1 $2 $3 $4");
}

// Made on first use, not when the module loads: every page's footer imports
// this module, and building a currency formatter costs tens of milliseconds
// of main thread on a phone (locale and currency data) on pages that show no
// amount at all.
let sekFormatter: Intl.NumberFormat | undefined;

let sekWithOreFormatter: Intl.NumberFormat | undefined;

/**
 * Money is integer öre everywhere; this is the one place it becomes text.
 * Whole kronor without decimals ("250 kr"); an amount with öre with both
 * decimals ("1 234,50 kr"), never one.
 */
export function formatSek(amountOre: number): string {
  if (amountOre % 100 === 0) {
    sekFormatter ??= new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK", maximumFractionDigits: 0 });
    return sekFormatter.format(amountOre / 100);
  }
  sekWithOreFormatter ??= new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK", minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return sekWithOreFormatter.format(amountOre / 100);
}

let dateFormatter: Intl.DateTimeFormat | undefined;

/** A date as Swedes write it in a letter ("15 januari 2026"), on the Swedish calendar whatever the server's zone. */
export function formatDateLong(date: Date | string): string {
  dateFormatter ??= new Intl.DateTimeFormat("sv-SE", { dateStyle: "long", timeZone: "Europe/Stockholm" });
  return dateFormatter.format(typeof date === "string" ? new Date(date) : date);
}
