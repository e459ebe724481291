import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import { clearPendingNavigation, rememberPendingNavigation } from "./chunk-load-recovery";
import {
  fetchServerVersion,
  isPlainSameOriginLinkClick,
  markReloadedFor,
  readReloadedFor,
  shouldReloadForVersion,
} from "./build-version";
import { serviceWorkerUpdate } from "../offline/update-flag";
import { afterLoadWhenIdle } from "./after-load-when-idle";

const VERSION_CHECK_INTERVAL_MS = 5 * 60_000;
const FIRST_CHECK_IDLE_TIMEOUT_MS = 2_000;

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string };
  }
}

/**
 * Two safety nets around client-side navigation:
 * - remembers where a navigation is going, so a failed chunk load can continue
 *   there with a full page load (see chunk-load-recovery.ts);
 * - checks whether a new build is deployed, or a new service worker is ready
 *   (app/offline/register-service-worker.ts sets the update flag), and if so
 *   lets the next link click go to the browser as a normal page load.
 */
export function useNavigationRecovery(): void {
  const navigation = useNavigation();
  const location = useLocation();
  const newVersion = useRef<string | null>(null);
  const workerUpdated = useRef(false);

  useEffect(() => {
    if (navigation.state === "loading" && navigation.location) {
      const target = navigation.location.pathname + navigation.location.search;
      if (newVersion.current || workerUpdated.current) {
        if (newVersion.current) markReloadedFor(window.sessionStorage, newVersion.current);
        window.location.assign(target);
        return;
      }
      rememberPendingNavigation(window.sessionStorage, location.pathname + location.search, target);
    } else if (navigation.state === "idle") {
      clearPendingNavigation(window.sessionStorage);
    }
  }, [navigation.state, navigation.location, location.pathname, location.search]);

  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      const serverVersion = await fetchServerVersion(window.fetch);
      if (cancelled) return;
      const clientVersion = window.__reactRouterManifest?.version;
      if (shouldReloadForVersion(clientVersion, serverVersion, readReloadedFor(window.sessionStorage))) {
        newVersion.current = serverVersion ?? null;
      }
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    // Runs in the capture phase, before React Router's own click handler, so
    // the browser performs an ordinary page load of the link's address.
    const onClick = (event: MouseEvent) => {
      if (!newVersion.current && !workerUpdated.current) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!anchor || !isPlainSameOriginLinkClick(event, anchor, window.location.origin)) return;
      if (newVersion.current) markReloadedFor(window.sessionStorage, newVersion.current);
      event.stopPropagation();
    };
    // The full load that follows runs under the new worker, whose flag starts unset: no loop.
    const stopWatchingWorker = serviceWorkerUpdate.onUpdateReady(() => {
      workerUpdated.current = true;
    });
    // A freshly served page is the current build; the first check (for a page
    // from the service worker's cache or a long-open tab) can wait until the
    // page has loaded and the browser is idle, out of the page's start-up.
    const cancelFirstCheck = afterLoadWhenIdle(window, () => void check(), FIRST_CHECK_IDLE_TIMEOUT_MS);
    const interval = window.setInterval(() => void check(), VERSION_CHECK_INTERVAL_MS);
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("click", onClick, true);
    return () => {
      cancelled = true;
      cancelFirstCheck();
      stopWatchingWorker();
      window.clearInterval(interval);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("click", onClick, true);
    };
  }, []);
}
