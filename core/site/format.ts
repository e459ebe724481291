// Formatters are made once, on first use, not when the module loads: many
// pages import this module, and building one costs tens of
// milliseconds of main thread on a phone (locale data) on pages that show no
// amount at all. Nor per call: on the server a formatter built per amount or
// date was a tenth of a page's CPU (the research list formats 44 dates).
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const sekFormatter = once(() => new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK", maximumFractionDigits: 0 }));
const sekWithOreFormatter = once(
  () => new Intl.NumberFormat("sv-SE", { style: "currency", currency: "SEK", minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const numberFormatter = once(() => new Intl.NumberFormat("sv-SE"));
const dateFormatter = once(() => new Intl.DateTimeFormat("sv-SE", { dateStyle: "long", timeZone: "Europe/Stockholm" }));
const dateTimeFormatter = once(() => new Intl.DateTimeFormat("sv-SE", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Stockholm" }));
const calendarDateFormatters = {
  sv: once(() => new Intl.DateTimeFormat("sv-SE", { dateStyle: "long", timeZone: "UTC" })),
  en: once(() => new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" })),
};

/**
 * Money is integer öre everywhere; this is the one place it becomes text.
 * Whole kronor without decimals ("250 kr"); an amount with öre with both
 * decimals ("1 234,50 kr"), never one.
 */
export function formatSek(amountOre: number): string {
  return (amountOre % 100 === 0 ? sekFormatter() : sekWithOreFormatter()).format(amountOre / 100);
}

/** A number as Swedes group it: 12500 → "12 500" (with a no-break space). */
export function formatNumber(value: number): string {
  return numberFormatter().format(value);
}

/** A date as Swedes write it in a letter ("15 januari 2026"), on the Swedish calendar whatever the server's zone. */
export function formatDateLong(date: Date | string): string {
  return dateFormatter().format(typeof date === "string" ? new Date(date) : date);
}

/** A moment with its time, in Swedish time ("15 januari 2026 kl. 14:05"). */
export function formatDateTimeLong(date: Date | string): string {
  return dateTimeFormatter().format(typeof date === "string" ? new Date(date) : date);
}

/** A calendar date without a time ("2026-01-15", a funeral or an approval day) as "15 januari 2026", or "15 January 2026" in English. */
export function formatCalendarDate(isoDate: string, lang: "sv" | "en" = "sv"): string {
  return calendarDateFormatters[lang]().format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** "1 betalning", "3 betalningar": a number with the word in its right form (the back office said "1 betalningar"). */
export function countOf(n: number, one: string, many: string): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}
