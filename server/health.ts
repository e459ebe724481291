import express, { type Router } from "express";
import { sql } from "kysely";
import type { AppContainer } from "./container";

/** Liveness and readiness in one: answers 200 only when the database answers. */
export function healthRouter(container: AppContainer): Router {
  const router = express.Router();
  router.get("/healthz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await sql`select 1`.execute(container.db);
      res.json({ status: "ok", database: container.engine });
    } catch (error) {
      container.logger.error({ err: error }, "health check failed");
      res.status(503).json({ status: "unavailable", database: container.engine });
    }
  });
  return router;
}
