/**
 * Time on page (spec section 4): a start marker is recorded when the page is
 * shown; on leaving (pagehide, or the tab becoming hidden) one time-on-page
 * event is sent and the marker cleared, so the second of pagehide and
 * visibilitychange finds nothing to send. Showing the page again (back/forward
 * cache, returning to the tab) starts a new marker.
 */
export interface TimeOnPageOptions {
  /** Milliseconds from a monotonic clock, e.g. `() => performance.now()`. */
  now: () => number;
  /** The page being timed, e.g. `() => location.href`. */
  currentUrl: () => string;
  /** e.g. `(url, ms) => webEvents.timeOnPage(url, ms)`, which checks consent and uses sendBeacon. */
  send: (currentUrl: string, elapsedMs: number) => void;
}

interface EventSource {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export interface TimeOnPageTracker {
  start(): void;
  leave(): void;
  /** For client-side navigations: the old page is left, the new one starts. */
  pageChanged(): void;
  /** Listens on the window and document; returns the function that stops listening. */
  attach(win: EventSource, doc: EventSource & { visibilityState: string }): () => void;
}

export function createTimeOnPageTracker(options: TimeOnPageOptions): TimeOnPageTracker {
  let marker: { startedAt: number; url: string } | null = null;

  const start = () => {
    if (marker) return;
    marker = { startedAt: options.now(), url: options.currentUrl() };
  };
  const leave = () => {
    if (!marker) return;
    const { startedAt, url } = marker;
    marker = null;
    options.send(url, Math.max(0, options.now() - startedAt));
  };

  return {
    start,
    leave,
    pageChanged() {
      leave();
      start();
    },
    attach(win, doc) {
      const onVisibility = () => (doc.visibilityState === "hidden" ? leave() : start());
      if (doc.visibilityState !== "hidden") start();
      win.addEventListener("pageshow", start);
      win.addEventListener("pagehide", leave);
      doc.addEventListener("visibilitychange", onVisibility);
      return () => {
        win.removeEventListener("pageshow", start);
        win.removeEventListener("pagehide", leave);
        doc.removeEventListener("visibilitychange", onVisibility);
      };
    },
  };
}
