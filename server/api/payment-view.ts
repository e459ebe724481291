import type { AppContainer } from "../container";
import type { GiftRow, PaymentRow } from "../../core/payments/payment-repository";
import { paymentMessage } from "../../core/payments/payment-messages";
import type { PaymentStatus } from "../../core/payments/payment-status";
import { swishAppUrl, swishSimulatorAppUrl } from "../../integrations/swish/swish-app-link";

/** What the API tells a caller about a gift's payment; the same facts the payment page shows. */
export function paymentView(container: AppContainer, gift: GiftRow, payment: PaymentRow) {
  const status = payment.status as PaymentStatus;
  const message = paymentMessage(status, payment.error_code);
  const returnUrl = `${container.config.publicUrl}/ge-en-gava/betalning/${gift.order_reference}`;
  const appBase = container.paymentSetup.swishAppBase;
  return {
    orderReference: gift.order_reference,
    paymentId: payment.id,
    provider: payment.provider,
    status,
    errorCode: payment.error_code,
    amount: gift.amount_ore / 100,
    currency: "SEK",
    message: message.title,
    detail: message.body,
    paymentRequestToken: payment.client_token,
    appUrl: payment.client_token
      ? appBase
        ? swishSimulatorAppUrl(appBase, payment.client_token, returnUrl)
        : swishAppUrl(payment.client_token, returnUrl)
      : null,
    statusUrl: `/ge-en-gava/betalning/${gift.order_reference}`,
  };
}
