/**
 * Limits on starting payments, counted where every path that starts one –
 * page forms, "Försök igen", the JSON API, gift types added later – comes
 * through: PaymentService.startPayment. A start counts against the visitor
 * who asks (their address, from the request being served) and, for a Swish
 * request sent to a phone number, against that number, so nobody can make
 * another person's phone ring again and again.
 */
export interface StartCounter {
  /** Counts one start; false when the key is over its limit. */
  hit(key: string): boolean;
  /** Whether one more start would be allowed, without counting it. */
  peek(key: string): boolean;
}

export interface PaymentStartLimits {
  /** The visitor the current request comes from, or null outside a request (jobs, scripts). */
  visitor(): string | null;
  perVisitor: StartCounter;
  perPayer: StartCounter;
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

/** Throws PaymentStartsLimitedError when a start would be over a limit; counts it when `count`. */
export function admitPaymentStart(limits: PaymentStartLimits | undefined, payerAlias: string | null, count: boolean): void {
  if (!limits) return;
  const visitor = limits.visitor();
  const check = (counter: StartCounter, key: string) => (count ? counter.hit(key) : counter.peek(key));
  if (visitor !== null && !check(limits.perVisitor, visitor)) throw new PaymentStartsLimitedError("visitor");
  if (payerAlias && !check(limits.perPayer, payerAlias)) throw new PaymentStartsLimitedError("payer");
}
