import type { JobContribution } from "../jobs/job-contribution";
import { DELIVER_ORDER_ITEM_JOB, deliverOrderItem, type DeliveryDeps } from "./order-delivery";

/** The orders' job: delivering an order item that goes by e-mail, queued when it becomes ready. */
export function orderJobs(deps: DeliveryDeps): JobContribution {
  return {
    jobs: { [DELIVER_ORDER_ITEM_JOB]: (payload, attempt) => deliverOrderItem(deps, payload, attempt) },
    periodicTasks: [],
  };
}
