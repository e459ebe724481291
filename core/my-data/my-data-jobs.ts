import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { Mailer } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import type { LinkTokens } from "./link-tokens";
import type { JobContribution } from "../jobs/job-contribution";
import { MY_DATA_LINK_JOB, sendMyDataLink } from "./my-data-link-mail";
import { EMAIL_CHANGE_JOB, sendEmailChangeConfirmation } from "../donors/email-change";

/** The e-mail with a donor's "Mina uppgifter" link, and the one that confirms a new address. */
export function myDataJobs(deps: { db: Kysely<DB>; mailer: Mailer; site: SiteConfig; publicUrl: string; tokens: LinkTokens }): JobContribution {
  return {
    jobs: {
      [MY_DATA_LINK_JOB]: (payload) => sendMyDataLink(deps, payload),
      [EMAIL_CHANGE_JOB]: (payload) => sendEmailChangeConfirmation(deps, payload),
    },
    periodicTasks: [],
  };
}
