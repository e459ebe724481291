import crypto from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import express, { type Request, type RequestHandler, type Response } from "express";
import { NONCE_PLACEHOLDER } from "#app/context";
import { gzipPieces, plainPieces, preparePieces, type PreparedPieces } from "./gzip-pieces";

/**
 * Pre-rendered pages answered before the rest of the middleware (issue #18,
 * decision 0032). Everything about such a response is known at boot except
 * the CSP nonce: the security headers are the ones the site's own header
 * middleware sets (run once at boot with the nonce placeholder, so the two
 * cannot drift apart), and the page is split at the placeholder once. Each
 * response then only joins the pieces around a fresh nonce.
 *
 * Compressed the same way: the fixed pieces are deflated once at boot and a
 * response's gzip joins them around its nonce (server/gzip-pieces.ts), so no
 * response spends CPU on compression.
 */

/** Runs header middleware once against a stand-in response and returns the headers it set, the nonce as the placeholder. */
export function headersFrom(middleware: readonly RequestHandler[]): Array<[string, string]> {
  const headers = new Map<string, [string, string]>();
  const res = {
    locals: { nonce: NONCE_PLACEHOLDER },
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [name, Array.isArray(value) ? value.join(", ") : String(value)]);
      return res;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase())?.[1],
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  const req = { method: "GET", headers: {}, path: "/", url: "/", secure: false };
  for (const handler of middleware) {
    let called = false;
    void handler(req as unknown as Request, res as unknown as Response, (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
      called = true;
    });
    // Header middleware answers synchronously; anything else would not belong here.
    if (!called) throw new Error("a header middleware did not call next() at once");
  }
  return [...headers.values()];
}

/** Every nonce is 16 random bytes in base64: 24 characters. */
export const NONCE_LENGTH = 24;

export type PreparedPage = PreparedPieces;

/** A pre-rendered page, split at its nonce placeholders and compressed once (server/gzip-pieces.ts). */
export function preparePage(html: string): PreparedPage {
  const parts = html.split(NONCE_PLACEHOLDER);
  return preparePieces(parts, Array.from({ length: parts.length - 1 }, () => NONCE_LENGTH));
}

/** The page with this nonce, as sent without compression. */
export function plainBody(page: PreparedPage, nonce: string): Buffer {
  return plainPieces(page, page.slotLengths.map(() => nonce));
}

/** The page with this nonce as a gzip member. */
export function gzipBody(page: PreparedPage, nonce: string): Buffer {
  return gzipPieces(page, page.slotLengths.map(() => nonce));
}

/** 16 random bytes, base64: the same nonce the rest of the site makes (server/security-headers.ts). */
function newNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/**
 * Whether the response should be gzip, decided by Express's own negotiation
 * (`req.acceptsEncodings`, the `accepts` package) – which reads nothing but the
 * request's headers – without building Express's request object for it.
 */
export function prefersGzip(headers: IncomingHttpHeaders): boolean {
  return express.request.acceptsEncodings.call({ headers } as Request, "gzip", "identity") === "gzip";
}

/** Answers a request for a pre-rendered page and returns true; returns false for anything else, untouched. */
export type PrerenderedPageAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Answers GET and HEAD for the pre-rendered pages, in front of Express
 * (server/app.ts): Express's own work per request – its request and response
 * objects, the router, the negotiation – cost more than the page itself. The
 * page's headers are `securityHeaders` (made by `headersFrom` from the site's
 * header middleware) with the nonce put in, then type, caching and encoding.
 */
export function prerenderedResponses(pages: ReadonlyMap<string, string>, securityHeaders: ReadonlyArray<[string, string]>): PrerenderedPageAnswer {
  const prepared = new Map([...pages].map(([pathname, html]) => [pathname, preparePage(html)]));
  const headerParts = securityHeaders.map(([name, value]) => [name, value.split(NONCE_PLACEHOLDER)] as const);
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const page = prepared.get(queryAt === -1 ? url : url.slice(0, queryAt));
    if (!page) return false;
    const nonce = newNonce();
    const gzip = prefersGzip(req.headers);
    const body = gzip ? gzipBody(page, nonce) : plainBody(page, nonce);
    const headers: Array<[string, string]> = headerParts.map(([name, parts]) => [name, parts.length === 1 ? parts[0]! : parts.join(nonce)]);
    headers.push(["Content-Type", "text/html; charset=utf-8"], ["Cache-Control", "no-cache"], ["Vary", "Accept-Encoding"]);
    if (gzip) headers.push(["Content-Encoding", "gzip"]);
    headers.push(["Content-Length", String(body.length)]);
    res.writeHead(200, headers.flat());
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}
