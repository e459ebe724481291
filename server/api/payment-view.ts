import type { AppContainer } from "../container";
import type { GiftRow, PaymentRow } from "../../core/payments/payment-repository";
import { paymentMessage } from "../../core/payments/payment-messages";
import type { PaymentStatus } from "../../core/payments/payment-status";
import { invoiceDueDate } from "../../core/payments/invoice-provider";
import { swishAppUrl, swishSimulatorAppUrl } from "../../integrations/swish/swish-app-link";

/**
 * What the API tells a caller about a gift's payment – the same facts the
 * payment page shows – including what the donor's browser must do next for
 * the chosen method.
 */
export function paymentView(container: AppContainer, gift: GiftRow, payment: PaymentRow) {
  const status = payment.status as PaymentStatus;
  const message = paymentMessage(status, payment.error_code);
  return {
    orderReference: gift.order_reference,
    paymentId: payment.id,
    provider: payment.provider,
    method: payment.method,
    status,
    errorCode: payment.error_code,
    amount: gift.amount_ore / 100,
    currency: "SEK",
    message: message.title,
    detail: message.body,
    paymentRequestToken: payment.provider === "HLFSwish" ? payment.client_token : null,
    appUrl: swishAppLink(container, gift, payment),
    next: nextStep(container, gift, payment),
    statusUrl: `/ge-en-gava/betalning/${gift.order_reference}`,
  };
}

export function swishAppLink(container: AppContainer, gift: GiftRow, payment: PaymentRow): string | null {
  if (payment.provider !== "HLFSwish" || !payment.client_token) return null;
  const returnUrl = `${container.config.publicUrl}/ge-en-gava/betalning/${gift.order_reference}`;
  const appBase = container.paymentSetup.swishAppBase;
  return appBase ? swishSimulatorAppUrl(appBase, payment.client_token, returnUrl) : swishAppUrl(payment.client_token, returnUrl);
}

function nextStep(container: AppContainer, gift: GiftRow, payment: PaymentRow) {
  switch (payment.provider) {
    case "Mondido": {
      const form = container.paymentSetup.mondido?.provider.paymentForm(payment, gift);
      return form ? { kind: "post-form" as const, action: form.action, fields: form.fields } : null;
    }
    case "Brite":
      return payment.client_url ? { kind: "redirect" as const, url: payment.client_url, token: payment.client_token } : null;
    case "Invoice":
      return {
        kind: "invoice" as const,
        bankgiro: container.site.bankgiro,
        ocr: payment.provider_reference,
        dueDate: invoiceDueDate(payment).toISOString().slice(0, 10),
        pdfUrl: `/ge-en-gava/faktura/${gift.order_reference}`,
      };
    default:
      return null;
  }
}
