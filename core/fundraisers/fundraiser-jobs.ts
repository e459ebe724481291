import type { JobContribution } from "../jobs/job-contribution";
import { FUNDRAISER_UPDATE_JOB, sendFundraiserUpdate } from "./fundraiser-organiser";
import { FUNDRAISER_LINK_JOB, FUNDRAISER_REVIEW_JOB, sendFundraiserLink, sendFundraiserReview, type FundraiserMailDeps } from "./fundraiser-service";

/** Personal fundraisers' e-mails (decision 0050): the manage link after starting, staff's review, and the organiser's updates to givers. */
export function fundraiserJobs(deps: FundraiserMailDeps): JobContribution {
  return {
    jobs: {
      [FUNDRAISER_LINK_JOB]: (payload) => sendFundraiserLink(deps, payload),
      [FUNDRAISER_REVIEW_JOB]: (payload) => sendFundraiserReview(deps, payload),
      [FUNDRAISER_UPDATE_JOB]: (payload) => sendFundraiserUpdate(deps, payload),
    },
    periodicTasks: [],
  };
}
