import type { Kysely } from "kysely";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import type { DB } from "#db/schema";
import type { Engine } from "#db/dialect";
import { pendingMigrations } from "#db/migrate";

export type Readiness = { ready: true } | { ready: false; reason: "database" | "migrations" | "jobs"; detail: string };

export interface ReadinessDeps {
  db: Kysely<DB>;
  engine: Engine;
  /** The PostgreSQL schema the tables live in (`?schema=`), if not the default. */
  schema?: string;
  clock: Clock;
  logger: Logger;
  /** When this process's job loop last finished a round; undefined where it does not run (JobRunner.lastAlive). */
  jobsLastAlive: () => number | undefined;
  /** READY_JOBS_STALE_AFTER_MS; 0 leaves the job loop out. */
  jobsStaleAfterMs: number;
}

/**
 * Whether this instance should be sent visitors (/readyz): the database
 * answers, it has run every migration this code knows (a database put back
 * from an older backup has not), and where the job loop runs here it has
 * finished a round lately – a loop stuck on a hung connection sends no
 * receipts and reconciles no payments, and a restart is what frees it.
 */
export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  let pending: string[];
  try {
    pending = await pendingMigrations(deps.db, deps.engine, deps.schema);
  } catch (error) {
    deps.logger.error({ err: error }, "readiness: the database did not answer");
    return { ready: false, reason: "database", detail: "the database did not answer" };
  }
  if (pending.length > 0) return { ready: false, reason: "migrations", detail: `migrations not run: ${pending.join(", ")}` };
  const lastAlive = deps.jobsLastAlive();
  if (deps.jobsStaleAfterMs > 0 && lastAlive !== undefined) {
    const quietMs = deps.clock.now().getTime() - lastAlive;
    if (quietMs > deps.jobsStaleAfterMs) return { ready: false, reason: "jobs", detail: `the job loop has not finished a round for ${Math.round(quietMs / 1000)} s` };
  }
  return { ready: true };
}
