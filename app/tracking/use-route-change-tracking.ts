import { useEffect } from "react";
import { useLocation } from "react-router";
import type { RouteChangeTracker } from "./route-change";

/** Calls `tracker.routeUpdated` after the first render and after every navigation. */
export function useRouteChangeTracking(tracker: RouteChangeTracker | null): void {
  const location = useLocation();
  const page = location.pathname + location.search;
  useEffect(() => {
    tracker?.routeUpdated(page);
  }, [tracker, page, location.key]);
  useEffect(() => () => tracker?.dispose(), [tracker]);
}
