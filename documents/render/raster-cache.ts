/**
 * Rasterised boxes kept between renders (see png.server.tsx: a Box with a
 * cacheKey, e.g. a greeting card's art panel, is drawn once per key, image
 * width and place on the page, and its pixels reused). Bounded by bytes, the
 * least recently used dropped first. A key names everything that decides the
 * pixels, so nothing is ever stale: a different design, colour, size or
 * position is a different key.
 */
export interface Raster {
  /** Where the pixels go in the page's image, in whole pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Premultiplied RGBA as resvg renders it, row by row; transparent where the box draws nothing. */
  pixels: Uint8Array;
}

/** 32 MiB: about 18 greeting-card art panels at 1200 px (1.7 MB each), or all ~100 at the 360 px thumbnail size. */
export const DEFAULT_RASTER_CACHE_BYTES = 32 * 1024 * 1024;

export class RasterCache {
  private readonly entries = new Map<string, Raster>();
  private used = 0;

  constructor(readonly maxBytes: number = DEFAULT_RASTER_CACHE_BYTES) {}

  get(key: string): Raster | undefined {
    const raster = this.entries.get(key);
    if (raster) {
      // Map keeps insertion order: moving a hit to the end makes the first entry the least recently used.
      this.entries.delete(key);
      this.entries.set(key, raster);
    }
    return raster;
  }

  /** Keeps the raster unless it alone is larger than the whole budget; drops the least recently used to make room. */
  set(key: string, raster: Raster): void {
    const size = raster.pixels.byteLength;
    this.delete(key);
    if (size > this.maxBytes) return;
    for (const [oldest, old] of this.entries) {
      if (this.used + size <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= old.pixels.byteLength;
    }
    this.entries.set(key, raster);
    this.used += size;
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.used -= old.pixels.byteLength;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.used;
  }
}
