/**
 * The life of a refund asked of a provider (decision 0027):
 *
 *   requested → sending → sent → confirmed | refused
 *                       ↘ confirmed | refused
 *
 * `requested`: stored, with its idempotency key and (for Swish) its
 * instruction id, and never yet sent. `sending`: the one process allowed to
 * call the provider has taken it; if that process died, whether the provider
 * got it is unknown until it is asked. `sent`: the provider accepted it and
 * will pay out. `confirmed`: the money went back (the payment is `refunded`).
 * `refused`: the provider said no; nothing changed and staff may try again.
 *
 * Also a CHECK constraint (migration 0017).
 */
export const REFUND_STATUSES = ["requested", "sending", "sent", "confirmed", "refused"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A refund in one of these states is the payment's one live refund: no second one may be asked for. */
export const LIVE_REFUND_STATUSES = ["requested", "sending", "sent", "confirmed"] as const satisfies readonly RefundStatus[];
export const OPEN_REFUND_STATUSES = ["requested", "sending", "sent"] as const satisfies readonly RefundStatus[];
