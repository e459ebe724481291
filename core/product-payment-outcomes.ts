import { PaymentOutcomeHandlers, type PaymentOutcomeSubscriber } from "./payments/payment-outcomes";
import { giftStatusOutcomes, receiptOutcomes } from "./gifts/gift-payment-outcomes";
import { membershipPaymentOutcomes } from "./membership/membership-payment-outcomes";
import { orderPaymentOutcomes } from "./orders/order-payment-outcomes";
import { cardAgreementPaymentOutcomes } from "./agreements/card-debits";

/**
 * What the site does when a payment reaches an outcome (decision 0037): the
 * one list of every product's handlers, in the order they run inside the
 * transition's transaction. The gift follows first, so everything after sees
 * it paid; the receipt is queued after the order's deliveries.
 *
 * One list, injected wherever payments move: by the server's container, and
 * by what moves payments outside it (the bank-file command, test fixtures).
 * The handlers need nothing but the transaction and the clock they are given,
 * so the list is built before any service that uses it.
 */
export const productSubscribers: readonly PaymentOutcomeSubscriber[] = [
  giftStatusOutcomes,
  membershipPaymentOutcomes,
  orderPaymentOutcomes,
  receiptOutcomes,
  cardAgreementPaymentOutcomes,
];

export const productPaymentOutcomes = new PaymentOutcomeHandlers(productSubscribers);
