import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { Mailer } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import type { LinkTokens } from "./link-tokens";
import type { JobContribution } from "../jobs/job-contribution";
import { MY_DATA_LINK_JOB, sendMyDataLink } from "./my-data-link-mail";

/** The e-mail with a donor's "Mina uppgifter" link. */
export function myDataJobs(deps: { db: Kysely<DB>; mailer: Mailer; site: SiteConfig; publicUrl: string; tokens: LinkTokens }): JobContribution {
  return {
    jobs: { [MY_DATA_LINK_JOB]: (payload) => sendMyDataLink(deps, payload) },
    periodicTasks: [],
  };
}
