import { isbot } from "isbot";

/** The parts of `navigator.connection` (Network Information API) we read. */
export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

export interface PrefetchEnvironment {
  connection?: ConnectionInfo | null;
  userAgent?: string | null;
}

const SLOW_CONNECTIONS = new Set(["slow-2g", "2g"]);

/**
 * Spec section 9: nothing is prefetched on 2g (or slower), in data-saver mode
 * or for bots. Browsers without the Network Information API get prefetching.
 */
export function prefetchAllowed(env: PrefetchEnvironment): boolean {
  if (isbot(env.userAgent ?? "")) return false;
  const connection = env.connection;
  if (connection?.saveData) return false;
  if (connection?.effectiveType && SLOW_CONNECTIONS.has(connection.effectiveType)) return false;
  return true;
}

/** Reads the browser's environment: `prefetchAllowed(browserPrefetchEnvironment(navigator))`. */
export function browserPrefetchEnvironment(nav: Navigator): PrefetchEnvironment {
  const connection = (nav as Navigator & { connection?: ConnectionInfo }).connection;
  return { connection: connection ?? null, userAgent: nav.userAgent };
}

const NEVER_PREFETCH = /^\/(?:api|_sim|_internal|_test|healthz|__version)(?:\/|$)/;
const FILE_EXTENSION = /\.(?:pdf|png|jpe?g|gif|webp|svg|zip|docx?|xlsx?|mp4|mp3)$/i;

interface AnchorLike {
  href: string;
  target?: string;
  hasAttribute?(name: string): boolean;
}

/**
 * The page address to prefetch for a link, or null: only same-origin pages,
 * not the current page, not downloads, files, our API or new windows.
 */
export function prefetchTarget(
  anchor: AnchorLike,
  current: { origin: string; pathname: string; search: string },
): string | null {
  if (anchor.target && anchor.target !== "_self") return null;
  if (anchor.hasAttribute?.("download")) return null;
  if (anchor.hasAttribute?.("data-no-prefetch")) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, current.origin);
  } catch {
    return null;
  }
  if (url.origin !== current.origin || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  if (NEVER_PREFETCH.test(url.pathname) || FILE_EXTENSION.test(url.pathname)) return null;
  const target = url.pathname + url.search;
  if (target === current.pathname + current.search) return null;
  return target;
}
