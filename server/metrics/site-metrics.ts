import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";
import type { PaymentOutcomeSubscriber } from "#core/payments/payment-outcomes";
import { FINAL_STATUSES } from "#core/payments/payment-status";

/**
 * The site's own metrics (decision 0043), in a registry of the container's
 * rather than prom-client's global one: two servers in one process (the
 * tests) each count their own. Labels are fixed sets of words – a limit's
 * name, a provider, a status, a route pattern – never a URL, a reference, an
 * address or anything a visitor typed.
 */
export interface SiteMetrics {
  registry: Registry;
  httpDuration: Histogram<"method" | "route" | "status">;
  paymentsStarted: Counter<"provider">;
  paymentsFinished: Counter<"provider" | "status">;
  mailSent: Counter;
  mailFailed: Counter;
  documentRenders: Counter<"format" | "outcome">;
  rateLimitRefusals: Counter<"limit">;
}

export function createSiteMetrics(): SiteMetrics {
  const registry = new Registry();
  // Process and event-loop metrics (CPU, memory, handles, event-loop lag, GC): prom-client's defaults.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: "site_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method, route pattern (never the URL) and status class.",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    paymentsStarted: new Counter({
      name: "site_payments_started_total",
      help: "New payment attempts recorded, by provider.",
      labelNames: ["provider"],
      registers,
    }),
    paymentsFinished: new Counter({
      name: "site_payments_finished_total",
      help: "Payments that reached an outcome (paid, declined, failed, cancelled, expired, refunded), by provider and status.",
      labelNames: ["provider", "status"],
      registers,
    }),
    mailSent: new Counter({ name: "site_mail_sent_total", help: "E-mails handed to the mail server (or written to MAIL_DIR).", registers }),
    mailFailed: new Counter({ name: "site_mail_failed_total", help: "E-mails the mail server did not take (the job tries again).", registers }),
    documentRenders: new Counter({
      name: "site_document_renders_total",
      help: "Documents rendered, by format and outcome: rendered, failed, or refused because too many waited.",
      labelNames: ["format", "outcome"],
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: "site_rate_limit_refusals_total",
      help: "Attempts refused by a rate limit, by the limit's name (docs/limits.md).",
      labelNames: ["limit"],
      registers,
    }),
  };
}

/**
 * Counts payments reaching an outcome. Registered last among the outcome
 * subscribers, so the count comes after every product's handler has run in
 * the transition's transaction; only a failed commit after it could count a
 * move that did not happen, and that move is tried again.
 */
export function paymentOutcomeCounter(metrics: Pick<SiteMetrics, "paymentsFinished">): PaymentOutcomeSubscriber {
  return Object.fromEntries(
    [...FINAL_STATUSES].map((outcome) => [
      outcome,
      async ({ payment }: { payment: { provider: string } }) => {
        metrics.paymentsFinished.inc({ provider: payment.provider, status: outcome });
      },
    ]),
  );
}
