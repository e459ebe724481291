import type { PaymentRow } from "./payment-repository";
import type { PaymentRefundsTable } from "#db/schema";

export type RefundRow = PaymentRefundsTable;

/** What a provider said about a refund. */
export type RefundOutcome =
  | { status: "pending" | "confirmed"; providerReference?: string; data?: Record<string, unknown> }
  | { status: "refused"; code: string; message: string };

/**
 * A provider that can send money back through its API (Swish, Mondido).
 * Brite, invoices and autogiro have none here: finance refunds those by hand.
 */
export interface RefundAdapter {
  /** The provider's name for staff ("Swish", "Mondido"). */
  readonly label: string;
  /**
   * Chosen and stored before the call, when the provider lets us name the
   * refund (Swish's instruction id); null when the provider names it itself.
   */
  newRefundReference(): string | null;
  /**
   * Whether sending a refund again whose first send may or may not have
   * arrived is safe: true only when the provider knows it by our stored
   * reference and refuses a second with the same one (Swish).
   */
  readonly resendIsSafe: boolean;
  /** Asks the provider to refund. Throws when the outcome is unknown (timeout, 5xx). */
  send(payment: PaymentRow, refund: RefundRow): Promise<RefundOutcome>;
  /** The provider's view of this refund; null when it does not know it. */
  fetch(payment: PaymentRow, refund: RefundRow): Promise<RefundOutcome | null>;
}
