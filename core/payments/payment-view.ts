import type { GiftRow, PaymentRow } from "./payment-repository";
import { paymentMessage } from "./payment-messages";
import { invoiceDueDate } from "./invoice-provider";

/**
 * What the view needs from the configured providers. Built once at boot by
 * the server (server/api/payment-view.ts), because the links are each
 * provider's protocol: the Swish app switch (or the simulator's page) and
 * Mondido's hosted card form.
 */
export interface PaymentViewLinks {
  publicUrl: string;
  /** The charity's bankgiro, for invoices. */
  bankgiro: string;
  /** Opens the Swish app (the simulator's "Swish app" page in simulator mode). */
  swishAppUrl(paymentRequestToken: string, returnUrl: string): string;
  /** The hosted card window's form for this attempt, or null when card payments are not set up. */
  cardForm(payment: PaymentRow, gift: GiftRow): { action: string; fields: Record<string, string> } | null;
}

/**
 * What the API tells a caller about a gift's payment – the same facts the
 * payment page shows – including what the donor's browser must do next for
 * the chosen method.
 */
export function paymentView(links: PaymentViewLinks, gift: GiftRow, payment: PaymentRow) {
  const status = payment.status;
  const message = paymentMessage(status, payment.error_code, gift.gift_type === "membership" ? "membership" : "gift", payment.provider);
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
    appUrl: swishAppLink(links, gift, payment),
    next: nextStep(links, gift, payment),
    statusUrl: `/ge-en-gava/betalning/${gift.order_reference}`,
  };
}

function swishAppLink(links: PaymentViewLinks, gift: GiftRow, payment: PaymentRow): string | null {
  if (payment.provider !== "HLFSwish" || !payment.client_token) return null;
  return links.swishAppUrl(payment.client_token, `${links.publicUrl}/ge-en-gava/betalning/${gift.order_reference}`);
}

function nextStep(links: PaymentViewLinks, gift: GiftRow, payment: PaymentRow) {
  switch (payment.provider) {
    case "Mondido": {
      const form = links.cardForm(payment, gift);
      return form ? { kind: "post-form" as const, action: form.action, fields: form.fields } : null;
    }
    case "Brite":
      return payment.client_url ? { kind: "redirect" as const, url: payment.client_url, token: payment.client_token } : null;
    case "Invoice":
      return {
        kind: "invoice" as const,
        bankgiro: links.bankgiro,
        ocr: payment.provider_reference,
        dueDate: invoiceDueDate(payment).toISOString().slice(0, 10),
        pdfUrl: `/ge-en-gava/faktura/${gift.order_reference}`,
      };
    default:
      return null;
  }
}
