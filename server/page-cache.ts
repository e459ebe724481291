import crypto from "node:crypto";
import type { Request as ExpressRequest } from "express";
import { NONCE_PLACEHOLDER } from "#app/context";
import { isPhone } from "#core/site/device";
import { preparePieces, type PreparedPieces } from "./gzip-pieces";
import { NONCE_LENGTH } from "./prerendered-responses";

/**
 * Rendered pages for anonymous visitors (decision 0026). The gift forms and the
 * research pages are the same for every visitor without a session, except
 * for the CSP nonce and the forms' idempotency keys. Those are rendered as
 * placeholders, the page is kept, and every response gets a fresh nonce and
 * fresh keys put into the kept page: the server renders such a page once per
 * key and TTL instead of once per visitor.
 *
 * Only GET requests for the pages listed in CACHED_PAGES, with no cookie that
 * could make the page personal (a donor or staff session, a BankID browser
 * id…), are looked up; only a 200 HTML answer without Set-Cookie and without
 * `private`/`no-store` is kept. The key holds the path, the query string, the
 * consent cookie and whether the visitor is on a phone (the gift forms offer
 * Swish on this device first there). Entries live TTL milliseconds on the
 * server's clock (a test moving the clock forward expires them) and the cache
 * holds at most `maxEntries`, dropping the least recently used.
 *
 * The not-found page is kept too, one document for every unknown address of
 * one shape, with the visitor's address put into it (server/not-found-page.ts,
 * decision 0054).
 */
export const CACHED_PAGES: ReadonlySet<string> = new Set([
  "/ge-en-gava",
  "/ge-en-gava/minnesgava",
  "/ge-en-gava/gratulationskort",
  "/ge-en-gava/gavokort",
  "/ge-en-gava/gavobevis",
  "/ge-en-gava/diplom",
  "/ge-en-gava/lista",
  "/ge-en-gava/manadsgava",
  "/bli-medlem",
  // Submitted searches are counted before the cache (server/submitted-searches.ts); a kept result page
  // is dropped when the index is rebuilt (dropPages), so it never shows an older index than a rendered one.
  "/sok",
  "/forskning/projekt",
  "/en/research/projects",
  // Issue #33 (decision 0054): the collection start pages were rendered per visitor although an anonymous visitor's
  // is everyone's. They are private pages: no-store and noindex are set on every response, kept or not.
  "/minnesinsamling",
  "/insamling",
  // The login pages: without a cookie nobody has a sign-in under way, and the page is everyone's (the
  // BankID browser cookie that a started sign-in sets is not harmless, so such a visitor is never looked up).
  "/logga-in",
  "/admin/logga-in",
]);

/** Cookies that do not make a page personal: consent (part of the key) and the analytics ids it allows. */
const CONSENT_COOKIE = "hl_consent";
const HARMLESS_COOKIES = new Set([CONSENT_COOKIE, "hl_identity", "hl_timestamp"]);
const MAX_QUERY_LENGTH = 200;

/** The cache key for an anonymous visitor's request, or null when the page must be rendered for this visitor. */
export function anonymousPageKey(req: Pick<ExpressRequest, "method" | "path" | "originalUrl" | "headers">): string | null {
  if (req.method !== "GET" || !CACHED_PAGES.has(req.path)) return null;
  const queryAt = req.originalUrl.indexOf("?");
  const query = queryAt === -1 ? "" : req.originalUrl.slice(queryAt + 1);
  if (query.length > MAX_QUERY_LENGTH) return null;
  const visitors = sharedBy(req.headers);
  return visitors === null ? null : `${req.path}?${query}|${visitors}`;
}

/**
 * Which anonymous visitors share a kept page: their device and consent, as `device|consent`; null when a
 * cookie could make the page personal (a session, a BankID sign-in under way, anything not known harmless).
 */
export function sharedBy(headers: ExpressRequest["headers"]): string | null {
  let consent = "";
  for (const part of (headers.cookie ?? "").split(";")) {
    const name = part.slice(0, part.indexOf("=")).trim();
    if (name === "") continue;
    if (!HARMLESS_COOKIES.has(name)) return null;
    if (name === CONSENT_COOKIE) consent = part.slice(part.indexOf("=") + 1).trim();
  }
  const device = isPhone(headers["user-agent"]) ? "phone" : "other";
  return `${device}|${consent}`;
}

/**
 * The stand-ins a page is rendered with: the nonce placeholder, and one
 * UUID-shaped marker per fresh token the loaders ask for (a per-render random
 * prefix, so no text on a page can pass for one).
 */
export class PlaceholderTokens {
  private readonly prefix = crypto.randomUUID().slice(0, 23);
  private count = 0;

  readonly next = (): string => `${this.prefix}-${String(this.count++).padStart(12, "0")}`;

  get issued(): number {
    return this.count;
  }

  /**
   * Splits a page rendered with these stand-ins into its fixed text and the places that take fresh values.
   * `address`: the stand-in address the page was rendered for (the kept not-found page, server/not-found-page.ts);
   * its path, and its path with its query, become places for the visitor's own.
   */
  compile(html: string, address?: Address): CompiledPage["body"] {
    const alternatives = [NONCE_PLACEHOLDER, ...(address ? [address.pathname + address.search, address.pathname] : [])].map(escapeRegExp);
    const pattern = new RegExp(`${alternatives.join("|")}|${escapeRegExp(this.prefix)}-(\\d{12})`, "g");
    const parts: string[] = [];
    const slots: Slot[] = [];
    let last = 0;
    for (const match of html.matchAll(pattern)) {
      parts.push(html.slice(last, match.index));
      slots.push(
        match[1] !== undefined ? Number(match[1]) : match[0] === NONCE_PLACEHOLDER ? NONCE_SLOT : match[0] === address?.pathname ? PATH_SLOT : PATH_AND_QUERY_SLOT,
      );
      last = match.index + match[0].length;
    }
    parts.push(html.slice(last));
    return { parts, slots, tokens: this.count };
  }
}

