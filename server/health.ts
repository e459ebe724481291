import express, { type Router } from "express";
import { sql } from "kysely";
import type { AppContainer } from "./container";

/**
 * Liveness (/healthz: the process answers and so does its database) and
 * readiness (/readyz: it should be sent visitors – database, migrations, job
 * loop; server/readiness.ts). A 503 says why in a word, for the proxy's log.
 */
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
  router.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const readiness = await container.readiness();
    if (readiness.ready) return void res.json({ status: "ready" });
    res.status(503).json({ status: "not-ready", reason: readiness.reason, detail: readiness.detail });
  });
  return router;
}
