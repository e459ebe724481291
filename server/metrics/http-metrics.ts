import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Histogram } from "prom-client";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** What Express leaves on the request once a route has matched (its router's mount path and the route's pattern). */
interface RoutedRequest extends IncomingMessage {
  baseUrl?: string;
  originalUrl?: string;
  route?: { path?: unknown };
}

/**
 * The route label of a finished request: the matched Express route's pattern
 * (`/api/Payment/:id`), or one word for what has no Express route – pages
 * (React Router, pre-rendered or not), their data requests, static assets.
 * Never the URL itself: URLs carry order references, tokens and names.
 */
export function routeLabel(req: RoutedRequest): string {
  const pattern = req.route?.path;
  if (typeof pattern === "string") return `${req.baseUrl ?? ""}${pattern}`;
  const path = (req.originalUrl ?? req.url ?? "/").split("?")[0] ?? "/";
  if (path.startsWith("/api/") || path === "/api") return "api-unmatched";
  if (path.endsWith(".data")) return "page-data";
  if (path.startsWith("/assets/") || /\.[a-z0-9]+$/i.test(path)) return "asset";
  return "page";
}

/**
 * Times every request the listener answers, pre-rendered pages (answered
 * before Express) included, from its arrival until its response is done or
 * the connection closes.
 */
export function timedRequests(listener: RequestListener, histogram: Histogram<"method" | "route" | "status">): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const stopTimer = histogram.startTimer();
    res.once("close", () => {
      const method = METHODS.has(req.method ?? "") ? (req.method as string) : "other";
      stopTimer({ method, route: routeLabel(req), status: `${Math.floor(res.statusCode / 100)}xx` });
    });
    listener(req, res);
  };
}
