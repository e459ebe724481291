/**
 * Bankgirot's autogiro dates: banking days (Swedish working days,
 * core/calendar), the 19:00 cut-off the banking day before a debit, and the
 * dates a recurring payment request falls on. Used by the product side to
 * promise dates and by the simulator to behave as Bankgirot does.
 */
import {
  addDays,
  addWorkingDays,
  isWorkingDay,
  swedishDate,
  swedishHour,
  workingDayOnOrBefore,
  type IsoDate,
} from "../calendar/swedish-calendar";
import type { AutogiroInterval } from "./autogiro-messages";

/** Payment requests must be at Bankgirot by this hour (Swedish time) the banking day before the debit. */
export const CUT_OFF_HOUR = 19;

export const isBankingDay = isWorkingDay;

/** A payment date on a weekend or holiday is debited the next banking day. */
export function effectiveDebitDate(date: IsoDate): IsoDate {
  return addWorkingDays(date, 0);
}

/** The instant at which the given hour starts in Sweden on a date (handles summer time). */
export function swedishInstant(date: IsoDate, hour: number): Date {
  for (const offset of [1, 2]) {
    const candidate = new Date(`${date}T${String(hour - offset).padStart(2, "0")}:00:00.000Z`);
    if (swedishDate(candidate) === date && swedishHour(candidate) === hour) return candidate;
  }
  throw new RangeError(`No ${hour}:00 in Sweden on ${date}`);
}

/** The last moment a payment request for `debitDate` may reach Bankgirot: 19:00 the banking day before. */
export function latestSubmissionFor(debitDate: IsoDate): Date {
  const bankingDayBefore = workingDayOnOrBefore(addDays(effectiveDebitDate(debitDate), -1));
  return swedishInstant(bankingDayBefore, CUT_OFF_HOUR);
}

/** True when a request that reaches Bankgirot at `at` is in time for a debit on `debitDate`. */
export function isInTimeFor(debitDate: IsoDate, at: Date): boolean {
  return at.getTime() < latestSubmissionFor(debitDate).getTime();
}

/** The earliest debit date a payment request sent at `at` can have. */
export function earliestDebitDate(at: Date): IsoDate {
  const today = swedishDate(at);
  // The banking day whose 19:00 cut-off the request still makes.
  const startingDay = !isBankingDay(today) ? addWorkingDays(today, 0) : swedishHour(at) < CUT_OFF_HOUR ? today : addWorkingDays(today, 1);
  return addWorkingDays(startingDay, 1);
}

function lastDayOfMonth(year: number, month: number): IsoDate {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

const MONTHS_BETWEEN: Record<number, number> = { 1: 1, 2: 3, 3: 6, 4: 12, 5: 1, 6: 3, 7: 6, 8: 12 };

/**
 * The nominal date of the n-th payment (0-based) of a request: the same day of
 * the month every 1/3/6/12 months (interval 1–4; a day the month lacks becomes
 * its last day), or the last banking day of the month (interval 5–8).
 * Use effectiveDebitDate on the result for the day money moves.
 */
export function nthPaymentDate(first: IsoDate, interval: AutogiroInterval, n: number): IsoDate {
  if (interval === 0) {
    if (n !== 0) throw new RangeError("A single payment has only one date");
    return first;
  }
  const year = Number(first.slice(0, 4));
  const month = Number(first.slice(5, 7)) - 1 + n * MONTHS_BETWEEN[interval]!;
  const y = year + Math.floor(month / 12);
  const m = (month % 12) + 1;
  const last = lastDayOfMonth(y, m);
  if (interval >= 5) return workingDayOnOrBefore(last);
  const day = Math.min(Number(first.slice(8, 10)), Number(last.slice(8, 10)));
  return `${last.slice(0, 8)}${String(day).padStart(2, "0")}`;
}
