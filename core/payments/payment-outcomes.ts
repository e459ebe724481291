import type { Transaction } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import type { PaymentRow } from "./payment-repository";
import type { PaymentStatus } from "./payment-status";

/**
 * What became of a payment, as the rest of the site hears it: the final
 * statuses (payment-status.ts). `created` and `pending` are the payment's own
 * business and are not published.
 */
export type PaymentOutcome = Exclude<PaymentStatus, "created" | "pending">;

export function isPaymentOutcome(status: PaymentStatus): status is PaymentOutcome {
  return status !== "created" && status !== "pending";
}

/** One payment reaching an outcome, told inside the transaction that moved it. */
export interface PaymentOutcomeEvent {
  /** The transition's transaction: whatever a handler writes commits or rolls back with the payment's move. */
  trx: Transaction<DB>;
  clock: Clock;
  /** The payment as it was read before it moved (its status is still the one it left). */
  payment: PaymentRow;
  outcome: PaymentOutcome;
  errorCode: string | null | undefined;
  /** The transition's time, the payment's `updated_at` (and `paid_at`). */
  at: string;
}

export type PaymentOutcomeHandler = (event: PaymentOutcomeEvent) => Promise<void>;

/** What one part of the site does on some outcomes, e.g. `{ paid: …, refunded: … }`. */
export type PaymentOutcomeSubscriber = { readonly [O in PaymentOutcome]?: PaymentOutcomeHandler };

/**
 * The registry the one payment transition (payment-transitions.ts) publishes
 * to. Gifts, orders, memberships and agreements each give a subscriber; they
 * are put together once (core/product-payment-outcomes.ts) and injected
 * wherever payments are moved, so this module knows no product. Handlers run
 * one after the other in the order given, in the transition's transaction: a
 * payment becomes paid exactly once, and its effects commit with it or not at
 * all.
 */
export class PaymentOutcomeHandlers {
  private readonly subscribers: readonly PaymentOutcomeSubscriber[];

  constructor(subscribers: readonly PaymentOutcomeSubscriber[]) {
    this.subscribers = [...subscribers];
  }

  async publish(event: PaymentOutcomeEvent): Promise<void> {
    for (const subscriber of this.subscribers) {
      const handler = subscriber[event.outcome];
      if (handler) await handler(event);
    }
  }
}