/** A page's address as React Router sees it: its path, and its query with the `?` (or nothing). */
export interface Address {
  pathname: string;
  search: string;
}

const NONCE_SLOT = -1;
/** The visitor's path (the kept not-found page's scroll restoration key). */
const PATH_SLOT = -2;
/** The visitor's path and query (the kept not-found page's consent banner's `returnTo`). */
const PATH_AND_QUERY_SLOT = -3;
/** NONCE_SLOT, PATH_SLOT, PATH_AND_QUERY_SLOT, or the index of a fresh token. */
type Slot = number;

export interface CompiledPage {
  status: number;
  headers: Array<[string, string]>;
  body: { parts: string[]; slots: Slot[]; tokens: number };
  /** A kept page's pieces, compressed once for gzip responses (server/gzip-pieces.ts), from its second response on. */
  gzip?: PreparedPieces;
}

/** A fresh token is a UUID, as long as the stand-in it replaces. */
const TOKEN_LENGTH = 36;

/**
 * What goes into each of the page's places for one visitor: their nonce, tokens nobody else gets, and on
 * a page kept for many addresses their own address (which must need no escaping: server/not-found-page.ts).
 */
export function personalValues(body: CompiledPage["body"], nonce: string, freshToken: () => string = () => crypto.randomUUID(), address?: Address): string[] {
  const tokens = Array.from({ length: body.tokens }, freshToken);
  return body.slots.map((slot) => {
    if (slot === NONCE_SLOT) return nonce;
    if (slot === PATH_SLOT || slot === PATH_AND_QUERY_SLOT) {
      if (!address) throw new Error("this page is kept for many addresses: the visitor's address is needed");
      return slot === PATH_SLOT ? address.pathname : address.pathname + address.search;
    }
    return tokens[slot] as string;
  });
}

/** The page's text with these values in its places. */
export function withValues(body: CompiledPage["body"], values: readonly string[]): string {
  let html = body.parts[0] ?? "";
  for (let i = 0; i < values.length; i++) html += values[i]! + (body.parts[i + 1] ?? "");
  return html;
}

/** The page as one visitor gets it: their nonce, tokens nobody else gets, and their address on a page kept for many. */
export function personalise(body: CompiledPage["body"], nonce: string, freshToken?: () => string, address?: Address): string {
  return withValues(body, personalValues(body, nonce, freshToken, address));
}

/** The page's pieces compressed once, so that no gzip response of it compresses anything; an address may be of any length. */
export function gzipPiecesOf(page: CompiledPage): PreparedPieces {
  return preparePieces(
    page.body.parts,
    page.body.slots.map((slot) => (slot === NONCE_SLOT ? NONCE_LENGTH : slot === PATH_SLOT || slot === PATH_AND_QUERY_SLOT ? null : TOKEN_LENGTH)),
  );
}

/**
 * Whether a rendered answer may be kept for other anonymous visitors. A private page's route says
 * `no-store` to browsers whoever asks; every response of it, kept or not, says so again
 * (`privateHeaders` in server/page-requests.ts), so for such a page that word alone does not make it personal.
 * `status`: the answer a kept page is – 200, or 404 for the not-found page (server/not-found-page.ts).
 */
export function mayKeep(response: Pick<Response, "status" | "headers">, privatePage = false, status = 200): boolean {
  if (response.status !== status) return false;
  if (response.headers.has("set-cookie")) return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (/\bprivate\b/i.test(cacheControl)) return false;
  if (/\bno-store\b/i.test(cacheControl) && !privatePage) return false;
  return /^text\/html\b/i.test(response.headers.get("content-type") ?? "");
}

export class RenderedPageCache {
  private readonly entries = new Map<string, { page: CompiledPage; storedAt: number }>();
  private dropCount = 0;

  constructor(private readonly options: { maxEntries: number; ttlMs: number; now: () => number }) {}

  get enabled(): boolean {
    return this.options.maxEntries > 0 && this.options.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CompiledPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = this.options.now() - entry.storedAt;
    if (age < 0 || age >= this.options.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.page;
  }

  /**
   * Counts the drops so far. A page rendered while its source changed must not
   * be kept: take the generation before rendering and give it to `set`.
   */
  get generation(): number {
    return this.dropCount;
  }

  /** `renderedAt`: the generation when the page's rendering began; a page rendered before a drop is not kept. */
  set(key: string, page: CompiledPage, renderedAt = this.dropCount): void {
    if (!this.enabled || renderedAt !== this.dropCount) return;
    this.entries.delete(key);
    this.entries.set(key, { page, storedAt: this.options.now() });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** Forgets every kept variant (query, device, consent) of these pages: what they show has changed. */
  dropPages(pathnames: readonly string[]): void {
    this.dropCount += 1;
    for (const key of [...this.entries.keys()]) {
      if (pathnames.some((pathname) => key.startsWith(`${pathname}?`))) this.entries.delete(key);
    }
  }

  clear(): void {
    this.dropCount += 1;
    this.entries.clear();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
