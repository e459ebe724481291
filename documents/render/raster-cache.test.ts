import { describe, expect, it } from "vitest";
import { RasterCache, type Raster } from "./raster-cache";

const raster = (bytes: number, fill = 0): Raster => ({ x: 0, y: 0, width: bytes / 4, height: 1, pixels: new Uint8Array(bytes).fill(fill) });

describe("raster cache", () => {
  it("keeps no more bytes than its budget, dropping the least recently used first", () => {
    const cache = new RasterCache(100);
    cache.set("a", raster(40));
    cache.set("b", raster(40));
    expect(cache.get("a")).toBeDefined(); // a is now more recent than b
    cache.set("c", raster(40));
    expect(cache.bytes).toBeLessThanOrEqual(100);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
    expect([cache.size, cache.bytes]).toEqual([2, 80]);
  });

  it("stays within its budget however many keys come", () => {
    const cache = new RasterCache(1000);
    for (let i = 0; i < 500; i++) {
      cache.set(`design-${i}`, raster(4 * (1 + (i % 37))));
      expect(cache.bytes).toBeLessThanOrEqual(1000);
    }
    expect(cache.get("design-499")).toBeDefined();
    expect(cache.get("design-0")).toBeUndefined();
  });

  it("does not keep a raster larger than the whole budget, nor drop others for it", () => {
    const cache = new RasterCache(100);
    cache.set("small", raster(40));
    cache.set("huge", raster(400));
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.get("small")).toBeDefined();
    expect(cache.bytes).toBe(40);
  });

  it("replaces a key's raster and counts its bytes once", () => {
    const cache = new RasterCache(100);
    cache.set("a", raster(40, 1));
    cache.set("a", raster(60, 2));
    expect([cache.size, cache.bytes]).toEqual([1, 60]);
    expect(cache.get("a")!.pixels[0]).toBe(2);
  });
});
