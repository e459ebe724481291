import type { Kysely } from "kysely";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import type { DB } from "#db/schema";
import type { Engine } from "#db/dialect";
import { RateLimiter, type RefusalListener } from "#core/rate-limits/rate-limiter";
import { MemoryCounterStore } from "#core/rate-limits/memory-counter-store";
import { DatabaseCounterStore } from "#core/rate-limits/database-counter-store";

/**
 * The site's one rate limiter over the store its database calls for (decision
 * 0029): PostgreSQL is how several instances share state, so there the counts
 * live in the database and a limit holds across every instance; the default
 * SQLite database is one process's, so its counts stay in that process's
 * (bounded) memory and no request writes to the database only to count.
 */
export function buildRateLimiter(deps: { db: Kysely<DB>; engine: Engine; clock: Clock; logger: Logger; onRefused?: RefusalListener }): RateLimiter {
  const now = () => deps.clock.now().getTime();
  const store = deps.engine === "postgres" ? new DatabaseCounterStore(deps.db, now, deps.logger) : new MemoryCounterStore(now);
  return new RateLimiter(store, now, deps.onRefused);
}
