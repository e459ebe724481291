import type { JobContribution } from "../jobs/job-contribution";
import { COLLECTION_LINK_JOB, COLLECTION_SHEETS_JOB, sendCollectionLink, sendCollectionSheets, type CollectionMailDeps } from "./collection-service";

/** A memorial collection's e-mails: its manage link when it opens, the sheets to the family when it closes. */
export function memorialJobs(deps: CollectionMailDeps): JobContribution {
  return {
    jobs: {
      [COLLECTION_LINK_JOB]: (payload) => sendCollectionLink(deps, payload),
      [COLLECTION_SHEETS_JOB]: (payload) => sendCollectionSheets(deps, payload),
    },
    periodicTasks: [],
  };
}
