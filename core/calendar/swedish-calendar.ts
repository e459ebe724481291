/**
 * Swedish working days: Monday to Friday except public holidays (allmänna
 * helgdagar, lag 1989:253) and the eves that banks, Bankgirot and PostNord
 * also treat as closed (midsommarafton, julafton, nyårsafton). Dates are
 * calendar dates in Sweden, written YYYY-MM-DD, so that no time zone can move
 * a day; `swedishDate` turns an instant into one.
 */
export type IsoDate = string;

const stockholmDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Stockholm", year: "numeric", month: "2-digit", day: "2-digit" });
const stockholmHour = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Stockholm", hour: "2-digit", hourCycle: "h23" });

/** The date in Sweden at an instant (00:30 on 1 January Swedish time is already the new year). */
export function swedishDate(instant: Date): IsoDate {
  return stockholmDate.format(instant);
}

const stockholmDateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Stockholm",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** Date and time in Sweden at an instant, to the second, without zone: YYYY-MM-DDTHH:MM:SS (as Swedish authorities' files want it). */
export function swedishDateTime(instant: Date): string {
  const parts = stockholmDateTime.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}:${part("second")}`;
}

/** The hour (0–23) in Sweden at an instant. */
export function swedishHour(instant: Date): number {
  return Number(stockholmHour.format(instant));
}

export function isIsoDate(value: string): value is IsoDate {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function utc(date: IsoDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

function iso(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

/** Days since 1970-01-01 of a date. */
export function dayNumber(date: IsoDate): number {
  return Math.round(utc(date).getTime() / 86_400_000);
}

export function dateOfDayNumber(day: number): IsoDate {
  return iso(new Date(day * 86_400_000));
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);
}

/** Easter Sunday (the anonymous Gregorian algorithm). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The first date from `from` (inclusive) that falls on `weekday` (0 = Sunday … 6 = Saturday). */
function firstWeekdayFrom(from: IsoDate, weekday: number): IsoDate {
  const offset = (weekday - utc(from).getUTCDay() + 7) % 7;
  return addDays(from, offset);
}

/** Every date in a year that is not a working day although it is not a weekend, with its Swedish name. */
export function closedDays(year: number): ReadonlyMap<IsoDate, string> {
  const cached = closedDaysCache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const midsummerDay = firstWeekdayFrom(`${year}-06-20`, 6);
  const days = new Map<IsoDate, string>([
    [`${year}-01-01`, "nyårsdagen"],
    [`${year}-01-06`, "trettondedag jul"],
    [addDays(easter, -2), "långfredagen"],
    [easter, "påskdagen"],
    [addDays(easter, 1), "annandag påsk"],
    [`${year}-05-01`, "första maj"],
    [addDays(easter, 39), "Kristi himmelsfärdsdag"],
    [addDays(easter, 49), "pingstdagen"],
    [`${year}-06-06`, "Sveriges nationaldag"],
    [addDays(midsummerDay, -1), "midsommarafton"],
    [midsummerDay, "midsommardagen"],
    [firstWeekdayFrom(`${year}-10-31`, 6), "alla helgons dag"],
    [`${year}-12-24`, "julafton"],
    [`${year}-12-25`, "juldagen"],
    [`${year}-12-26`, "annandag jul"],
    [`${year}-12-31`, "nyårsafton"],
  ]);
  closedDaysCache.set(year, days);
  return days;
}
const closedDaysCache = new Map<number, ReadonlyMap<IsoDate, string>>();

export function isWorkingDay(date: IsoDate): boolean {
  const weekday = utc(date).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !closedDays(Number(date.slice(0, 4))).has(date);
}

/** The working day `count` working days after `date` (0: `date` itself if it is one, else the next). */
export function addWorkingDays(date: IsoDate, count: number): IsoDate {
  let current = date;
  while (!isWorkingDay(current)) current = addDays(current, 1);
  for (let left = count; left > 0; ) {
    current = addDays(current, 1);
    if (isWorkingDay(current)) left--;
  }
  return current;
}

/** The last working day on or before `date`. */
export function workingDayOnOrBefore(date: IsoDate): IsoDate {
  let current = date;
  while (!isWorkingDay(current)) current = addDays(current, -1);
  return current;
}
