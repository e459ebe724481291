/**
 * When a route's code chunk fails to load during a client navigation (typically
 * after a deploy removed the old files), React Router reloads the *current*
 * page. The spec wants a full navigation to the *target* instead, so we remember
 * where the navigation was going and, if the next document load is that reload,
 * continue to the target with a normal page load.
 */
const STORAGE_KEY = "hl:pending-navigation";
const MAX_AGE_MS = 15_000;

interface PendingNavigation {
  from: string;
  to: string;
  at: number;
}

export function rememberPendingNavigation(storage: Storage, from: string, to: string, now = Date.now()): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ from, to, at: now } satisfies PendingNavigation));
  } catch {
    // Storage can be full or disabled; recovery is best effort.
  }
}

export function clearPendingNavigation(storage: Storage): void {
  try {
    storage.removeItem(STORAGE_KEY);
  } catch {
    // ignore
  }
}

/** The target to continue to, if this document load is the reload after a failed chunk. */
export function targetAfterFailedChunk(
  storage: Storage,
  currentPath: string,
  navigationType: string | undefined,
  now = Date.now(),
): string | null {
  let pending: PendingNavigation | null = null;
  try {
    const raw = storage.getItem(STORAGE_KEY);
    pending = raw ? (JSON.parse(raw) as PendingNavigation) : null;
  } catch {
    pending = null;
  }
  clearPendingNavigation(storage);
  if (!pending || navigationType !== "reload") return null;
  if (now - pending.at > MAX_AGE_MS || pending.from !== currentPath || pending.to === currentPath) return null;
  if (!pending.to.startsWith("/") || pending.to.startsWith("//")) return null;
  return pending.to;
}

export function recoverFromFailedChunkLoad(win: Window): void {
  const entry = win.performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const current = win.location.pathname + win.location.search;
  const target = targetAfterFailedChunk(win.sessionStorage, current, entry?.type);
  if (target) win.location.replace(target);
}
