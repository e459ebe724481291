import { describe, expect, it, vi } from "vitest";
import { type IntersectionEntryLike, createLinkObserver } from "./link-observer";
import { prefetchTarget } from "./prefetch-policy";

describe("link observer", () => {
  it("queues links once they come into view, once each", () => {
    let callback: (entries: IntersectionEntryLike[]) => void = () => {};
    const observed = new Set<unknown>();
    const observer = {
      observe: (t: never) => observed.add(t),
      unobserve: (t: never) => observed.delete(t),
      disconnect: () => observed.clear(),
    };
    const enqueue = vi.fn();
    const current = { origin: "https://www.exempel.se", pathname: "/", search: "" };
    const links = createLinkObserver({
      createObserver: (cb) => {
        callback = cb;
        return observer;
      },
      scheduler: { enqueue },
      targetOf: (a) => prefetchTarget(a, current),
    });
    const a = { href: "https://www.exempel.se/a" };
    const b = { href: "https://www.exempel.se/b" };
    const offsite = { href: "https://annan.example/" };
    links.observe([a, b, offsite]);
    expect(observed.size).toBe(2);
    callback([
      { isIntersecting: true, target: a },
      { isIntersecting: false, target: b },
    ]);
    expect(enqueue.mock.calls).toEqual([["/a"]]);
    expect(observed.has(a)).toBe(false);
    expect(observed.has(b)).toBe(true);
    links.disconnect();
    expect(observed.size).toBe(0);
  });
});
