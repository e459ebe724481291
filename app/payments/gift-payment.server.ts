import QRCode from "qrcode";
import type { AppContainer } from "../../server/container";
import { findGiftByOrderReference, latestPaymentForGift } from "../../core/payments/payment-repository";
import { isOrderReference } from "../../core/payments/order-reference";
import { isFinalStatus, type PaymentStatus } from "../../core/payments/payment-status";
import { paymentMessage } from "../../core/payments/payment-messages";
import { swishAppUrl, swishQrPayload, swishSimulatorAppUrl } from "../../integrations/swish/swish-app-link";

/** Everything the payment page shows, read fresh (and the provider asked, at most every 2 s). */
export async function loadGiftPayment(container: AppContainer, orderReference: string) {
  if (!isOrderReference(orderReference)) return null;
  const gift = await findGiftByOrderReference(container.db, orderReference);
  if (!gift) return null;
  let payment = await latestPaymentForGift(container.db, gift.id);
  if (payment && !isFinalStatus(payment.status as PaymentStatus)) {
    payment = await container.payments.refreshPayment(payment.id, "poll");
  }
  const status = (payment?.status ?? "failed") as PaymentStatus;
  const message = paymentMessage(status, payment?.error_code ?? null);
  const returnUrl = `${container.config.publicUrl}/ge-en-gava/betalning/${gift.order_reference}`;
  const simulatorBase = container.paymentSetup.swishAppBase;
  const token = payment?.client_token ?? null;
  return {
    orderReference: gift.order_reference,
    giftPaid: gift.status === "paid" || status === "paid",
    amountOre: gift.amount_ore,
    paymentId: payment?.id ?? null,
    status,
    title: message.title,
    body: message.body,
    canRetry: message.canRetry,
    payerAlias: payment?.payer_alias ?? null,
    appUrl: token ? (simulatorBase ? swishSimulatorAppUrl(simulatorBase, token, returnUrl) : swishAppUrl(token, returnUrl)) : null,
    qrSvg: token ? await QRCode.toString(swishQrPayload(token), { type: "svg", margin: 1, errorCorrectionLevel: "M" }) : null,
    simulatorUrl: simulatorBase ? `${simulatorBase}/` : null,
  };
}
