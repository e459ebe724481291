import express, { type Router } from "express";
import type { AppContainer } from "../container";
import { apiErrorHandler, sendApiError } from "./api-errors";
import { swishApiRouter } from "./swish-api";

/** The JSON API under /api: small JSON bodies only, JSON errors only, never cached. */
export function apiRouter(container: AppContainer): Router {
  const router = express.Router();
  router.use(express.json({ limit: "16kb" }));
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  router.use(
    swishApiRouter(container, {
      initPerMinute: container.config.RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE,
      pollPerMinute: container.config.RATE_LIMIT_POLLS_PER_MINUTE,
    }),
  );
  router.use((_req, res) => sendApiError(res, 404, "not_found", "Det finns ingen sådan tjänst."));
  router.use(apiErrorHandler(container.logger));
  return router;
}
