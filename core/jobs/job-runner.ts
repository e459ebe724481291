import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { Logger } from "../logger";
import type { DB } from "#db/schema";
import type { Engine } from "#db/dialect";
import { claimDueJobs, completeJob, failJob, MAX_JOB_ATTEMPTS, type JobRow } from "./job-queue";
import { JobClaimLostError, runOutsideEffect } from "./outside-effect";

/** Which attempt this is; on the last one a handler may record the failure on what it was working on before it throws. */
export interface JobAttempt {
  attempt: number;
  lastAttempt: boolean;
  /**
   * Runs the job's one outside effect (sending its e-mail): only while this
   * runner still holds the job, and the job is marked done in its own
   * statement the moment the effect returns, so a crash or an error after it
   * does not repeat it (core/jobs/outside-effect.ts, decision 0025). Call it
   * once, last; what follows it is not retried.
   */
  outsideEffect<T>(effect: () => Promise<T>): Promise<T>;
}

/** How many jobs one round of the loop runs, one claim at a time. */
const JOBS_PER_ROUND = 10;

/** Work the job loop does every `everyMs` (sweeps, reconciliation); a failure is logged and the next round tries again. */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

export type JobHandler = (payload: unknown, attempt: JobAttempt) => Promise<void>;

export interface JobRunnerDeps {
  db: Kysely<DB>;
  engine: Engine;
  clock: Clock;
  logger: Logger;
  handlers: Record<string, JobHandler>;
  /** Periodic work that is not a queued job, e.g. payment reconciliation. */
  periodic?: PeriodicTask[];
  /** Waits between tries of recording an outside effect (tests make it instant). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Claims and runs due jobs; the same loop runs the periodic tasks. `runOnce`
 * exists so tests (and the restart path) can drive it without timers.
 */
export class JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private inFlight: Promise<unknown> = Promise.resolve();
  private readonly lastRun = new Map<string, number>();
  private startedAt: number | undefined;
  private lastRoundAt: number | undefined;

  constructor(private readonly deps: JobRunnerDeps) {}

  /**
   * When the background loop last finished a round (clock ms), or when it was
   * started if it has not finished one yet; undefined when the loop does not
   * run in this process. /readyz reads it to tell a stuck loop (server/readiness.ts).
   */
  get lastAlive(): number | undefined {
    return this.timer ? (this.lastRoundAt ?? this.startedAt) : undefined;
  }

  /**
   * Runs up to `JOBS_PER_ROUND` due jobs, claiming each one just before it
   * runs: a claim taken for a whole batch would start its 60 s for the last
   * job while the first still ran, so a slow batch could outlive it and
   * another instance claim and run the job again (issue #19).
   */
  async runOnce(): Promise<number> {
    let ran = 0;
    while (ran < JOBS_PER_ROUND) {
      const [job] = await claimDueJobs(this.deps.db, this.deps.engine, this.deps.clock, 1);
      if (!job) break;
      await this.runClaimed(job);
      ran += 1;
    }
    return ran;
  }

  private async runClaimed(job: JobRow): Promise<void> {
    const { db, clock, logger, handlers } = this.deps;
    const handler = handlers[job.type];
    let effectDone = false;
    const attempt: JobAttempt = {
      attempt: job.attempts,
      lastAttempt: job.attempts >= MAX_JOB_ATTEMPTS,
      outsideEffect: async (effect) => {
        const result = await runOutsideEffect({ db, clock, logger, sleep: this.deps.sleep }, job, effect);
        effectDone = true;
        return result;
      },
    };
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      await handler(job.payload, attempt);
      if (!effectDone) await completeJob(db, clock, job.id);
    } catch (error) {
      if (error instanceof JobClaimLostError) {
        logger.info({ jobId: job.id, type: job.type, attempt: job.attempts }, "job taken over by another runner; left to it");
      } else if (effectDone) {
        // Done already: retrying would repeat what the job did outside (a second e-mail).
        logger.error({ err: error, jobId: job.id, type: job.type }, "job failed after its outside effect; not retried");
      } else {
        logger.warn({ err: error, jobId: job.id, type: job.type, attempt: job.attempts }, "job failed");
        await failJob(db, clock, job, error);
      }
    }
  }

  async runPeriodic(force = false): Promise<void> {
    const now = this.deps.clock.now().getTime();
    for (const task of this.deps.periodic ?? []) {
      const last = this.lastRun.get(task.name) ?? 0;
      if (!force && now - last < task.everyMs) continue;
      this.lastRun.set(task.name, now);
      try {
        await task.run();
      } catch (error) {
        this.deps.logger.error({ err: error, task: task.name }, "periodic task failed");
      }
    }
  }

  /**
   * Waits for the background loop's current round, then runs jobs until none
   * is due (a job may queue another). The end-to-end clock route uses it.
   */
  async runAllDue(maxRounds = 20): Promise<number> {
    await this.inFlight.catch(() => undefined);
    let ran = 0;
    for (let round = 0; round < maxRounds; round += 1) {
      const count = await this.runOnce();
      ran += count;
      if (count === 0) break;
    }
    return ran;
  }

  start(intervalMs = 1000): void {
    this.startedAt = this.deps.clock.now().getTime();
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = true;
      this.inFlight = Promise.all([this.runOnce(), this.runPeriodic()])
        .then(() => {
          this.lastRoundAt = this.deps.clock.now().getTime();
        })
        .catch((error: unknown) => this.deps.logger.error({ err: error }, "job loop failed"))
        .finally(() => {
          this.running = false;
        });
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
