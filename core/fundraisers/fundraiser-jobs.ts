import type { JobContribution } from "../jobs/job-contribution";
import { FUNDRAISER_UPDATE_JOB, FUNDRAISER_UPDATE_MAIL_JOB, queueFundraiserUpdateMails, sendFundraiserUpdateMail } from "./fundraiser-organiser";
import { FUNDRAISER_LINK_JOB, FUNDRAISER_REVIEW_JOB, sendFundraiserLink, sendFundraiserReview } from "./fundraiser-service";
import { FUNDRAISER_TEAM_LINK_JOB, FUNDRAISER_TEAM_REVIEW_JOB, sendTeamLink, sendTeamReview } from "./fundraiser-teams";
import {
  CLOSE_ENDED_EVERY_MS,
  CLOSE_ENDED_FUNDRAISERS_TASK,
  closeEndedFundraisers,
  FUNDRAISER_THANK_YOU_JOB,
  FUNDRAISER_THANKS_JOB,
  queueThankYous,
  sendThankYou,
  type ThanksDeps,
} from "./fundraiser-thanks";

/**
 * Personal fundraisers' and teams' e-mails (decisions 0050, 0052): the manage
 * link after starting, staff's review, the organiser's updates to givers, and
 * the thank-you to every giver when a fundraiser ends; and the periodic task
 * that closes fundraisers past their end date.
 */
export function fundraiserJobs(deps: ThanksDeps): JobContribution {
  return {
    jobs: {
      [FUNDRAISER_LINK_JOB]: (payload) => sendFundraiserLink(deps, payload),
      [FUNDRAISER_REVIEW_JOB]: (payload) => sendFundraiserReview(deps, payload),
      [FUNDRAISER_UPDATE_JOB]: async (payload) => void (await queueFundraiserUpdateMails(deps, payload)),
      [FUNDRAISER_UPDATE_MAIL_JOB]: (payload, attempt) => sendFundraiserUpdateMail(deps, payload, attempt),
      [FUNDRAISER_TEAM_LINK_JOB]: (payload) => sendTeamLink(deps, payload),
      [FUNDRAISER_TEAM_REVIEW_JOB]: (payload) => sendTeamReview(deps, payload),
      [FUNDRAISER_THANKS_JOB]: async (payload) => void (await queueThankYous(deps, payload)),
      [FUNDRAISER_THANK_YOU_JOB]: (payload, attempt) => sendThankYou(deps, payload, attempt),
    },
    periodicTasks: [{ name: CLOSE_ENDED_FUNDRAISERS_TASK, everyMs: CLOSE_ENDED_EVERY_MS, run: async () => void (await closeEndedFundraisers(deps.db, deps.clock)) }],
  };
}
