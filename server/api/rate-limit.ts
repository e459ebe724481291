import { rateLimit } from "express-rate-limit";
import type { RequestHandler } from "express";
import { sendApiError } from "./api-errors";

/**
 * Per-IP limits on anything that costs money or sends messages. Counters live
 * in this process; with several instances behind a load balancer, give them a
 * shared store (express-rate-limit supports Redis) – see docs/operations.md.
 */
export function perMinuteLimit(limit: number, code = "rate_limited"): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (_req, res) =>
      sendApiError(res, 429, code, "Du har gjort för många försök på kort tid. Vänta en minut och försök igen."),
  });
}
