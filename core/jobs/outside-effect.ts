import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { Logger } from "../logger";
import type { DB } from "#db/schema";
import { completeJob, renewClaim, type JobRow } from "./job-queue";

/**
 * A job's one outside effect – an e-mail handed to the mail server – run so
 * that it happens once as far as anything can make it (decision 0025):
 *
 * 1. Just before it, the runner checks that it still owns the job (the
 *    claim's attempt number is the fence) and renews the claim. A runner whose
 *    claim ran out while it prepared (rendering, a slow database) and was
 *    taken over stops here instead of sending a second copy.
 * 2. Just after the mailer accepts, the job is marked done in one statement
 *    of its own, before anything else can fail or crash; a failing statement
 *    is tried again at once rather than failing the job (which would send
 *    again).
 *
 * What remains is the time between the mail server's acceptance and the
 * commit of that statement. It cannot be zero: the mail server and our
 * database are two systems with no transaction in common, and whichever is
 * written first, a crash before the second leaves them disagreeing. We choose
 * the order that may send twice in that instant over the one that may not
 * send at all.
 */
export class JobClaimLostError extends Error {
  constructor(readonly jobId: number) {
    super(`Job ${jobId} was claimed by another runner or is already done`);
    this.name = "JobClaimLostError";
  }
}

/** Pauses between tries of the done-mark after an accepted effect; short, because a crash meanwhile means a second copy. */
const MARK_DONE_RETRY_MS = [50, 200, 1_000];

export interface EffectDeps {
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
  /** Waits between tries of the done-mark (tests make it instant). */
  sleep?: (ms: number) => Promise<void>;
}

export async function runOutsideEffect<T>(deps: EffectDeps, job: JobRow, effect: () => Promise<T>): Promise<T> {
  if (!(await renewClaim(deps.db, deps.clock, job))) throw new JobClaimLostError(job.id);
  const result = await effect();
  await markDoneAfterEffect(deps, job);
  return result;
}

async function markDoneAfterEffect(deps: EffectDeps, job: JobRow): Promise<void> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 0; ; attempt += 1) {
    try {
      await completeJob(deps.db, deps.clock, job.id);
      return;
    } catch (error) {
      const wait = MARK_DONE_RETRY_MS[attempt];
      if (wait === undefined) {
        deps.logger.error({ err: error, jobId: job.id, type: job.type }, "job's outside effect happened but could not be recorded; a retry will repeat it");
        throw error;
      }
      deps.logger.warn({ err: error, jobId: job.id, type: job.type }, "recording a job's outside effect failed; trying again");
      await sleep(wait);
    }
  }
}
