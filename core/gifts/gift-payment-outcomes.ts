import { enqueueJob } from "../jobs/job-queue";
import { REFUND_CONFIRMATION_JOB } from "./refund-confirmation";
import type { PaymentOutcomeSubscriber } from "../payments/payment-outcomes";

/** The job that e-mails a paid gift's receipt (send-receipt.ts). */
export const RECEIPT_JOB = "send-receipt";

/** A gift follows its payment: paid when the payment is (once, at the payment's time), refunded when a paid one is. */
export const giftStatusOutcomes: PaymentOutcomeSubscriber = {
  async paid({ trx, payment, at }) {
    await trx.updateTable("gifts").set({ status: "paid", paid_at: at, updated_at: at }).where("id", "=", payment.gift_id).where("status", "!=", "paid").execute();
  },
  async refunded({ trx, payment, at }) {
    await trx.updateTable("gifts").set({ status: "refunded", updated_at: at }).where("id", "=", payment.gift_id).where("status", "=", "paid").execute();
  },
};

/** A paid gift's receipt, queued once per gift in the payment's transaction; after a refund, the word that the money is on its way back. */
export const receiptOutcomes: PaymentOutcomeSubscriber = {
  async paid({ trx, clock, payment }) {
    await enqueueJob(trx, clock, { type: RECEIPT_JOB, payload: { giftId: payment.gift_id }, dedupeKey: `receipt:${payment.gift_id}` });
  },
  async refunded({ trx, clock, payment }) {
    await enqueueJob(trx, clock, { type: REFUND_CONFIRMATION_JOB, payload: { paymentId: payment.id }, dedupeKey: `refund-confirmation:${payment.id}` });
  },
};
