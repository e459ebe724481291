import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { globalTimers } from "../tracking/timers";
import { createPrefetchScheduler } from "./prefetch-scheduler";

describe("prefetch scheduler", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    const prefetch = vi.fn();
    const scheduler = createPrefetchScheduler({ prefetch, timers: globalTimers });
    return { prefetch, scheduler };
  }
  const links = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `/sida-${from + i}`);

  it("prefetches exactly 4 links per 3 seconds", () => {
    const { prefetch, scheduler } = setup();
    links(10).forEach((href) => scheduler.enqueue(href));
    expect(prefetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(prefetch).toHaveBeenCalledTimes(4);
    vi.advanceTimersByTime(2999);
    expect(prefetch).toHaveBeenCalledTimes(4);
    vi.advanceTimersByTime(1);
    expect(prefetch).toHaveBeenCalledTimes(8);
    vi.advanceTimersByTime(3000);
    expect(prefetch).toHaveBeenCalledTimes(10);
    expect(prefetch.mock.calls.map((c) => c[0])).toEqual(links(10));
  });

  it("never exceeds 4 in any 3 seconds, even when links arrive between batches", () => {
    const { prefetch, scheduler } = setup();
    links(4).forEach((href) => scheduler.enqueue(href));
    vi.advanceTimersByTime(0);
    vi.advanceTimersByTime(1000);
    links(4, 4).forEach((href) => scheduler.enqueue(href));
    vi.advanceTimersByTime(1999);
    expect(prefetch).toHaveBeenCalledTimes(4);
    vi.advanceTimersByTime(1);
    expect(prefetch).toHaveBeenCalledTimes(8);
  });

  it("sleeps when the queue is empty and starts at once on the next link", () => {
    const { prefetch, scheduler } = setup();
    scheduler.enqueue("/a");
    vi.advanceTimersByTime(0);
    vi.advanceTimersByTime(10_000);
    expect(vi.getTimerCount()).toBe(0);
    scheduler.enqueue("/b");
    vi.advanceTimersByTime(0);
    expect(prefetch.mock.calls.map((c) => c[0])).toEqual(["/a", "/b"]);
  });

  it("prefetches each address once", () => {
    const { prefetch, scheduler } = setup();
    ["/a", "/a", "/b"].forEach((href) => scheduler.enqueue(href));
    vi.advanceTimersByTime(0);
    scheduler.enqueue("/a");
    vi.advanceTimersByTime(3000);
    expect(prefetch.mock.calls.map((c) => c[0])).toEqual(["/a", "/b"]);
  });

  it("stops when disposed", () => {
    const { prefetch, scheduler } = setup();
    links(6).forEach((href) => scheduler.enqueue(href));
    vi.advanceTimersByTime(0);
    scheduler.dispose();
    scheduler.enqueue("/later");
    vi.advanceTimersByTime(10_000);
    expect(prefetch).toHaveBeenCalledTimes(4);
  });
});
