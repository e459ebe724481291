/**
 * The closed sets of agreements, mandates and provider files (decision 0012,
 * Agreements). Each is also a CHECK constraint in the database (migration
 * 0011-agreements); db/check-constraints.test.ts keeps the two equal.
 *
 * An agreement's life:
 *
 *   pending → active ⇄ paused
 *   pending | active | paused → cancelled
 *   pending → refused
 */
export const AGREEMENT_KINDS = ["monthly_gift", "membership"] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

export const AGREEMENT_INTERVALS = ["monthly", "yearly"] as const;
export type AgreementInterval = (typeof AGREEMENT_INTERVALS)[number];

export const AGREEMENT_METHODS = ["autogiro", "card"] as const;
export type AgreementMethod = (typeof AGREEMENT_METHODS)[number];

export const AGREEMENT_STATUSES = ["pending", "active", "paused", "cancelled", "refused"] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

/** Every change to an agreement is one event, and says from which debit it applies. */
export const AGREEMENT_EVENT_TYPES = [
  "created",
  "activated",
  "amount_changed",
  "day_changed",
  "paused",
  "resumed",
  "cancelled",
  "refused",
  "debit_failed",
] as const;
export type AgreementEventType = (typeof AGREEMENT_EVENT_TYPES)[number];

export const AGREEMENT_EVENT_SOURCES = ["donor", "bankgirot", "staff", "system"] as const;
export type AgreementEventSource = (typeof AGREEMENT_EVENT_SOURCES)[number];

/** A mandate (medgivande): sent to Bankgirot, then approved, refused, or later cancelled. */
export const MANDATE_STATUSES = ["requested", "approved", "refused", "cancelled"] as const;
export type MandateStatus = (typeof MANDATE_STATUSES)[number];

export const PROVIDER_FILE_DIRECTIONS = ["in", "out"] as const;
export type ProviderFileDirection = (typeof PROVIDER_FILE_DIRECTIONS)[number];

/**
 * `writing`: an outgoing file's requests are reserved and it is being written
 * (rewritten with the same name and content after a crash); `sent`: in the
 * outbox; `processed`: an incoming file booked; `rejected`: an incoming file
 * refused as a whole (left for staff).
 */
export const PROVIDER_FILE_STATUSES = ["writing", "sent", "processed", "rejected"] as const;
export type ProviderFileStatus = (typeof PROVIDER_FILE_STATUSES)[number];

export const AUTOGIRO_REQUEST_KINDS = ["new_mandate", "cancel_mandate", "payment", "cancel_payments"] as const;
export type AutogiroRequestKind = (typeof AUTOGIRO_REQUEST_KINDS)[number];

export const AGREEMENT_STATUS_LABELS: Readonly<Record<AgreementStatus, string>> = {
  pending: "Väntar på godkännande från banken",
  active: "Aktiv",
  paused: "Pausad",
  cancelled: "Avslutad",
  refused: "Inte godkänd av banken",
};

export function canMoveAgreement(from: AgreementStatus, to: AgreementStatus): boolean {
  switch (from) {
    case "pending":
      return to === "active" || to === "cancelled" || to === "refused";
    case "active":
      return to === "paused" || to === "cancelled";
    case "paused":
      return to === "active" || to === "cancelled";
    default:
      return false;
  }
}
