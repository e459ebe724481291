import crypto from "node:crypto";
import express, { type Request, type Router } from "express";
import type { Registry } from "prom-client";
import { sendApiError } from "../api/api-errors";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * Who may read /metrics (decision 0043): a scraper on the same host, asking
 * directly – the connection's own address is loopback and no proxy header
 * says it came from elsewhere (a proxy on this host would make every visitor
 * look like loopback) – or anyone with the configured bearer token. The
 * client address Express derives from X-Forwarded-For is never used: it can
 * be written by the visitor.
 */
export function mayReadMetrics(req: Pick<Request, "headers" | "socket">, token: string | undefined): boolean {
  const authorization = req.headers.authorization;
  if (token && authorization?.startsWith("Bearer ")) return sameSecret(authorization.slice("Bearer ".length), token);
  const proxied = req.headers["x-forwarded-for"] !== undefined || req.headers.forwarded !== undefined;
  return !proxied && LOOPBACK.has(req.socket.remoteAddress ?? "");
}

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** GET /metrics in Prometheus' text format, for whoever mayReadMetrics; everyone else is answered 404, as if it were not there. */
export function metricsRouter(registry: Registry, token: string | undefined): Router {
  const router = express.Router();
  router.get("/metrics", async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (!mayReadMetrics(req, token)) return sendApiError(res, 404, "not_found", "Sidan finns inte.");
    res.type(registry.contentType).send(await registry.metrics());
  });
  return router;
}
