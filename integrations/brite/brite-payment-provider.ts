import type { GiftRow, PaymentRow } from "#core/payments/payment-repository";
import type { PaymentProvider, ProviderStatus, StartOptions, StartResult } from "#core/payments/payment-provider";
import type { PaymentStatus } from "#core/payments/payment-status";
import { newOrderReference } from "#core/payments/order-reference";
import type { BriteClient, BriteSession } from "./client";
import { createDepositSessionOnce } from "./create-deposit-session-once";
import { SESSION_LIFETIME_MS, SessionState, TransactionState, isPaidTransactionState } from "./states";

/**
 * Open-banking payments through Brite behind the common payment interface.
 * Our attempt's provider reference is Brite's merchant_reference, so a retry
 * after a timeout finds the session instead of opening a second one.
 */
export interface BritePaymentProviderOptions {
  client: BriteClient;
  publicUrl: string;
  callbackUrl: string;
}

export class BritePaymentProvider implements PaymentProvider {
  readonly name = "Brite" as const;
  readonly method = "bank" as const;
  readonly expiresAfterMs = SESSION_LIFETIME_MS + 60_000;

  constructor(private readonly options: BritePaymentProviderOptions) {}

  newProviderReference(): string {
    return newOrderReference();
  }

  async start(payment: PaymentRow, gift: GiftRow, options: StartOptions): Promise<StartResult> {
    const [firstname, ...rest] = gift.donor_name.split(" ");
    const { session } = await createDepositSessionOnce(this.options.client, payment.provider_reference as string, {
      countryId: "se",
      amountOre: payment.amount_ore,
      callbacks: [
        { url: this.options.callbackUrl, session_state: SessionState.COMPLETED },
        { url: this.options.callbackUrl, session_state: SessionState.ABORTED },
        { url: this.options.callbackUrl, session_state: SessionState.FAILED },
        { url: this.options.callbackUrl, transaction_state: TransactionState.COMPLETED },
      ],
      customer: { firstname, lastname: rest.join(" ") || undefined, email: gift.donor_email },
      ...(options.ssn ? { ssn: options.ssn } : {}),
      locale: "sv",
      redirectUri: options.returnUrl ?? `${this.options.publicUrl}/ge-en-gava/betalning/${gift.order_reference}`,
    });
    return { status: "pending", clientToken: session.token ?? null, clientUrl: session.url ?? null };
  }

  async fetchStatus(payment: PaymentRow): Promise<ProviderStatus | null> {
    const session = await this.options.client.getSessionByMerchantReference(payment.provider_reference as string);
    if (!session) return null;
    return { status: await this.statusOf(session), data: { briteSessionState: session.state } };
  }

  /** The transaction (money) decides when there is one; until then the session tells how far the donor got. */
  private async statusOf(session: BriteSession): Promise<PaymentStatus> {
    if (session.transaction_id) {
      const transaction = await this.options.client.getTransaction(session.transaction_id);
      if (transaction) return briteTransactionToPaymentStatus(transaction.state);
    }
    return briteSessionToPaymentStatus(session.state);
  }

  /** Brite has no cancel call: the donor cancels in the bank's page. We re-read what happened. */
  async cancel(): Promise<"cancelled" | "too-late"> {
    return "too-late";
  }
}

export function briteTransactionToPaymentStatus(state: number): PaymentStatus {
  if (isPaidTransactionState(state)) return "paid";
  if (state === TransactionState.ABORTED) return "cancelled";
  if (state === TransactionState.FAILED) return "failed";
  return "pending";
}

/** Without a transaction a completed session is still waiting for the money. */
export function briteSessionToPaymentStatus(state: number): PaymentStatus {
  if (state === SessionState.ABORTED) return "cancelled";
  if (state === SessionState.FAILED) return "failed";
  return "pending";
}
