/**
 * The life of one payment attempt, the same for every method:
 *
 *   created → pending → paid | declined | failed | cancelled | expired
 *   paid → refunded
 *
 * `created` means stored but not yet confirmed by the provider; `pending` means
 * the provider has it and the donor is expected to act. The outcomes are final
 * for the provider's messages: nothing but a refund moves a payment out of
 * `paid`, and nothing moves it out of the others, which is what makes duplicate
 * and out-of-order provider messages harmless. A refund is recorded by finance
 * (or reported by the provider) as its own event.
 *
 * Each union here is also a CHECK constraint in the database (db/migrations),
 * so a value outside it can neither be written by code nor by hand.
 */
export const PAYMENT_STATUSES = ["created", "pending", "paid", "declined", "failed", "cancelled", "expired", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const FINAL_STATUSES: ReadonlySet<PaymentStatus> = new Set(["paid", "declined", "failed", "cancelled", "expired", "refunded"]);
export const OPEN_STATUSES = ["created", "pending"] as const satisfies readonly PaymentStatus[];

export function isFinalStatus(status: PaymentStatus): boolean {
  return FINAL_STATUSES.has(status);
}

export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === to) return false;
  if (from === "paid") return to === "refunded";
  if (isFinalStatus(from) || to === "refunded") return false;
  if (from === "pending" && to === "created") return false;
  return true;
}

export function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** Provider names as the spec's API uses them. */
export const PROVIDERS = ["HLFSwish", "Mondido", "Invoice", "Drip", "Brite"] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export function isProviderName(value: string): value is ProviderName {
  return (PROVIDERS as readonly string[]).includes(value);
}

export const PAYMENT_METHODS = ["swish", "card", "invoice", "autogiro", "bank"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The one map from how a donor pays to who carries it out. */
export const PROVIDER_FOR_METHOD: Readonly<Record<PaymentMethod, ProviderName>> = {
  swish: "HLFSwish",
  card: "Mondido",
  invoice: "Invoice",
  bank: "Brite",
  autogiro: "Drip",
};

/** Who moved a payment: the API call that started it, a provider's message, a poll, the reconciliation job, the donor, a bank file, or staff. */
export const TRANSITION_SOURCES = ["api", "callback", "poll", "reconcile", "donor", "import", "staff", "seed"] as const;
export type TransitionSource = (typeof TRANSITION_SOURCES)[number];
