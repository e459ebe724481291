import express, { type Router } from "express";
import type { AppContainer } from "../container";
import { apiErrorHandler, sendApiError } from "./api-errors";
import { refuseUnprintableText } from "./printable-text";
import { refuseCrossSite } from "./cross-site";
import { rememberVisitor } from "../request-visitor";
import { swishApiRouter } from "./swish-api";
import { paymentsApiRouter } from "./payments-api";
import { companyGiftApiRouter } from "./company-gift-api";
import { donorApiRouter } from "./donor-api";
import { searchApiRouter } from "./search-api";
import { webEventsApiRouter } from "./web-events-api";
import { memorialApiRouter } from "./memorial-api";
import { greetingCardApiRouter } from "./greeting-card-api";
import { giftPreviewApiRouter } from "./gift-preview-api";
import { memorialGiftApiRouter } from "./memorial-gift-api";
import { membershipApiRouter } from "./membership-api";
import { giftDownloadApiRouter } from "./gift-download-api";
import { registerArticleApiRouter } from "./register-article-api";
import { directDebitApiRouter } from "./direct-debit-api";
import { postalFormApiRouter } from "./postal-form-api";
import { letterLinkApiRouter } from "./letter-link-api";
import { liveApiRouter } from "./live-api";

/** The JSON API under /api: small JSON bodies only, JSON errors only, never cached. */
export function apiRouter(container: AppContainer): Router {
  const router = express.Router();
  router.use(express.json({ limit: "16kb" }));
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  router.use(refuseCrossSite(container.config.publicUrl));
  router.use(refuseUnprintableText());
  // The body parser's stream callbacks run outside the request's async context: take the visitor up again.
  router.use(rememberVisitor());
  router.use(
    swishApiRouter(container, {
      initPerMinute: container.config.RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE,
      pollPerMinute: container.config.RATE_LIMIT_POLLS_PER_MINUTE,
    }),
  );
  router.use(paymentsApiRouter(container));
  router.use(webEventsApiRouter(container, { perMinute: container.config.RATE_LIMIT_WEB_EVENTS_PER_MINUTE }));
  router.use(searchApiRouter(container, { perMinute: container.config.RATE_LIMIT_SEARCHES_PER_MINUTE }));
  router.use(donorApiRouter(container));
  router.use(memorialApiRouter(container));
  router.use(memorialGiftApiRouter(container, { perMinute: container.config.RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE }));
  router.use(membershipApiRouter(container, { perMinute: container.config.RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE }));
  router.use(companyGiftApiRouter(container, { perMinute: container.config.RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE }));
  router.use(giftPreviewApiRouter(container));
  router.use(greetingCardApiRouter(container, { perMinute: container.config.RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE }));
  router.use(giftDownloadApiRouter(container));
  router.use(registerArticleApiRouter(container));
  router.use(directDebitApiRouter(container));
  router.use(postalFormApiRouter(container));
  router.use(letterLinkApiRouter(container));
  router.use(liveApiRouter(container));
  router.use((_req, res) => sendApiError(res, 404, "not_found", "Det finns ingen sådan tjänst."));
  router.use(apiErrorHandler(container.logger));
  return router;
}
