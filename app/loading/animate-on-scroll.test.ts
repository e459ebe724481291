import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { globalTimers } from "../tracking/timers";
import { animateOnScroll, animationPlan } from "./animate-on-scroll";

describe("animationPlan", () => {
  it("animates after 100 ms when motion is fine", () => {
    expect(animationPlan({ prefersReducedMotion: false })).toEqual({ animate: true, initialDelayMs: 100 });
  });

  it("does nothing with reduced motion, or when it cannot tell", () => {
    expect(animationPlan({ prefersReducedMotion: true })).toEqual({ animate: false });
    expect(animationPlan({ prefersReducedMotion: null })).toEqual({ animate: false });
  });
});

describe("animateOnScroll", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const element = () => {
    const classes = new Set<string>();
    return { classes, classList: { add: (c: string) => classes.add(c), remove: (c: string) => classes.delete(c) } };
  };

  function observerFactory() {
    const state = {
      callback: (_e: { isIntersecting: boolean; target: unknown }[]) => {},
      observed: new Set<unknown>(),
    };
    const create = (cb: typeof state.callback) => {
      state.callback = cb;
      return {
        observe: (t: never) => state.observed.add(t),
        unobserve: (t: never) => state.observed.delete(t),
        disconnect: () => state.observed.clear(),
      };
    };
    return { state, create };
  }

  it("starts after the initial delay and reveals elements in view", () => {
    const a = element();
    const { state, create } = observerFactory();
    animateOnScroll([a], { matchMedia: () => ({ matches: false }), createObserver: create, timers: globalTimers });
    vi.advanceTimersByTime(99);
    expect(a.classes.size).toBe(0);
    vi.advanceTimersByTime(1);
    expect([...a.classes]).toEqual(["aos-pending"]);
    state.callback([{ isIntersecting: true, target: a }]);
    expect([...a.classes]).toEqual(["aos-in"]);
    expect(state.observed.size).toBe(0);
  });

  it("leaves everything alone with reduced motion", () => {
    const a = element();
    const createObserver = vi.fn();
    animateOnScroll([a], { matchMedia: () => ({ matches: true }), createObserver, timers: globalTimers });
    vi.advanceTimersByTime(1000);
    expect(createObserver).not.toHaveBeenCalled();
    expect(a.classes.size).toBe(0);
  });

  it("cleans up, leaving no element hidden", () => {
    const a = element();
    const { create } = observerFactory();
    const stop = animateOnScroll([a], {
      matchMedia: () => ({ matches: false }),
      createObserver: create,
      timers: globalTimers,
    });
    vi.advanceTimersByTime(100);
    stop();
    expect(a.classes.has("aos-pending")).toBe(false);
  });
});
