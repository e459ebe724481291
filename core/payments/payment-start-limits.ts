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
 * Throws PaymentStartsLimitedError when a start would be over a limit (and
 * RecipientMailLimitedError, field `email`, when an invoice to `invoiceTo`
 * would be one e-mail too many); counts it when `count`. `within` is the transaction that records the start: a
 * database-kept count is raised in it (and undone with it when the start is
 * refused), and it needs no second connection while the gift row is locked.
 */
export async function admitPaymentStart(
  limits: PaymentStartLimits | undefined,
  payerAlias: string | null,
  count: boolean,
  within?: Transaction<DB>,
  invoiceTo: string | null = null,
): Promise<void> {
  if (!limits) return;
  const visitor = limits.visitor();
  const check = (counter: StartCounter, key: string) => (count ? counter.hit(key, within) : counter.peek(key, within));
  if (visitor !== null && !(await check(limits.perVisitor, visitor))) throw new PaymentStartsLimitedError("visitor");
  if (payerAlias && !(await check(limits.perPayer, payerAlias))) throw new PaymentStartsLimitedError("payer");
  if (invoiceTo && limits.perRecipient) {
    const invoice = [{ address: invoiceTo, field: "email" }];
    await checkRecipientMail(limits.perRecipient, invoice, within);
    if (count) await countRecipientMail(limits.perRecipient, invoice, within);
  }
}
