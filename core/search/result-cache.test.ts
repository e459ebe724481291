import { describe, expect, it } from "vitest";
import { LruCache } from "./result-cache";

describe("LruCache", () => {
  it("evicts the least recently used entry", () => {
    const cache = new LruCache<number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
  });

  it("stores nothing with capacity 0", () => {
    const cache = new LruCache<number>(0);
    cache.set("a", 1);
    expect(cache.size).toBe(0);
  });
});
