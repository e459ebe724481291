import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { createLinkObserver } from "./link-observer";
import { browserPrefetchEnvironment, prefetchAllowed, prefetchTarget } from "./prefetch-policy";
import { type PrefetchScheduler, createPrefetchScheduler } from "./prefetch-scheduler";

export interface UsePrefetchLinksOptions {
  /** Does the actual prefetch, e.g. adds <link rel="prefetch"> or asks React Router for the route. */
  prefetch: (href: string) => void;
  /** Which links to watch; defaults to every link in the document. */
  selector?: string;
}

/**
 * Prefetches pages behind links as they come into view, in batches of 4 every
 * 3 seconds, and not at all on 2g, with data saver on, for bots or in browsers
 * without IntersectionObserver. Rescans the page's links after each navigation.
 */
export function usePrefetchLinks({ prefetch, selector = "a[href]" }: UsePrefetchLinksOptions): void {
  const location = useLocation();
  const prefetchRef = useRef(prefetch);
  const schedulerRef = useRef<PrefetchScheduler | null>(null);

  useEffect(() => {
    prefetchRef.current = prefetch;
  }, [prefetch]);

  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    if (!prefetchAllowed(browserPrefetchEnvironment(navigator))) return;
    const scheduler = createPrefetchScheduler({ prefetch: (href) => prefetchRef.current(href) });
    schedulerRef.current = scheduler;
    return () => {
      scheduler.dispose();
      schedulerRef.current = null;
    };
  }, []);

  useEffect(() => {
    const scheduler = schedulerRef.current;
    if (!scheduler) return;
    const current = { origin: window.location.origin, pathname: location.pathname, search: location.search };
    const links = createLinkObserver({
      createObserver: (callback) => new IntersectionObserver(callback, { rootMargin: "200px" }),
      scheduler,
      targetOf: (anchor) => prefetchTarget(anchor, current),
    });
    links.observe(document.querySelectorAll<HTMLAnchorElement>(selector));
    return () => links.disconnect();
  }, [location.pathname, location.search, selector]);
}
