import { describe, expect, it, vi } from "vitest";
import { createTimeOnPageTracker } from "./time-on-page";

class FakeTarget {
  visibilityState = "visible";
  private listeners = new Map<string, Set<() => void>>();
  addEventListener(type: string, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }
  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }
  dispatch(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

function setup() {
  let now = 1000;
  let url = "https://www.exempel.se/om-oss";
  const send = vi.fn();
  const tracker = createTimeOnPageTracker({ now: () => now, currentUrl: () => url, send });
  const win = new FakeTarget();
  const doc = new FakeTarget();
  return {
    tracker,
    send,
    win,
    doc,
    advance: (ms: number) => (now += ms),
    setUrl: (u: string) => (url = u),
  };
}

describe("time on page", () => {
  it("sends exactly once even when both pagehide and visibilitychange fire", () => {
    const { tracker, send, win, doc, advance } = setup();
    tracker.attach(win, doc);
    advance(4_200);
    doc.visibilityState = "hidden";
    doc.dispatch("visibilitychange");
    win.dispatch("pagehide");
    expect(send).toHaveBeenCalledExactlyOnceWith("https://www.exempel.se/om-oss", 4_200);
  });

  it("sends once when only pagehide fires", () => {
    const { tracker, send, win, doc, advance } = setup();
    tracker.attach(win, doc);
    advance(100);
    win.dispatch("pagehide");
    win.dispatch("pagehide");
    expect(send).toHaveBeenCalledOnce();
  });

  it("starts a new marker when the page is shown again", () => {
    const { tracker, send, win, doc, advance } = setup();
    tracker.attach(win, doc);
    advance(100);
    win.dispatch("pagehide");
    advance(60_000);
    win.dispatch("pageshow");
    advance(300);
    doc.visibilityState = "hidden";
    doc.dispatch("visibilitychange");
    expect(send.mock.calls).toEqual([
      ["https://www.exempel.se/om-oss", 100],
      ["https://www.exempel.se/om-oss", 300],
    ]);
  });

  it("times each page of client-side navigation", () => {
    const { tracker, send, advance, setUrl } = setup();
    tracker.start();
    advance(500);
    setUrl("https://www.exempel.se/forskning");
    tracker.pageChanged();
    advance(700);
    tracker.leave();
    expect(send.mock.calls).toEqual([
      ["https://www.exempel.se/om-oss", 500],
      ["https://www.exempel.se/forskning", 700],
    ]);
  });

  it("does not start while the page is hidden, and stops listening when detached", () => {
    const { tracker, send, win, doc } = setup();
    doc.visibilityState = "hidden";
    const detach = tracker.attach(win, doc);
    win.dispatch("pagehide");
    expect(send).not.toHaveBeenCalled();
    detach();
    win.dispatch("pageshow");
    win.dispatch("pagehide");
    expect(send).not.toHaveBeenCalled();
  });
});
