import express, { type Router } from "express";
import type { AppContainer } from "../container";
import { registerWebEventBodySchema } from "#core/tracking/web-event-schema";
import { toStoredWebEvent } from "#core/tracking/stored-web-event";
import { isSameOriginPost } from "#app/consent/consent-form";
import { sendApiError, sendValidationError } from "./api-errors";
import { perMinuteLimit } from "./rate-limit";

/**
 * `POST /api/RegisterWebEvent` (spec section 7): the first-party events API.
 * The browser only calls it with statistics and marketing consent (the
 * `mayTrack` gate in app/tracking). The body is validated strictly, addresses
 * lose their query strings (except utm_*) before storage, and the answer is an
 * empty 204, because page views and beacons never read it.
 */
export function webEventsApiRouter(
  container: Pick<AppContainer, "clock" | "webEvents" | "rateLimiter">,
  limits: { perMinute: number },
): Router {
  const router = express.Router();

  router.post("/RegisterWebEvent", perMinuteLimit(container.rateLimiter, "web-events", limits.perMinute), async (req, res, next) => {
    try {
      // Another site must not be able to write events in our visitors' names.
      const expectedOrigin = `${req.protocol}://${req.get("host") ?? ""}`;
      if (!isSameOriginPost({ get: (name) => req.get(name) ?? null }, expectedOrigin)) {
        return sendApiError(res, 403, "forbidden", "Förfrågan kommer inte från vår webbplats.");
      }
      const parsed = registerWebEventBodySchema.safeParse(req.body);
      if (!parsed.success) return sendValidationError(res, parsed.error);
      await container.webEvents.insert(toStoredWebEvent(parsed.data, container.clock.now()));
      res.status(204).end();
    } catch (error) {
      next(error);
    }
  });

  return router;
}
