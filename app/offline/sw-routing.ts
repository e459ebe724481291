/**
 * The service worker's decisions as pure functions. public/sw.js is plain
 * JavaScript without a build step and carries a copy of this logic; the test
 * sw-mirror.test.ts checks that the copy says the same thing.
 */
export const CACHE_VERSION = "v1";
export const ASSET_CACHE = `hl-assets-${CACHE_VERSION}`;
export const PAGE_CACHE = `hl-pages-${CACHE_VERSION}`;
export const CURRENT_CACHES = [ASSET_CACHE, PAGE_CACHE] as const;
/** Our caches start with this; caches of other code on the origin are left alone. */
export const CACHE_PREFIX = "hl-";
/** Old hashed files are dropped first once the asset cache holds more than this. */
export const MAX_ASSET_ENTRIES = 200;
export const MAX_PAGE_ENTRIES = 50;

export type Strategy = "cache-first" | "network-first" | "passthrough";

export interface RequestInfoLike {
  method: string;
  url: string;
  /** Request.mode: "navigate" for page loads. */
  mode: string;
}

const NEVER_HANDLED = /^\/(?:api|_sim|healthz|__version)(?:\/|$)/;

/**
 * - /assets/* are content-hashed and immutable: cache first, stored lazily on first use;
 * - page navigations: network first, the cache only when the network fails;
 * - everything else, and /api, /_sim, /healthz, /__version, other origins and
 *   non-GET requests: not touched (the browser does what it would without us).
 */
export function strategyFor(request: RequestInfoLike, origin: string): Strategy {
  if (request.method !== "GET") return "passthrough";
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return "passthrough";
  }
  if (url.origin !== origin) return "passthrough";
  if (NEVER_HANDLED.test(url.pathname)) return "passthrough";
  if (url.pathname.startsWith("/assets/")) return "cache-first";
  if (request.mode === "navigate") return "network-first";
  return "passthrough";
}

/**
 * Pages with order references or personal data are never kept for offline use.
 * Derived from the route table by app/offline/private-pages.ts; its test gives
 * the expression to paste here and in public/sw.js when routes change.
 */
export const PRIVATE_PAGES = /^\/(?:_internal|_test|admin|bli-medlem\/medlemskort|brev|cookie-installningar|d|dina-uppgifter|foretag\/gavobevis|foretag\/gavor|gavokort|ge-en-gava\/betalning|ge-en-gava\/faktura|ge-en-gava\/gratulationskort\/kort|ge-en-gava\/manadsgava\/tack|ge-en-gava\/tack|insamling|logga-in|logga-ut|mina-sidor|minnesinsamling|order\/diplom|order\/gavobevis|order\/minnesblad)(?:\/|$)/;

export interface ResponseInfoLike {
  status: number;
  type: string;
  cacheControl: string | null;
}

/** Whether a page's network answer may be stored as its offline copy. */
export function mayCachePage(url: string, response: ResponseInfoLike): boolean {
  if (response.status !== 200 || response.type !== "basic") return false;
  if (/\b(?:no-store|private)\b/i.test(response.cacheControl ?? "")) return false;
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return false;
  }
  return !PRIVATE_PAGES.test(pathname);
}

/** Hashed assets are stored when they arrive whole and from our origin. */
export function mayCacheAsset(response: Pick<ResponseInfoLike, "status" | "type">): boolean {
  return response.status === 200 && response.type === "basic";
}

/** Pages are kept without their query (search results, utm parameters, tokens). */
export function pageCacheKey(url: string): string {
  const parsed = new URL(url);
  return parsed.origin + parsed.pathname;
}

/** The caches to delete on activate: ours from older versions. */
export function cachesToDelete(existing: readonly string[]): string[] {
  return existing.filter(
    (name) => name.startsWith(CACHE_PREFIX) && !(CURRENT_CACHES as readonly string[]).includes(name),
  );
}

/** How many of the oldest entries to drop to get back to the limit. */
export function entriesToTrim(count: number, max: number): number {
  return Math.max(0, count - max);
}
