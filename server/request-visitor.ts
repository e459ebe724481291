import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestHandler } from "express";

/**
 * The visitor a request comes from (its client address, after the trusted
 * proxies), kept for everything that runs on behalf of that request, so that
 * a limit deep in the domain (payment starts) counts per visitor on every
 * path – page actions, the JSON API – without each caller passing it on.
 */
const visitors = new AsyncLocalStorage<string>();

export function rememberVisitor(): RequestHandler {
  return (req, _res, next) => visitors.run(req.ip ?? "unknown", next);
}

/** The current request's visitor, or null outside a request (jobs, scripts). */
export function currentVisitor(): string | null {
  return visitors.getStore() ?? null;
}

/** Runs `work` on behalf of a visitor, as a request from them would (scripts and tests). */
export function asVisitor<T>(visitor: string, work: () => Promise<T>): Promise<T> {
  return visitors.run(visitor, work);
}
