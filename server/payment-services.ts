import type { Kysely } from "kysely";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import type { DB } from "#db/schema";
import type { Engine } from "#db/dialect";
import { HOUR_MS, MINUTE_MS, type RateLimit, type RateLimiter } from "#core/rate-limits/rate-limiter";
import { PaymentOutcomeHandlers } from "#core/payments/payment-outcomes";
import { PaymentService } from "#core/payments/payment-service";
import { RefundService } from "#core/payments/refund-service";
import { productSubscribers } from "#core/product-payment-outcomes";
import { paymentOutcomeCounter, type SiteMetrics } from "./metrics/site-metrics";
import type { ServerConfig } from "./config";
import type { PaymentSetup } from "./payments";
import { currentVisitor } from "./request-visitor";
import type { ChangeNotifications } from "./live/change-notifications";
import { giftChangeNotices } from "./live/gift-changes";

export interface PaymentServices {
  payments: PaymentService;
  refunds: RefundService;
  /** What gifts, orders, memberships and agreements do when a payment reaches an outcome (decision 0037). */
  outcomes: PaymentOutcomeHandlers;
}

type PaymentServicesConfig = Pick<ServerConfig, "RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE" | "RATE_LIMIT_SWISH_REQUESTS_PER_PHONE" | "EMAIL_PER_RECIPIENT_PER_HOUR">;

/**
 * The payment kernel, built once at boot over the providers of
 * server/payments.ts: payments and refunds, both publishing to the products'
 * outcome handlers, with the per-visitor and per-payer limits on new attempts.
 */
export function buildPaymentServices(
  config: PaymentServicesConfig,
  deps: {
    db: Kysely<DB>;
    engine: Engine;
    clock: Clock;
    logger: Logger;
    rateLimiter: RateLimiter;
    metrics: Pick<SiteMetrics, "paymentsStarted" | "paymentsFinished">;
    /** Live totals hear of paid and refunded payments through these (server/live/). */
    notifications: ChangeNotifications;
  },
  setup: Pick<PaymentSetup, "providers" | "refundAdapters">,
): PaymentServices {
  const { db, engine, clock, logger, rateLimiter, metrics, notifications } = deps;
  // The count and the change notice last: they follow every product's handler in the transition's transaction.
  const outcomes = new PaymentOutcomeHandlers([...productSubscribers, paymentOutcomeCounter(metrics), giftChangeNotices(notifications)]);
  const payments = new PaymentService({
    db,
    engine,
    clock,
    logger,
    outcomes,
    providers: setup.providers,
    onStarted: (provider) => metrics.paymentsStarted.inc({ provider }),
    startLimits: {
      visitor: currentVisitor,
      perVisitor: rateLimiter.limit("payment-starts-per-visitor", config.RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE, MINUTE_MS),
      perPayer: rateLimiter.limit("swish-requests-per-phone", config.RATE_LIMIT_SWISH_REQUESTS_PER_PHONE, 15 * MINUTE_MS),
      perRecipient: emailPerRecipient(rateLimiter, config),
    },
  });
  const refunds = new RefundService({ db, engine, clock, logger, outcomes, adapters: setup.refundAdapters });
  return { payments, refunds, outcomes };
}

/** The one count of e-mails per address a visitor typed (core/mail/recipient-limit.ts), shared by invoices and every other kind. */
export function emailPerRecipient(rateLimiter: RateLimiter, config: Pick<ServerConfig, "EMAIL_PER_RECIPIENT_PER_HOUR">): RateLimit {
  return rateLimiter.limit("email-per-recipient", config.EMAIL_PER_RECIPIENT_PER_HOUR, HOUR_MS);
}
