import QRCode from "qrcode";
import type { AppContainer } from "#server/container";
import { findGiftByOrderReference, latestPaymentForGift } from "#core/payments/payment-repository";
import { isOrderReference } from "#core/payments/order-reference";
import { isFinalStatus } from "#core/payments/payment-status";
import { paymentMessage } from "#core/payments/payment-messages";
import { swishQrPayload } from "#integrations/swish/swish-app-link";
import { paymentView } from "#core/payments/payment-view";

/**
 * Everything the payment page shows, read fresh: the provider is asked at most
 * every 2 s, and at once when the donor comes back from the card window with
 * the provider's signed return in the address (`query`), which settles a paid
 * payment there and then even if the provider's webhook never arrives.
 */
export async function loadGiftPayment(container: AppContainer, orderReference: string, query: Readonly<Record<string, string>> = {}) {
  if (!isOrderReference(orderReference)) return null;
  const gift = await findGiftByOrderReference(container.db, orderReference);
  if (!gift) return null;
  let payment = await latestPaymentForGift(container.db, gift.id);
  if (!payment) return null;
  if (!isFinalStatus(payment.status)) {
    payment = await container.payments.settleFromReturn(payment.id, query);
  }
  const view = paymentView(container.paymentViews, gift, payment);
  const status = payment.status;
  const membership = gift.gift_type === "membership";
  const message = paymentMessage(status, payment.error_code, membership ? "membership" : "gift", payment.provider);
  const swishToken = payment.provider === "HLFSwish" ? payment.client_token : null;
  return {
    orderReference: gift.order_reference,
    giftPaid: gift.status === "paid" || status === "paid",
    amountOre: gift.amount_ore,
    membership,
    paymentId: payment.id,
    provider: payment.provider,
    status,
    title: message.title,
    body: message.body,
    canRetry: message.canRetry,
    payerAlias: payment.payer_alias,
    appUrl: view.appUrl,
    qrSvg: swishToken ? await QRCode.toString(swishQrPayload(swishToken), { type: "svg", margin: 1, errorCorrectionLevel: "M" }) : null,
    next: view.next,
    simulatorUrl: container.paymentSetup.swishAppBase ? `${container.paymentSetup.swishAppBase}/` : null,
  };
}
