import type { PaymentOutcomeSubscriber } from "../payments/payment-outcomes";
import { recordPaidMembershipFee, revokeRefundedMembershipFee } from "./membership-service";

/** A membership fee's year is recorded when its gift's payment is paid, and taken back when it is refunded. */
export const membershipPaymentOutcomes: PaymentOutcomeSubscriber = {
  async paid({ trx, clock, payment }) {
    await recordPaidMembershipFee(trx, clock, payment.gift_id);
  },
  async refunded({ trx, clock, payment }) {
    await revokeRefundedMembershipFee(trx, clock, payment.gift_id);
  },
};
