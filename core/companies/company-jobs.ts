import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import type { Mailer } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import type { DocumentRenderer } from "../documents/document-renderer";
import type { JobContribution } from "../jobs/job-contribution";
import type { LinkTokens } from "../my-data/link-tokens";
import { COMPANY_STATEMENT_JOB, sendCompanyStatement } from "./company-statement";
import { COMPANY_PAGE_LINK_JOB, sendCompanyPageLink } from "./company-links";

/** Companies' e-mails: the yearly statement staff send, and the link to the company's page it asks for. */
export function companyJobs(deps: { db: Kysely<DB>; clock: Clock; mailer: Mailer; site: SiteConfig; publicUrl: string; documents: DocumentRenderer; companyLinks: LinkTokens }): JobContribution {
  return {
    jobs: {
      [COMPANY_STATEMENT_JOB]: (payload, attempt) => sendCompanyStatement(deps, payload, attempt),
      [COMPANY_PAGE_LINK_JOB]: (payload) => sendCompanyPageLink(deps, payload),
    },
    periodicTasks: [],
  };
}
