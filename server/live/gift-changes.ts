import type { PaymentOutcomeSubscriber } from "#core/payments/payment-outcomes";
import type { ChangeNotifications } from "./change-notifications";

/** The change channel of gifts paid and refunded: live totals listen to it (decision 0049). */
export const GIFTS_CHANNEL = "gifts";

/**
 * Tells live totals that a payment was paid or refunded, inside the payment's
 * own transaction: on PostgreSQL every instance hears it when it commits, and
 * not at all if it rolls back.
 */
export function giftChangeNotices(notifications: ChangeNotifications): PaymentOutcomeSubscriber {
  const notify = async ({ trx }: { trx: Parameters<ChangeNotifications["notify"]>[0] }) => notifications.notify(trx, GIFTS_CHANNEL);
  return { paid: notify, refunded: notify };
}
