import express, { type Router } from "express";
import { z } from "zod";
import { OffsetClock } from "../core/clock";
import type { AppContainer } from "./container";
import { sendApiError } from "./api/api-errors";

const clockMove = z.union([
  z.object({ advanceMs: z.number().int().min(0).max(5 * 366 * 86_400_000) }).strict(),
  z.object({ to: z.iso.datetime({ offset: true }) }).strict(),
]);

const limitToFill = z.object({ limit: z.string().min(1).max(60), key: z.string().min(1).max(200) }).strict();

/** The test-only addresses; each answers 404 unless ENABLE_TEST_ROUTES is true. */
const TEST_PATHS = ["/clock", "/jobs/run", "/rate-limits/fill"];

/**
 * Routes only the end-to-end suite uses (they answer 404 unless
 * ENABLE_TEST_ROUTES is true): move the server's clock, run the jobs that
 * are due at the new now, and fill a rate limit for one key so that a journey
 * can see the refusal at that limit without making the attempts one by one.
 */
export function testRoutes(container: AppContainer): Router {
  const router = express.Router();
  router.use(TEST_PATHS, (_req, res, next) => {
    // Switched off (everywhere but the end-to-end server) the addresses do not exist.
    if (!container.config.ENABLE_TEST_ROUTES) sendApiError(res, 404, "not_found", "Sidan finns inte.");
    else next();
  });
  router.use(TEST_PATHS, express.json({ limit: "4kb" }), (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  router.post("/clock", (req, res) => {
    const clock = container.clock;
    if (!(clock instanceof OffsetClock)) {
      sendApiError(res, 409, "clock_not_movable", "Klockan går inte att flytta på den här servern.");
      return;
    }
    const parsed = clockMove.safeParse(req.body);
    if (!parsed.success) {
      sendApiError(res, 400, "invalid_clock_move", "Ange advanceMs (millisekunder framåt) eller to (en tidpunkt i ISO 8601).");
      return;
    }
    if ("advanceMs" in parsed.data) clock.advance(parsed.data.advanceMs);
    else clock.set(parsed.data.to);
    res.json({ now: clock.now().toISOString() });
  });

  router.post("/jobs/run", async (_req, res) => {
    // Until nothing more is due: a job may queue another (a paid order queues its receipt and deliveries).
    const ran = await container.jobs.runAllDue();
    res.json({ ran, now: container.clock.now().toISOString() });
  });
  router.post("/rate-limits/fill", async (req, res) => {
    const parsed = limitToFill.safeParse(req.body);
    const limit = parsed.success ? container.rateLimiter.named(parsed.data.limit) : undefined;
    if (!parsed.success || !limit) {
      sendApiError(res, 400, "invalid_limit", "Ange limit (namnet på en begränsning servern har) och key.");
      return;
    }
    while ((await limit.take(parsed.data.key)).remaining > 0);
    res.json({ limit: limit.name, key: parsed.data.key, full: !(await limit.peek(parsed.data.key)) });
  });
  return router;
}
