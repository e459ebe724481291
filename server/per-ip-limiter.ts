import type { RequestHandler } from "express";
import { sendApiError } from "./api/api-errors";

/**
 * A fixed-window counter per client address, shared by the JSON API and the
 * page actions that start the same costly things (a BankID order, a register
 * look-up), so a visitor cannot get around the API's limit by posting the
 * form. In process memory: with several instances behind a load balancer,
 * each counts on its own (see docs/operations notes in README); move the
 * counters to the database or Redis if that matters.
 */
export class PerIpLimiter {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; false when the address is over its limit in this window. */
  hit(key: string): boolean {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.counts = new Map();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count <= this.limit;
  }

  /** Whether one more attempt would be allowed now, without counting it. */
  peek(key: string): boolean {
    if (this.now() - this.windowStart >= this.windowMs) return this.limit >= 1;
    return (this.counts.get(key) ?? 0) < this.limit;
  }

  secondsLeft(): number {
    return Math.max(1, Math.ceil((this.windowStart + this.windowMs - this.now()) / 1000));
  }

  middleware(code = "rate_limited"): RequestHandler {
    return (req, res, next) => {
      if (this.hit(req.ip ?? "unknown")) return next();
      res.setHeader("Retry-After", String(this.secondsLeft()));
      sendApiError(res, 429, code, "Du har gjort för många försök på kort tid. Vänta en minut och försök igen.");
    };
  }
}
