import type { DataLayer } from "./data-layer";
import { type Timers, globalTimers } from "./timers";

/** Spec section 9: the tag event follows a route update after 50 ms (so the new title is in place). */
export const ROUTE_CHANGE_DELAY_MS = 50;

export interface RouteChangeTracker {
  routeUpdated(page: string): void;
  dispose(): void;
}

/**
 * Pushes a route-change event 50 ms after each route update. Consent is
 * checked when the event fires (by the data layer), so a withdrawal in
 * between wins.
 */
export function createRouteChangeTracker(
  dataLayer: Pick<DataLayer, "routeChange">,
  timers: Timers = globalTimers,
  delayMs = ROUTE_CHANGE_DELAY_MS,
): RouteChangeTracker {
  const pending = new Set<unknown>();
  return {
    routeUpdated(page) {
      const handle = timers.setTimeout(() => {
        pending.delete(handle);
        dataLayer.routeChange(page);
      }, delayMs);
      pending.add(handle);
    },
    dispose() {
      for (const handle of pending) timers.clearTimeout(handle);
      pending.clear();
    },
  };
}
