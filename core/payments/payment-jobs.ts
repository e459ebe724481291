import type { JobContribution } from "../jobs/job-contribution";
import type { PaymentService } from "./payment-service";
import type { RefundService } from "./refund-service";

/**
 * The payments' periodic work: asking each provider about attempts still
 * open (a lost callback is found within `reconcileEveryMs`), the same for
 * refunds sent, and hourly ending invoices long overdue (an invoice changes
 * only by bank file, so nothing else needs asking).
 */
export function paymentJobs(deps: { payments: PaymentService; refunds: RefundService; reconcileEveryMs: number }): JobContribution {
  const { payments, refunds, reconcileEveryMs } = deps;
  return {
    jobs: {},
    periodicTasks: [
      { name: "reconcile-swish", everyMs: reconcileEveryMs, run: async () => void (await payments.reconcile("HLFSwish")) },
      { name: "reconcile-card", everyMs: reconcileEveryMs, run: async () => void (await payments.reconcile("Mondido")) },
      { name: "reconcile-refunds", everyMs: reconcileEveryMs, run: async () => void (await refunds.reconcile()) },
      { name: "reconcile-bank", everyMs: reconcileEveryMs, run: async () => void (await payments.reconcile("Brite")) },
      { name: "expire-invoices", everyMs: 3600_000, run: async () => void (await payments.reconcile("Invoice", { checkOlderThanMs: 3600_000 })) },
    ],
  };
}
