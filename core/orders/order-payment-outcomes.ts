import type { PaymentOutcomeSubscriber } from "../payments/payment-outcomes";
import { queueEmailDeliveries } from "./order-delivery";
import { transitionGiftOrderItems } from "./order-transitions";

/**
 * A gift's order follows its payment: paid makes what was created ready to
 * produce and queues the e-mail deliveries; a refund cancels whatever has not
 * been sent.
 */
export const orderPaymentOutcomes: PaymentOutcomeSubscriber = {
  async paid({ trx, clock, payment }) {
    const ready = await transitionGiftOrderItems(trx, clock, payment.gift_id, ["created"], "ready", "payment", { paymentId: payment.id });
    await queueEmailDeliveries(trx, clock, ready);
  },
  async refunded({ trx, clock, payment }) {
    await transitionGiftOrderItems(trx, clock, payment.gift_id, ["created", "ready", "failed"], "cancelled", "payment", { paymentId: payment.id, reason: "refunded" });
  },
};
