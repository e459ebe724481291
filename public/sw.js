/*
 * Service worker for the charity's site. Plain JavaScript, served as is from
 * /sw.js (no build step). The routing decisions below are a copy of
 * app/offline/sw-routing.ts; app/offline/sw.test.ts runs this file against
 * that module, so keep the two in step.
 *
 * - /assets/* (content-hashed, immutable): cache first, stored the first time
 *   they are fetched (lazy precaching).
 * - Page navigations: always the network first; the stored copy is used only
 *   when the network fails, so stale HTML is never served while the network
 *   answers. Without a stored copy a short offline page is shown.
 * - /api, /_sim, /healthz, /__version, other origins and non-GET requests
 *   are not touched.
 * - On activate, our caches from older versions are deleted.
 */

const CACHE_VERSION = "v1";
const ASSET_CACHE = `hl-assets-${CACHE_VERSION}`;
const PAGE_CACHE = `hl-pages-${CACHE_VERSION}`;
const CURRENT_CACHES = [ASSET_CACHE, PAGE_CACHE];
const CACHE_PREFIX = "hl-";
const MAX_ASSET_ENTRIES = 200;
const MAX_PAGE_ENTRIES = 50;

const NEVER_HANDLED = /^\/(?:api|_sim|healthz|__version)(?:\/|$)/;
const PRIVATE_PAGES = /^\/(?:_internal|_test|admin|bli-medlem\/medlemskort|brev|cookie-installningar|d|dina-uppgifter|foretag\/gavobevis|foretag\/gavor|gavokort|ge-en-gava\/betalning|ge-en-gava\/faktura|ge-en-gava\/gratulationskort\/kort|ge-en-gava\/manadsgava\/tack|ge-en-gava\/tack|insamling|logga-in|logga-ut|mina-sidor|minnesinsamling|order\/diplom|order\/gavobevis|order\/minnesblad)(?:\/|$)/;

function strategyFor(request, origin) {
  if (request.method !== "GET") return "passthrough";
  let url;
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

function mayCachePage(url, response) {
  if (response.status !== 200 || response.type !== "basic") return false;
  if (/\b(?:no-store|private)\b/i.test(response.cacheControl || "")) return false;
  let pathname;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return false;
  }
  return !PRIVATE_PAGES.test(pathname);
}

function mayCacheAsset(response) {
  return response.status === 200 && response.type === "basic";
}

function pageCacheKey(url) {
  const parsed = new URL(url);
  return parsed.origin + parsed.pathname;
}

function cachesToDelete(existing) {
  return existing.filter((name) => name.startsWith(CACHE_PREFIX) && !CURRENT_CACHES.includes(name));
}

function entriesToTrim(count, max) {
  return Math.max(0, count - max);
}

async function trim(cache, max) {
  const keys = await cache.keys();
  const excess = entriesToTrim(keys.length, max);
  for (const key of keys.slice(0, excess)) await cache.delete(key);
}

function offlinePage() {
  const html =
    '<!doctype html><html lang="sv"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    "<title>Ingen internetanslutning</title></head><body><main>" +
    "<h1>Ingen internetanslutning</h1>" +
    "<p>Sidan kunde inte hämtas eftersom enheten inte verkar vara ansluten till internet. " +
    "Kontrollera anslutningen och försök igen.</p>" +
    '<p><a href="">Försök igen</a></p></main></body></html>';
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; base-uri 'none'; form-action 'none'",
    },
  });
}

async function cacheFirst(event) {
  const request = event.request;
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request.url);
  if (cached) return cached;
  const response = await fetch(request);
  if (mayCacheAsset(response)) {
    event.waitUntil(
      cache
        .put(request.url, response.clone())
        .then(() => trim(cache, MAX_ASSET_ENTRIES))
        .catch(() => {}),
    );
  }
  return response;
}

async function networkFirst(event) {
  const request = event.request;
  let response;
  try {
    response = await fetch(request);
  } catch {
    const cache = await caches.open(PAGE_CACHE);
    const cached = await cache.match(pageCacheKey(request.url));
    return cached || offlinePage();
  }
  const info = { status: response.status, type: response.type, cacheControl: response.headers.get("cache-control") };
  if (mayCachePage(request.url, info)) {
    const copy = response.clone();
    event.waitUntil(
      caches
        .open(PAGE_CACHE)
        .then((cache) => cache.put(pageCacheKey(request.url), copy).then(() => trim(cache, MAX_PAGE_ENTRIES)))
        .catch(() => {}),
    );
  }
  return response;
}

self.addEventListener("install", (event) => {
  // Assets are immutable and pages come from the network, so a new worker may take over at once.
  event.waitUntil(self.skipWaiting());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(cachesToDelete(names).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const strategy = strategyFor(event.request, self.location.origin);
  if (strategy === "cache-first") event.respondWith(cacheFirst(event));
  else if (strategy === "network-first") event.respondWith(networkFirst(event));
});
