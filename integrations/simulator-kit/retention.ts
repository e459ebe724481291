import type { Clock } from "#core/clock";

/**
 * How long a simulator remembers what happened. The simulators stand in for
 * Swish and the card provider wherever the real ones are not configured –
 * the production build included – and keep every payment request and
 * transaction in memory and in their state file. Without a bound both grew
 * with every gift for as long as the process lived (issue #19, "Memory over
 * time"; decision 0031).
 *
 * A record still in progress is kept: the donor may yet approve it, or its
 * callback is still to be sent. One that has ended is kept long enough for a
 * tester to look it up or refund it, then forgotten – after `endedMaxAgeMs`,
 * or sooner, oldest first, once more than `maxEnded` have ended. A record
 * left open longer than `openMaxAgeMs` was abandoned (no provider keeps a
 * payment request open that long) and counts as ended. The bound is looked
 * at as records are put (`retentionOnPut`), not by a timer.
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
 * The keys in `records` that the retention says to forget. `records` iterates
 * oldest first (a Map's entries in the order the records were made, as the
 * stores keep them). `now` is the simulator's clock (the records' dates are
 * by it); without one only the count applies.
 */
export function endedToForget<R>(records: Iterable<readonly [string, R]>, ageOf: (record: R) => RecordAge, now: number | undefined, retention: Retention = SIMULATOR_RETENTION): string[] {
  const ended: string[] = [];
  const forgotten: string[] = [];
  for (const [key, record] of records) {
    const { open, createdAt } = ageOf(record);
    const age = now === undefined ? 0 : Number.isFinite(createdAt) ? now - createdAt : Number.POSITIVE_INFINITY;
    if (open && age <= retention.openMaxAgeMs) continue;
    if (age > retention.endedMaxAgeMs) forgotten.push(key);
    else ended.push(key);
  }
  return [...forgotten, ...ended.slice(0, Math.max(0, ended.length - retention.maxEnded))];
}

/**
 * The retention as a file store applies it when a record is put: the keys to
 * forget once `records` holds `record` under `key`. Looking at every record
 * costs a few microseconds a record, so with the default bound it looks only
 * on every hundredth of `maxEnded` puts (every 50th) – the bound is then
 * passed by at most that many records – instead of on every payment.
 */
export function retentionOnPut<R>(
  ageOf: (record: R) => RecordAge,
  options: { clock?: Clock; retention?: Retention } = {},
): (records: ReadonlyMap<string, R>, key: string, record: R) => string[] {
  const retention = options.retention ?? SIMULATOR_RETENTION;
  const every = Math.max(1, Math.floor(retention.maxEnded / 100));
  let puts = 0;
  return (records, key, record) => {
    puts += 1;
    if (puts % every !== 0) return [];
    return endedToForget(withRecord(records, key, record), ageOf, options.clock?.now().getTime(), retention);
  };
}

/** The entries of `records` as they are once `key` holds `record`: in its place if there, else last, as Map.set would put it. */
function* withRecord<R>(records: ReadonlyMap<string, R>, key: string, record: R): Iterable<readonly [string, R]> {
  for (const entry of records) yield entry[0] === key ? [key, record] : entry;
  if (!records.has(key)) yield [key, record];
}
