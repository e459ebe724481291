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

/** A Cookie header with only the harmless cookies left: what a page kept for many may be rendered with. */
export function harmlessCookiesOf(cookieHeader: string): string {
  return cookieHeader
    .split(";")
    .filter((part) => HARMLESS_COOKIES.has(part.slice(0, part.indexOf("=")).trim()))
    .join(";");
}
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
 * `allowed`: more cookies the caller deals with itself (a donor's session, server/donor-kept-pages.ts).
 */
export function sharedBy(headers: ExpressRequest["headers"], allowed: readonly string[] = []): string | null {
  let consent = "";
  for (const part of (headers.cookie ?? "").split(";")) {
    const name = part.slice(0, part.indexOf("=")).trim();
    if (name === "" || allowed.includes(name)) continue;
    if (!HARMLESS_COOKIES.has(name)) return null;
    if (name === CONSENT_COOKIE) consent = part.slice(part.indexOf("=") + 1).trim();
  }
  const device = isPhone(headers["user-agent"]) ? "phone" : "other";
  return `${device}|${consent}`;
}

/**
 * The stand-ins a page is rendered with: the nonce placeholder, and one
 * UUID-shaped marker per fresh token the loaders ask for (a per-render random
 * prefix, so no text on a page can pass for one); on a page kept for
 * logged-in donors, one marker per detail of theirs the form fills in
 * (`donorField`, decision 0058).
 */
export class PlaceholderTokens {
  private readonly prefix = crypto.randomUUID().slice(0, 23);
  private count = 0;

  readonly next = (): string => `${this.prefix}-${String(this.count++).padStart(12, "0")}`;

  /** The stand-in for a donor's detail (`name`, `email`…): letters, digits and dashes, the same in HTML and in JSON. */
  donorField(field: string): string {
    if (!/^[A-Za-z]+$/.test(field)) throw new Error(`not a field name: ${field}`);
    return `${this.prefix}-donor-${field}`;
  }

  /** What every stand-in of this render begins with: left in a page but its places, a stand-in was escaped, cut or changed (`mentions`). */
  get marker(): string {
    return this.prefix;
  }

  get issued(): number {
    return this.count;
  }

  /**
   * Splits a page rendered with these stand-ins into its fixed text and the places that take fresh values.
   * `address`: the stand-in address the page was rendered for (the kept not-found page, server/not-found-page.ts);
   * its path, and its path with its query, become places for the visitor's own. A donor field's stand-in
   * becomes a place that knows what it stands in: HTML (an attribute or text), React Router's data stream
   * (a JSON string in a string in its script), or another script, where no donor's detail may go.
   */
  compile(html: string, address?: Address): CompiledPage["body"] {
    const alternatives = [NONCE_PLACEHOLDER, ...(address ? [address.pathname + address.search, address.pathname] : [])].map(escapeRegExp);
    const pattern = new RegExp(`${alternatives.join("|")}|${escapeRegExp(this.prefix)}-(?:(\\d{12})|donor-([A-Za-z]+))`, "g");
    const parts: string[] = [];
    const slots: Slot[] = [];
    const scripts = html.includes(`${this.prefix}-donor-`) ? scriptsIn(html) : [];
    let last = 0;
    for (const match of html.matchAll(pattern)) {
      parts.push(html.slice(last, match.index));
      if (match[2] !== undefined) slots.push({ field: match[2], in: placeOf(scripts, match.index) });
      else slots.push(match[1] !== undefined ? Number(match[1]) : match[0] === NONCE_PLACEHOLDER ? NONCE_SLOT : match[0] === address?.pathname ? PATH_SLOT : PATH_AND_QUERY_SLOT);
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

/**
 * Where a donor's detail stands on a page kept for logged-in donors (decision 0058): in HTML, in React
 * Router's data stream, or in some other script (then the page is not kept: `donorPlacesFit`).
 */
export interface DonorFieldSlot {
  field: string;
  in: "html" | "stream" | "other-script";
}

/** NONCE_SLOT, PATH_SLOT, PATH_AND_QUERY_SLOT, the index of a fresh token, or a donor's detail. */
type Slot = number | DonorFieldSlot;

/** React Router's data stream: the only script a donor's detail may be in (`StreamTransfer` in react-router). */
const STREAM_SCRIPT = "window.__reactRouterContext.streamController.enqueue(";

/** Each inline script's text as [start, end) offsets in the page, and whether it is React Router's data stream. */
function scriptsIn(html: string): Array<{ start: number; end: number; stream: boolean }> {
  return [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => {
    const start = m.index + m[0].length - m[1]!.length - "</script>".length;
    return { start, end: start + m[1]!.length, stream: m[1]!.startsWith(STREAM_SCRIPT) };
  });
}

function placeOf(scripts: ReturnType<typeof scriptsIn>, at: number): DonorFieldSlot["in"] {
  const script = scripts.find((s) => s.start <= at && at < s.end);
  return !script ? "html" : script.stream ? "stream" : "other-script";
}

/** React's escaping of text and attribute values (react-dom's escapeTextForBrowser), so the page reads as React would render it. */
const HTML_ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };
/** React Router's escaping of its data stream's script (`escapeHtml` in react-router's markup). */
const STREAM_ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/** A text as it reads between the quotes of a JSON string. */
const jsonStringText = (text: string): string => JSON.stringify(text).slice(1, -1);

/**
 * A donor's detail as it reads in its place: HTML-escaped in HTML; in the data stream, a JSON string (as
 * turbo-stream writes a string, its quotes around the stand-in) inside the JSON string React Router
 * enqueues, escaped for an inline script.
 */
export function donorValueIn(place: DonorFieldSlot["in"], value: string): string {
  if (place === "html") return value.replace(/["&'<>]/g, (c) => HTML_ESCAPES[c]!);
  if (place === "stream") return jsonStringText(jsonStringText(value)).replace(/[&><\u2028\u2029]/g, (c) => STREAM_ESCAPES[c]!);
  throw new Error("a donor's detail goes nowhere but HTML and React Router's data stream");
}

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
export function personalValues(
  body: CompiledPage["body"],
  nonce: string,
  freshToken: () => string = () => crypto.randomUUID(),
  address?: Address,
  donor?: Readonly<Record<string, string>>,
): string[] {
  const tokens = Array.from({ length: body.tokens }, freshToken);
  return body.slots.map((slot) => {
    if (typeof slot === "object") {
      const value = donor?.[slot.field];
      if (value === undefined) throw new Error(`this page is kept for logged-in donors: the donor's ${slot.field} is needed`);
      return donorValueIn(slot.in, value);
    }
    if (slot === NONCE_SLOT) return nonce;
    if (slot === PATH_SLOT || slot === PATH_AND_QUERY_SLOT) {
      if (!address) throw new Error("this page is kept for many addresses: the visitor's address is needed");
      return slot === PATH_SLOT ? address.pathname : address.pathname + address.search;
    }
    return tokens[slot] as string;
  });
}

/** Whether the stand-ins' name is left anywhere in a page rendered for them but its places (then it was escaped or encoded). */
export function mentions(page: CompiledPage, marker: string): boolean {
  return page.body.parts.some((part) => part.includes(marker)) || page.headers.some(([name, value]) => name.includes(marker) || value.includes(marker));
}

/** The page's text with these values in its places. */
export function withValues(body: CompiledPage["body"], values: readonly string[]): string {
  let html = body.parts[0] ?? "";
  for (let i = 0; i < values.length; i++) html += values[i]! + (body.parts[i + 1] ?? "");
  return html;
}

/** The page as one visitor gets it: their nonce, tokens nobody else gets, and their address on a page kept for many. */
export function personalise(body: CompiledPage["body"], nonce: string, freshToken?: () => string, address?: Address, donor?: Readonly<Record<string, string>>): string {
  return withValues(body, personalValues(body, nonce, freshToken, address, donor));
}

/** The page's pieces compressed once, so that no gzip response of it compresses anything; an address or a donor's detail may be of any length. */
export function gzipPiecesOf(page: CompiledPage): PreparedPieces {
  return preparePieces(
    page.body.parts,
    page.body.slots.map((slot) => (typeof slot === "object" || slot === PATH_SLOT || slot === PATH_AND_QUERY_SLOT ? null : slot === NONCE_SLOT ? NONCE_LENGTH : TOKEN_LENGTH)),
  );
}

/**
 * Whether a rendered answer may be kept for other anonymous visitors. A private page's route says
 * `no-store` to browsers whoever asks; every response of it, kept or not, says so again
 * (`privateHeaders` in server/page-requests.ts), so for such a page that word alone does not make it personal.
 * `status`: the answer a kept page is – 200, or 404 for the not-found page (server/not-found-page.ts).
 * `forDonors`: rendered with a logged-in donor's stand-ins (server/donor-kept-pages.ts).
 */
export function mayKeep(response: Pick<Response, "status" | "headers">, privatePage = false, status = 200, forDonors = false): boolean {
  if (response.status !== status) return false;
  if (response.headers.has("set-cookie")) return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  // A page rendered with a donor's stand-ins says `private, no-store` for the details it will carry; it holds none (decision 0058).
  if (/\bprivate\b/i.test(cacheControl) && !forDonors) return false;
  if (/\bno-store\b/i.test(cacheControl) && !privatePage && !forDonors) return false;
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
