import crypto from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "#db/schema";
import type { Logger } from "../logger";
import type { CounterStore, WindowCount } from "./rate-limiter";

/** How often ended windows are deleted; between prunes they are merely ignored. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Counters in the `rate_limit_counters` table, shared by every instance on one
 * PostgreSQL database (decision 0029). One row per limit and key; one upsert
 * per hit inserts it with 1, raises it by one, or – when its window has ended –
 * starts a new window at 1, and reads the result back in the same statement,
 * so two instances counting at once both see the other's hit. The key is
 * stored as its SHA-256 only. Rows whose window has ended are deleted once a
 * minute by whichever instance counts next.
 */
export class DatabaseCounterStore implements CounterStore {
  private nextPrune = 0;
  /** The prune under way, if any (tests wait for it). */
  pruning: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number,
    private readonly logger?: Logger,
  ) {}

  async increment(bucket: string, key: string, now: number, windowMs: number, within?: Transaction<DB>): Promise<WindowCount> {
    this.pruneWhenDue();
    const ended = sql<boolean>`rate_limit_counters.expires_at <= excluded.window_start`;
    const row = await (within ?? this.db)
      .insertInto("rate_limit_counters")
      .values({
        bucket,
        key_hash: hashKey(key),
        window_start: new Date(now).toISOString(),
        hits: 1,
        expires_at: new Date(now + windowMs).toISOString(),
      })
      .onConflict((oc) =>
        oc.columns(["bucket", "key_hash"]).doUpdateSet({
          hits: sql<number>`case when ${ended} then 1 else rate_limit_counters.hits + 1 end`,
          window_start: sql<string>`case when ${ended} then excluded.window_start else rate_limit_counters.window_start end`,
          expires_at: sql<string>`case when ${ended} then excluded.expires_at else rate_limit_counters.expires_at end`,
        }),
      )
      .returning(["hits", "expires_at"])
      .executeTakeFirstOrThrow();
    return { count: Number(row.hits), endsAt: Date.parse(row.expires_at) };
  }

  async current(bucket: string, key: string, now: number, within?: Transaction<DB>): Promise<WindowCount | null> {
    const row = await (within ?? this.db)
      .selectFrom("rate_limit_counters")
      .select(["hits", "expires_at"])
      .where("bucket", "=", bucket)
      .where("key_hash", "=", hashKey(key))
      .where("expires_at", ">", new Date(now).toISOString())
      .executeTakeFirst();
    return row ? { count: Number(row.hits), endsAt: Date.parse(row.expires_at) } : null;
  }

  /** Deletes every row whose window has ended; answers how many. */
  async prune(): Promise<number> {
    const result = await this.db.deleteFrom("rate_limit_counters").where("expires_at", "<=", new Date(this.now()).toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private pruneWhenDue(): void {
    const now = this.now();
    if (this.pruning || now < this.nextPrune) return;
    this.nextPrune = now + PRUNE_EVERY_MS;
    // Not awaited: a visitor's request does not wait for housekeeping.
    this.pruning = this.prune()
      .then(() => undefined)
      .catch((error: unknown) => this.logger?.warn({ err: error }, "pruning rate-limit counters failed"))
      .finally(() => {
        this.pruning = null;
      });
  }
}

function hashKey(key: string): string {
  return crypto.createHash("sha256").update(key).digest("hex");
}
