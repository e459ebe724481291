import type { GiftRow, PaymentRow } from "#core/payments/payment-repository";
import type { PaymentProvider, ProviderStatus, StartResult } from "#core/payments/payment-provider";
import type { PaymentStatus } from "#core/payments/payment-status";
import { newOrderReference } from "#core/payments/order-reference";
import type { MondidoClient, PaymentForm } from "./client";
import type { MondidoStatus, MondidoTransaction } from "./transaction";

/**
 * Card payments in Mondido's hosted window behind the common payment
 * interface. Nothing is sent to Mondido when the attempt starts: the donor's
 * browser posts the signed form. The verified webhook settles the payment;
 * a REST read-back – when the donor's signed return arrives, and in
 * reconciliation – covers a lost webhook.
 */
export const CARD_EXPIRES_AFTER_MS = 30 * 60_000;

export function mondidoStatusToPaymentStatus(status: MondidoStatus): PaymentStatus {
  switch (status) {
    case "approved":
    case "authorized":
      return "paid";
    case "declined":
      return "declined";
    case "failed":
      return "failed";
    case "pending":
      return "pending";
  }
}

export interface MondidoPaymentProviderOptions {
  client: MondidoClient;
  publicUrl: string;
  /** Where Mondido posts the webhook; in simulator mode our internal address. */
  webhookUrl: string;
}

export class MondidoPaymentProvider implements PaymentProvider {
  readonly name = "Mondido" as const;
  readonly method = "card" as const;
  readonly expiresAfterMs = CARD_EXPIRES_AFTER_MS;

  constructor(private readonly options: MondidoPaymentProviderOptions) {}

  newProviderReference(): string {
    return newOrderReference();
  }

  async start(): Promise<StartResult> {
    return { status: "pending" };
  }

  /** The hidden fields the payment page posts to Mondido's window. */
  paymentForm(payment: PaymentRow, gift: GiftRow): PaymentForm {
    const back = `${this.options.publicUrl}/ge-en-gava/betalning/${gift.order_reference}`;
    return this.options.client.buildPaymentForm({
      amountOre: payment.amount_ore,
      paymentRef: payment.provider_reference as string,
      customerRef: gift.order_reference,
      successUrl: `${back}?kort=klart`,
      errorUrl: `${back}?kort=avbrutet`,
      webhookUrl: this.options.webhookUrl,
      metadata: { giftType: gift.gift_type },
      // A card agreement's gift paid in the window (its first month, or a new card): Mondido keeps the card for the monthly charges (decision 0028).
      storeCard: gift.agreement_id !== null,
    });
  }

  async fetchStatus(payment: PaymentRow): Promise<ProviderStatus | null> {
    const transactions = await this.options.client.listTransactionsByPaymentRef(payment.provider_reference as string);
    const latest = latestTransaction(transactions);
    if (!latest) return null;
    return { status: mondidoStatusToPaymentStatus(latest.status), data: { transactionId: latest.id, mondidoStatus: latest.status } };
  }

  /** The hash Mondido puts on success_url/error_url, checked with our secret, for this attempt's payment_ref. */
  verifiesReturn(payment: PaymentRow, query: Readonly<Record<string, unknown>>): boolean {
    const verified = this.options.client.verifyRedirect(query);
    return verified.ok && verified.paymentRef === payment.provider_reference;
  }

  /** A hosted window the donor never paid in needs no cancelling at Mondido; a started transaction cannot be. */
  async cancel(payment: PaymentRow): Promise<"cancelled" | "too-late"> {
    const transactions = await this.options.client.listTransactionsByPaymentRef(payment.provider_reference as string);
    return transactions.length === 0 ? "cancelled" : "too-late";
  }
}

function latestTransaction(transactions: MondidoTransaction[]): MondidoTransaction | undefined {
  // A paid transaction wins over later failed retries in the same window.
  return transactions.find((t) => t.status === "approved" || t.status === "authorized") ?? transactions[transactions.length - 1];
}
