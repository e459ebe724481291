import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { Mailer } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import type { JobContribution } from "../jobs/job-contribution";
import { POSTAL_FORM_CONFIRMATION_JOB, sendPostalFormConfirmation } from "./postal-form-confirmation";

/** The confirmation e-mail of a paper form ordered by post. */
export function postalFormJobs(deps: { db: Kysely<DB>; mailer: Mailer; site: SiteConfig }): JobContribution {
  return {
    jobs: { [POSTAL_FORM_CONFIRMATION_JOB]: (payload) => sendPostalFormConfirmation(deps, payload) },
    periodicTasks: [],
  };
}
