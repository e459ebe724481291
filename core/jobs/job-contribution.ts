import type { JobHandler, PeriodicTask } from "./job-runner";

/**
 * What one area of the site gives the one job runner: the queued jobs it
 * handles, by type, and the work it repeats. Each area says this in its own
 * module (e.g. core/gifts/gift-jobs.ts); the server's container only collects.
 */
export interface JobContribution {
  jobs: Record<string, JobHandler>;
  periodicTasks: PeriodicTask[];
}

/**
 * The areas' jobs and periodic tasks together. A job type or task name given
 * by two areas is a wiring mistake: it stops the server at start rather than
 * letting one silently replace the other.
 */
export function collectJobs(contributions: readonly JobContribution[]): { handlers: Record<string, JobHandler>; periodic: PeriodicTask[] } {
  const handlers: Record<string, JobHandler> = {};
  const periodic: PeriodicTask[] = [];
  for (const contribution of contributions) {
    for (const [type, handler] of Object.entries(contribution.jobs)) {
      if (type in handlers) throw new Error(`Job type ${type} is handled twice`);
      handlers[type] = handler;
    }
    for (const task of contribution.periodicTasks) {
      if (periodic.some((t) => t.name === task.name)) throw new Error(`Periodic task ${task.name} is given twice`);
      periodic.push(task);
    }
  }
  return { handlers, periodic };
}
