/**
 * How long a simulator remembers what happened. The simulators stand in for
 * Swish and the card provider wherever the real ones are not configured –
 * the production build included – and keep every payment request and
 * transaction in memory and in their state file, rewritten whole on each
 * change. Without a bound both grew with every gift for as long as the
 * process lived (issue #19, "Memory over time"; decision 0031).
 *
 * A record still in progress is kept: the donor may yet approve it, or its
 * callback is still to be sent. One that has ended is kept long enough for a
 * tester to look it up or refund it, then forgotten – after `endedMaxAgeMs`,
 * or sooner, oldest first, once more than `maxEnded` have ended. A record
 * left open longer than `openMaxAgeMs` was abandoned (no provider keeps a
 * payment request open that long) and counts as ended.
 */
export interface Retention {
  maxEnded: number;
  endedMaxAgeMs: number;
  openMaxAgeMs: number;
}

const DAY_MS = 24 * 60 * 60_000;

export const SIMULATOR_RETENTION: Retention = { maxEnded: 5_000, endedMaxAgeMs: 7 * DAY_MS, openMaxAgeMs: DAY_MS };

export interface RecordAge {
  /** Still in progress: not final, or a callback still to send. */
  open: boolean;
  /** When the record was made (ms since epoch); NaN when unreadable, which counts as old. */
  createdAt: number;
}

/**
 * Removes from `records` what the retention says to forget, and returns how
 * many were removed. `records` iterates oldest first (a Map in the order the
 * records were made, as the stores keep them). `now` is the simulator's clock
 * (the records' dates are by it); without one only the count applies.
 */
export function forgetEnded<R>(records: Map<string, R>, ageOf: (record: R) => RecordAge, now: number | undefined, retention: Retention = SIMULATOR_RETENTION): number {
  const ended: string[] = [];
  let forgotten = 0;
  for (const [key, record] of records) {
    const { open, createdAt } = ageOf(record);
    const age = now === undefined ? 0 : Number.isFinite(createdAt) ? now - createdAt : Number.POSITIVE_INFINITY;
    if (open && age <= retention.openMaxAgeMs) continue;
    if (age > retention.endedMaxAgeMs) {
      records.delete(key);
      forgotten += 1;
    } else {
      ended.push(key);
    }
  }
  for (const key of ended.slice(0, Math.max(0, ended.length - retention.maxEnded))) {
    records.delete(key);
    forgotten += 1;
  }
  return forgotten;
}
