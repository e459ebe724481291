/**
 * Which dates of death a search may cover. Only the recently deceased are
 * searchable (MEMORIAL_SEARCH_WINDOW_DAYS, 90 by default): a memorial gift is
 * given around the funeral, and an open search over years of deaths would be a
 * register of the dead nobody asked us to keep. Dates are calendar dates in
 * Sweden (Europe/Stockholm), as a death notice prints them.
 */

import { addDays, swedishDate } from "../calendar/swedish-calendar";

export interface DeathDateFilter {
  diedFrom?: string;
  diedTo?: string;
  /** Died within the last N days (today counts as one of them). */
  withinDays?: number;
}

export interface DateRange {
  /** Inclusive, YYYY-MM-DD. */
  from: string;
  to: string;
}

/**
 * The searchable range: the window (today and the windowDays - 1 days before
 * it), narrowed by the visitor's filter. Dates outside the window are clamped
 * to it rather than refused: a date picker may well offer them. Null when
 * nothing is left (e.g. a range entirely before the window).
 */
export function deathDateRange(now: Date, windowDays: number, filter: DeathDateFilter = {}): DateRange | null {
  const today = swedishDate(now);
  let from = addDays(today, -(windowDays - 1));
  let to = today;
  if (filter.withinDays !== undefined) from = max(from, addDays(today, -(Math.min(filter.withinDays, windowDays) - 1)));
  if (filter.diedFrom) from = max(from, filter.diedFrom);
  if (filter.diedTo) to = min(to, filter.diedTo);
  return from <= to ? { from, to } : null;
}

/** True when a date of death lies in the range (YYYY-MM-DD compares as text). */
export function inRange(date: string, range: DateRange): boolean {
  return date >= range.from && date <= range.to;
}

const max = (a: string, b: string) => (a > b ? a : b);
const min = (a: string, b: string) => (a < b ? a : b);
