import type { Transaction } from "kysely";
import type { DB } from "#db/schema";
import type { LimitCounter } from "../rate-limits/rate-limiter";
import { checkRecipientMail, countRecipientMail, type RecipientCounter } from "../mail/recipient-limit";

/**
 * Limits on starting payments, counted where every path that starts one –
 * page forms, "Försök igen", the JSON API, gift types added later – comes
 * through: PaymentService.startPayment. A start counts against the visitor
 * who asks (their address, from the request being served) and, for a Swish
 * request sent to a phone number, against that number, so nobody can make
 * another person's phone ring again and again; an invoice, e-mailed at once to
 * the address the donor typed, counts against that address
 * (core/mail/recipient-limit.ts), so nobody can fill another person's inbox
 * with invoices (issue #30).
 */
export type StartCounter = Pick<LimitCounter, "hit" | "peek">;

export interface PaymentStartLimits {
  /** The visitor the current request comes from, or null outside a request (jobs, scripts). */
  visitor(): string | null;
  perVisitor: StartCounter;
  perPayer: StartCounter;
  /** E-mails to one address a visitor typed; an invoice is one. */
  perRecipient?: RecipientCounter;
}

export class PaymentStartsLimitedError extends Error {
  /** An HTTP status for handlers that map errors generically. */
  readonly status = 429;
  readonly expose = true;
  constructor(readonly by: "visitor" | "payer") {
    super(by === "payer" ? "Too many payment requests to this payer" : "Too many payment starts from this visitor");
    this.name = "PaymentStartsLimitedError";
  }
}

export const PAYMENT_STARTS_LIMITED_MESSAGE =
  "Du har försökt betala många gånger på kort tid. Vänta några minuter och försök sedan igen – ingen gåva har dragits.";

/**
 * Counts a start, in `within` – the transaction that records it: a
 * database-kept count is raised in it (and undone with it when the start is
 * refused), and it needs no second connection while the gift row is locked.
 * Throws PaymentStartsLimitedError when the start is over a limit, and
 * RecipientMailLimitedError (field `email`) when an invoice to `invoiceTo`
 * would be one e-mail too many. Kept in this process (the SQLite default), a
 * count made before a later limit refuses the start is not undone; it only
 * brings that visitor's own limit one nearer.
 */
export async function admitPaymentStart(
  limits: PaymentStartLimits | undefined,
  payerAlias: string | null,
  within: Transaction<DB>,
  invoiceTo: string | null = null,
): Promise<void> {
  if (!limits) return;
  const visitor = limits.visitor();
  if (visitor !== null && !(await limits.perVisitor.hit(visitor, within))) throw new PaymentStartsLimitedError("visitor");
  if (payerAlias && !(await limits.perPayer.hit(payerAlias, within))) throw new PaymentStartsLimitedError("payer");
  if (invoiceTo && limits.perRecipient) {
    const invoice = [{ address: invoiceTo, field: "email" }];
    await checkRecipientMail(limits.perRecipient, invoice, within);
    await countRecipientMail(limits.perRecipient, invoice, within);
  }
}

/** The same limits asked without counting: whether a start would be refused now (for a caller that stores something before the start). */
export async function checkPaymentStart(limits: PaymentStartLimits | undefined, payerAlias: string | null, invoiceTo: string | null = null): Promise<void> {
  if (!limits) return;
  const visitor = limits.visitor();
  if (visitor !== null && !(await limits.perVisitor.peek(visitor))) throw new PaymentStartsLimitedError("visitor");
  if (payerAlias && !(await limits.perPayer.peek(payerAlias))) throw new PaymentStartsLimitedError("payer");
  if (invoiceTo && limits.perRecipient) await checkRecipientMail(limits.perRecipient, [{ address: invoiceTo, field: "email" }]);
}
