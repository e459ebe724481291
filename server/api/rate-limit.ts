import type { RequestHandler } from "express";
import { MINUTE_MS, type RateLimit, type RateLimiter } from "#core/rate-limits/rate-limiter";
import { sendApiError } from "./api-errors";

export const RATE_LIMITED_MESSAGE = "Du har gjort för många försök på kort tid. Vänta en minut och försök igen.";

/**
 * Express middleware over one of the site's limits (core/rate-limits,
 * decision 0029), counted per client address: 429 with Retry-After and the
 * API's error body when over, and the standard RateLimit headers (IETF
 * draft 8, as express-rate-limit sent them before) on every answer. Where the
 * counts live – this process or the shared database – is the limiter's
 * business, so every instance behind a load balancer counts the same.
 */
export function limitRequests(limit: RateLimit, code = "rate_limited"): RequestHandler {
  const policy = `"${limit.name}";q=${limit.limit};w=${Math.round(limit.windowMs / 1000)}`;
  return (req, res, next) => {
    limit.take(req.ip ?? "unknown").then(({ allowed, remaining, secondsLeft }) => {
      res.setHeader("RateLimit-Policy", policy);
      res.setHeader("RateLimit", `"${limit.name}";r=${remaining};t=${secondsLeft}`);
      if (allowed) return next();
      res.setHeader("Retry-After", String(secondsLeft));
      sendApiError(res, 429, code, RATE_LIMITED_MESSAGE);
    }, next);
  };
}

/** A per-minute limit of the site's limiter as middleware; routes given the same name share one count. */
export function perMinuteLimit(limiter: RateLimiter, name: string, limit: number, code?: string): RequestHandler {
  return limitRequests(limiter.limit(name, limit, MINUTE_MS), code);
}
