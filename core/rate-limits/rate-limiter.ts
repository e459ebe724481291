import type { Transaction } from "kysely";
import type { DB } from "#db/schema";

/**
 * The site's one rate limiter (decision 0029). A limit is a name, a number and
 * a window: a visitor – an address, a payer's phone number, a donor – may be
 * counted `limit` times in a window that starts with their first count and
 * lasts `windowMs`; the next count after it starts a new one. Where the counts
 * live is the store's business: in memory for the single SQLite process, in
 * the database when instances share one.
 */
export interface WindowCount {
  count: number;
  /** When this key's window ends (ms). */
  endsAt: number;
}

export interface CounterStore {
  /** Counts one for `key` – in its current window, or in a new one from `now` if that has ended – and answers the new count. */
  increment(bucket: string, key: string, now: number, windowMs: number, within?: Transaction<DB>): Promise<WindowCount>;
  /** The count in `key`'s current window, or null when it has none open at `now`. */
  current(bucket: string, key: string, now: number, within?: Transaction<DB>): Promise<WindowCount | null>;
}

/** What a page action or core service needs of a limit; `within` keeps a database store inside the caller's transaction. */
export interface LimitCounter {
  /** Counts one attempt; false when the key is over its limit in its window. */
  hit(key: string, within?: Transaction<DB>): Promise<boolean>;
  /** Whether one more attempt would be allowed now, without counting it. */
  peek(key: string, within?: Transaction<DB>): Promise<boolean>;
  /** Seconds until the key's window ends (Retry-After); at least 1. */
  secondsLeft(key: string): Promise<number>;
}

export interface LimitDecision {
  allowed: boolean;
  remaining: number;
  /** Seconds until the key's window ends; at least 1. */
  secondsLeft: number;
}

/** Told the limit's name each time an attempt is refused (the server counts refusals for /metrics, decision 0043). */
export type RefusalListener = (limitName: string) => void;

export class RateLimit implements LimitCounter {
  constructor(
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly store: CounterStore,
    private readonly now: () => number,
    private readonly onRefused: RefusalListener = () => {},
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`rate limit ${name}: the limit must be a whole number of at least 1`);
    if (!Number.isInteger(windowMs) || windowMs < 1000) throw new Error(`rate limit ${name}: the window must be at least a second`);
  }

  async hit(key: string, within?: Transaction<DB>): Promise<boolean> {
    return (await this.take(key, within)).allowed;
  }

  /** Counts one attempt and says whether it is allowed, how many remain and how long the window has left. */
  async take(key: string, within?: Transaction<DB>): Promise<LimitDecision> {
    const now = this.now();
    const { count, endsAt } = await this.store.increment(this.name, key, now, this.windowMs, within);
    if (count > this.limit) this.onRefused(this.name);
    return { allowed: count <= this.limit, remaining: Math.max(0, this.limit - count), secondsLeft: seconds(endsAt - now) };
  }

  async peek(key: string, within?: Transaction<DB>): Promise<boolean> {
    const current = await this.store.current(this.name, key, this.now(), within);
    return (current?.count ?? 0) < this.limit;
  }

  async secondsLeft(key: string): Promise<number> {
    const now = this.now();
    const current = await this.store.current(this.name, key, now);
    return seconds(current ? current.endsAt - now : this.windowMs);
  }
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * Makes the site's limits over one store. Each name is one counter: routes
 * that must share a count (the payment-start routes) are given the same limit.
 */
export class RateLimiter {
  private readonly limits = new Map<string, RateLimit>();

  constructor(
    private readonly store: CounterStore,
    private readonly now: () => number,
    private readonly onRefused?: RefusalListener,
  ) {}

  /** The limit made under this name, if any (the end-to-end suite's test routes fill one up). */
  named(name: string): RateLimit | undefined {
    return this.limits.get(name);
  }

  limit(name: string, limit: number, windowMs: number): RateLimit {
    const existing = this.limits.get(name);
    if (existing) {
      if (existing.limit !== limit || existing.windowMs !== windowMs) throw new Error(`rate limit ${name} is already defined with other numbers`);
      return existing;
    }
    const created = new RateLimit(name, limit, windowMs, this.store, this.now, this.onRefused);
    this.limits.set(name, created);
    return created;
  }
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
