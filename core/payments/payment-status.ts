/**
 * The life of one payment attempt, the same for every method:
 *
 *   created → pending → paid | declined | failed | cancelled | expired
 *
 * `created` means stored but not yet confirmed by the provider; `pending` means
 * the provider has it and the donor is expected to act. The five outcomes are
 * final: nothing moves a payment out of them, which is what makes duplicate and
 * out-of-order provider messages harmless.
 */
export const PAYMENT_STATUSES = ["created", "pending", "paid", "declined", "failed", "cancelled", "expired"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const FINAL_STATUSES: ReadonlySet<PaymentStatus> = new Set(["paid", "declined", "failed", "cancelled", "expired"]);
export const OPEN_STATUSES: readonly PaymentStatus[] = ["created", "pending"];

export function isFinalStatus(status: PaymentStatus): boolean {
  return FINAL_STATUSES.has(status);
}

export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === to || isFinalStatus(from)) return false;
  if (from === "pending" && to === "created") return false;
  return true;
}

export function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** Provider names as the spec's API uses them. */
export const PROVIDERS = ["HLFSwish", "Mondido", "Invoice", "Drip", "Brite"] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export const PAYMENT_METHODS = ["swish", "card", "invoice", "autogiro", "bank"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
