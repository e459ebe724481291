import type { GiftRow, PaymentRow } from "./payment-repository";
import type { PaymentMethod, PaymentStatus, ProviderName } from "./payment-status";

/**
 * What every payment method looks like to the payment service. Each provider
 * adapter (Swish, card, invoice, Brite, autogiro) translates between this and
 * its own protocol client.
 */
export interface StartOptions {
  /** Swish e-commerce: the donor's phone number as a Swish alias (46…); absent = app switch / QR. */
  payerAlias?: string;
  /** Where the donor's browser comes back to after the provider (card, bank). */
  returnUrl?: string;
  /** The donor's IP, for providers that want it (BankID-backed flows). */
  endUserIp?: string;
  /** Personnummer, when the donor gave it; a bank can skip asking. */
  ssn?: string;
}

export interface StartResult {
  /** `pending` when the provider accepted it; `failed` when it refused; `created` when we could not tell (timeout). */
  status: "pending" | "failed" | "created";
  clientToken?: string | null;
  /** Where to send the donor's browser next (a bank's page). */
  clientUrl?: string | null;
  errorCode?: string | null;
}

export interface ProviderStatus {
  status: PaymentStatus;
  errorCode?: string | null;
  data?: Record<string, unknown>;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  readonly method: PaymentMethod;
  /** How long an attempt may stay open before we end it. */
  readonly expiresAfterMs: number;
  /** Chosen and stored before the provider is called, so a retry can never create a second payment there. */
  newProviderReference(): string;
  start(payment: PaymentRow, gift: GiftRow, options: StartOptions): Promise<StartResult>;
  /** The provider's current view of the payment; `null` when the provider does not know it. */
  fetchStatus(payment: PaymentRow): Promise<ProviderStatus | null>;
  /**
   * Whether the query the provider put on the donor's return address is the
   * provider's own (signed) and about this payment. A signed return only earns
   * the payment an immediate read-back (`fetchStatus`); its words never set a
   * status. Providers without a signed return leave it out.
   */
  verifiesReturn?(payment: PaymentRow, query: Readonly<Record<string, unknown>>): boolean;
  /** `too-late` when the provider has already settled it (the caller then re-reads the status). */
  cancel(payment: PaymentRow): Promise<"cancelled" | "too-late">;
  /** Background work committed together with a new attempt (e.g. e-mailing an invoice). */
  jobsOnCreate?(payment: PaymentRow): Array<{ type: string; payload: unknown; dedupeKey: string }>;
}

export class PaymentProviderUnavailableError extends Error {
  constructor(provider: string, cause: unknown) {
    super(`${provider} did not answer`, { cause });
    this.name = "PaymentProviderUnavailableError";
  }
}
