import type { Clock } from "../clock";
import type { JobContribution } from "../jobs/job-contribution";
import type { KyselyWebEventRepository } from "./web-event-repository";

/** Web events are kept `retentionDays` days; the hourly purge deletes the older ones. */
export function webEventJobs(deps: { webEvents: KyselyWebEventRepository; clock: Clock; retentionDays: number }): JobContribution {
  const { webEvents, clock, retentionDays } = deps;
  return {
    jobs: {},
    periodicTasks: [
      {
        name: "purge-web-events",
        everyMs: 60 * 60_000,
        run: async () => {
          const cutoff = new Date(clock.now().getTime() - retentionDays * 86_400_000);
          await webEvents.purgeReceivedBefore(cutoff);
        },
      },
    ],
  };
}
