import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import type { Mailer } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import type { JobContribution } from "../jobs/job-contribution";
import { RENEWAL_REMINDER_JOB, queueRenewalReminders, sendRenewalReminder } from "./renewal-reminder";

/** Renewal reminders: hourly, the members whose year is ending are found, and each is e-mailed once. */
export function membershipJobs(deps: { db: Kysely<DB>; clock: Clock; mailer: Mailer; site: SiteConfig; publicUrl: string; feeKr: number }): JobContribution {
  return {
    jobs: { [RENEWAL_REMINDER_JOB]: (payload) => sendRenewalReminder(deps, payload) },
    periodicTasks: [{ name: "membership-reminders", everyMs: 3600_000, run: async () => void (await queueRenewalReminders(deps)) }],
  };
}
