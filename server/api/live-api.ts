import express, { type Router } from "express";
import type { AppContainer } from "../container";
import { sendApiError } from "./api-errors";

/**
 * `GET /api/live/total`: the gala's total, gift count and latest named givers
 * as server-sent events (`event: total`, JSON data), fanned out from one read
 * a second however many watch (decision 0049). Off, with 503, while live
 * widgets are (`container.live.widgetsOff()`): the page then shows no total.
 */
export function liveApiRouter(container: AppContainer): Router {
  const router = express.Router();
  router.get("/live/total", (req, res) => {
    if (container.live.widgetsOff()) {
      res.setHeader("Retry-After", "60");
      sendApiError(res, 503, "live_off", "Den levande summan är avstängd just nu.");
      return;
    }
    container.live.fanOut.stream(container.live.gala, req, res);
  });
  return router;
}
