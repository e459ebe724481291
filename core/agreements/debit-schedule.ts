import { addDays, isWorkingDay, swedishDate, type IsoDate } from "../calendar/swedish-calendar";
import { earliestDebitDate, effectiveDebitDate, isInTimeFor } from "../autogiro/autogiro-calendar";
import type { AgreementInterval } from "./agreement-status";

/**
 * When an agreement's debits happen and when each must be asked of Bankgirot
 * (protocols/README.md, Autogiro):
 * - a donor is told of a debit whose amount or date is new at least
 *   NOTICE_BANKING_DAYS banking days before it;
 * - a payment request must reach Bankgirot by 19:00 on the banking day before;
 * - a donor's cancellation must reach Bankgirot at least
 *   CANCEL_BANKING_DAYS banking days before the debit.
 *
 * Each debit is requested on its own (Bankgirot interval 0, once) exactly
 * NOTICE_BANKING_DAYS banking days before its date. Until then the debit is
 * only a date in `agreements.next_debit_on`, and a change the donor makes
 * applies to it; from then on its amount and date are fixed and a change
 * applies from the one after. So every change is told at least eight banking
 * days before the first debit it affects, and every request reaches Bankgirot
 * days before its cut-off.
 */
export const NOTICE_BANKING_DAYS = 8;
export const CANCEL_BANKING_DAYS = 5;
export const MAX_PAUSE_MONTHS = 3;

/** The banking day `count` banking days before `date`. */
export function bankingDaysBefore(date: IsoDate, count: number): IsoDate {
  let current = date;
  for (let left = count; left > 0; ) {
    current = addDays(current, -1);
    if (isWorkingDay(current)) left--;
  }
  return current;
}

/** The banking day `count` banking days after `date` (not counting `date`). */
export function bankingDaysAfter(date: IsoDate, count: number): IsoDate {
  let current = date;
  for (let left = count; left > 0; ) {
    current = addDays(current, 1);
    if (isWorkingDay(current)) left--;
  }
  return current;
}

/** The date `months` months after `date`'s month, on `day` (1–28, so every month has it). */
export function monthsLater(date: IsoDate, months: number, day: number): IsoDate {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  return `${y}-${String(m + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function nextDebitAfter(date: IsoDate, interval: AgreementInterval, day: number): IsoDate {
  return monthsLater(date, interval === "yearly" ? 12 : 1, day);
}

/** The first date on `day` of a month that is on or after `earliest`. */
export function firstOnDayFrom(earliest: IsoDate, day: number): IsoDate {
  const sameMonth = monthsLater(earliest, 0, day);
  return sameMonth >= earliest ? sameMonth : monthsLater(earliest, 1, day);
}

/**
 * The first debit of a new agreement: the donor is told of it now, so it is
 * at least NOTICE_BANKING_DAYS banking days away (which also leaves Bankgirot
 * time to approve the mandate).
 */
export function firstDebitOn(today: IsoDate, day: number): IsoDate {
  return firstOnDayFrom(bankingDaysAfter(today, NOTICE_BANKING_DAYS), day);
}

/** The day a debit is requested from Bankgirot; from then on a change applies to the next one. */
export function requestDayFor(debitOn: IsoDate): IsoDate {
  return bankingDaysBefore(debitOn, NOTICE_BANKING_DAYS);
}

/** Whether a debit on `debitOn` is due to be requested now. */
export function isDueForRequest(debitOn: IsoDate, now: Date): boolean {
  return swedishDate(now) >= requestDayFor(debitOn);
}

/** Whether a request for `debitOn` can still reach Bankgirot in time (by 19:00 the banking day before the day money moves). */
export function canStillRequest(debitOn: IsoDate, now: Date): boolean {
  return isInTimeFor(debitOn, now);
}

/** Whether a donor's cancellation made now reaches Bankgirot in time to stop a debit on `debitOn`. */
export function canStillCancel(debitOn: IsoDate, now: Date): boolean {
  return swedishDate(now) <= bankingDaysBefore(effectiveDebitDate(debitOn), CANCEL_BANKING_DAYS);
}

/**
 * The banking day Bankgirot handles a request queued now: today before the
 * 19:00 cut-off on a banking day, otherwise the next banking day (the day
 * before the earliest debit it could ask for). What a donor is told a queued
 * request reaches Bankgirot on.
 */
export function bankgirotDayOf(now: Date): IsoDate {
  return bankingDaysBefore(earliestDebitDate(now), 1);
}
