import type { Kysely, Transaction } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import { forUpdateSkipLocked, type Engine } from "#db/dialect";

/**
 * Background work as rows in the same database (an outbox): a job is inserted
 * in the same transaction as the state change that causes it, so a receipt is
 * never promised without the gift being paid, nor lost if the process dies
 * right after the commit. Any instance may claim due jobs; on PostgreSQL
 * `FOR UPDATE SKIP LOCKED` lets several instances claim different rows at once.
 */
export interface JobRow {
  id: number;
  type: string;
  payload: unknown;
  attempts: number;
}

/**
 * How long a claim holds a job. A handler must finish its outside effect
 * within it (the mailer's timeouts are shorter), or another runner may take
 * the job over and repeat it.
 */
export const LOCK_MS = 60_000;
/** After this many attempts a job stays failed for a person to look at. */
export const MAX_JOB_ATTEMPTS = 8;

export async function enqueueJob(
  db: Kysely<DB> | Transaction<DB>,
  clock: Clock,
  job: { type: string; payload: unknown; dedupeKey?: string; runAt?: Date },
): Promise<void> {
  const now = clock.now().toISOString();
  await db
    .insertInto("jobs")
    .values({
      type: job.type,
      payload: JSON.stringify(job.payload),
      dedupe_key: job.dedupeKey ?? null,
      run_at: (job.runAt ?? clock.now()).toISOString(),
      attempts: 0,
      locked_until: null,
      done_at: null,
      last_error: null,
      created_at: now,
    })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .execute();
}

export async function claimDueJobs(db: Kysely<DB>, engine: Engine, clock: Clock, limit: number): Promise<JobRow[]> {
  const now = clock.now();
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("jobs")
      .select(["id", "type", "payload", "attempts"])
      .where("done_at", "is", null)
      .where("run_at", "<=", nowIso)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]))
      .orderBy("run_at")
      .limit(limit)
      .modifyEnd(forUpdateSkipLocked(engine))
      .execute();
    if (due.length === 0) return [];
    await trx
      .updateTable("jobs")
      .set((eb) => ({ locked_until: new Date(now.getTime() + LOCK_MS).toISOString(), attempts: eb("attempts", "+", 1) }))
      .where(
        "id",
        "in",
        due.map((d) => d.id),
      )
      .execute();
    return due.map((d) => ({ id: d.id, type: d.type, payload: JSON.parse(d.payload) as unknown, attempts: d.attempts + 1 }));
  });
}

export async function completeJob(db: Kysely<DB>, clock: Clock, id: number): Promise<void> {
  await db.updateTable("jobs").set({ done_at: clock.now().toISOString(), locked_until: null }).where("id", "=", id).where("done_at", "is", null).execute();
}

/**
 * Renews this runner's claim on a job if it still holds it: the job is not
 * done and nobody has claimed it since (each claim counts an attempt, so the
 * attempt number is the fence). False when the claim was lost.
 */
export async function renewClaim(db: Kysely<DB>, clock: Clock, job: Pick<JobRow, "id" | "attempts">): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({ locked_until: new Date(clock.now().getTime() + LOCK_MS).toISOString() })
    .where("id", "=", job.id)
    .where("attempts", "=", job.attempts)
    .where("done_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Retries with exponential back-off; after the last attempt the job stays
 * failed for a person to look at. Only while this runner still holds the job
 * (the attempt number is the fence): a runner whose claim ran out and was
 * taken over must not unlock, reschedule or fail the job the new holder runs.
 */
export async function failJob(db: Kysely<DB>, clock: Clock, job: JobRow, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const delayMs = Math.min(2 ** job.attempts * 5_000, 3_600_000);
  const giveUp = job.attempts >= MAX_JOB_ATTEMPTS;
  await db
    .updateTable("jobs")
    .set({
      last_error: message.slice(0, 1000),
      locked_until: null,
      run_at: new Date(clock.now().getTime() + delayMs).toISOString(),
      ...(giveUp ? { done_at: "failed" } : {}),
    })
    .where("id", "=", job.id)
    .where("attempts", "=", job.attempts)
    .where("done_at", "is", null)
    .execute();
}
