import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ALL_GRANTED, type Consent, consentOf } from "../consent/consent";
import { type DataLayerEntry, createDataLayer } from "./data-layer";
import { createRouteChangeTracker } from "./route-change";
import { globalTimers } from "./timers";

describe("route-change tracking", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(initial: Consent | null = ALL_GRANTED) {
    const entries: DataLayerEntry[] = [];
    let consent = initial;
    const tracker = createRouteChangeTracker(
      createDataLayer({ target: () => entries, consent: () => consent }),
      globalTimers,
    );
    return { entries, tracker, setConsent: (c: Consent | null) => (consent = c) };
  }

  it("pushes the event 50 ms after the route update, not before", () => {
    const { entries, tracker } = setup();
    tracker.routeUpdated("/om-oss");
    vi.advanceTimersByTime(49);
    expect(entries).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(entries).toEqual([{ event: "route-change", page: "/om-oss" }]);
  });

  it("pushes one event per route update", () => {
    const { entries, tracker } = setup();
    tracker.routeUpdated("/a");
    vi.advanceTimersByTime(10);
    tracker.routeUpdated("/b");
    vi.advanceTimersByTime(50);
    expect(entries.map((e) => e.page)).toEqual(["/a", "/b"]);
  });

  it("fires only with both statistics and marketing consent, checked when it fires", () => {
    const { entries, tracker, setConsent } = setup(consentOf(false, true));
    tracker.routeUpdated("/a");
    vi.advanceTimersByTime(50);
    setConsent(ALL_GRANTED);
    tracker.routeUpdated("/b");
    setConsent(consentOf(true, false));
    vi.advanceTimersByTime(50);
    expect(entries).toEqual([]);
  });

  it("cancels pending events when disposed", () => {
    const { entries, tracker } = setup();
    tracker.routeUpdated("/a");
    tracker.dispose();
    vi.advanceTimersByTime(100);
    expect(entries).toEqual([]);
  });
});
