/**
 * After a deploy, a tab that is still running the old build must not keep
 * navigating client-side with stale code: its next navigation becomes a full
 * page load, and only once per session per new version, so a mismatch that a
 * reload cannot fix never turns into a reload loop.
 */
export const VERSION_ENDPOINT = "/__version";
const RELOADED_FOR_KEY = "hl:reloaded-for-version";

export function shouldReloadForVersion(
  clientVersion: string | undefined,
  serverVersion: string | undefined,
  reloadedFor: string | null,
): boolean {
  if (!clientVersion || !serverVersion) return false;
  return clientVersion !== serverVersion && reloadedFor !== serverVersion;
}

export function readReloadedFor(storage: Storage): string | null {
  try {
    return storage.getItem(RELOADED_FOR_KEY);
  } catch {
    return null;
  }
}

export function markReloadedFor(storage: Storage, version: string): void {
  try {
    storage.setItem(RELOADED_FOR_KEY, version);
  } catch {
    // Without storage we still reload once; the worst case is one reload per tab.
  }
}

export async function fetchServerVersion(fetchImpl: typeof fetch): Promise<string | undefined> {
  try {
    const response = await fetchImpl(VERSION_ENDPOINT, { cache: "no-store", headers: { accept: "application/json" } });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { version?: unknown };
    return typeof body.version === "string" ? body.version : undefined;
  } catch {
    return undefined;
  }
}

/** True when a click on this anchor would be an in-app navigation we may turn into a page load. */
export function isPlainSameOriginLinkClick(event: MouseEvent, anchor: HTMLAnchorElement, origin: string): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (anchor.target && anchor.target !== "_self") return false;
  if (anchor.hasAttribute("download")) return false;
  try {
    return new URL(anchor.href, origin).origin === origin;
  } catch {
    return false;
  }
}
