import { createElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import type { Font } from "satori";
import type { GreetingCardData } from "#core/documents/document-renderer";
import { loadSiteConfig } from "#core/site/site-config";
import { themeFor } from "../design/theme";
import { loadFontFaces } from "../fonts.server";
import { Box, Circle, Page, Svg, Text } from "../primitives";
import { GreetingCard } from "../templates/greeting-card";
import { decodePng, type PngImage } from "#tests/support/png-inspect";
import { composite, cropToDrawn, dropRepeatedMasks, renderPng, satoriFonts, svgAttributes } from "./png.server";
import { RasterCache } from "./raster-cache";

const site = loadSiteConfig({ SITE_COLOUR_PRIMARY: "#0a6e3c" });
const theme = themeFor(site);
let fonts: Font[];
beforeAll(() => {
  fonts = satoriFonts(loadFontFaces());
});

const card = (design: GreetingCardData["design"], recipientName = "Margareta Lindqvist"): GreetingCardData => ({
  cardCode: "TEST",
  design,
  greeting: "Grattis på födelsedagen! Jag har gett en gåva till forskningen i ditt namn.",
  recipientName,
  giverName: "Anders och barnen",
});
const page = (data: GreetingCardData) => createElement(GreetingCard, { data, site, theme });
const rays = { motif: "star", palette: "guld", variant: 3 } as const;

/** Pixels that differ, and by how much at most (any channel). */
function difference(a: PngImage, b: PngImage): { pixels: number; max: number } {
  let pixels = 0;
  let max = 0;
  for (let i = 0; i < a.pixels.length; i += 4) {
    let d = 0;
    for (let c = 0; c < 4; c++) d = Math.max(d, Math.abs(a.pixels[i + c]! - b.pixels[i + c]!));
    if (d > 0) pixels++;
    max = Math.max(max, d);
  }
  return { pixels, max };
}

describe("PNG with a cached art panel", () => {
  it("gives the same bytes when the art comes from the cache as when it is drawn", async () => {
    const cache = new RasterCache();
    const drawn = await renderPng(page(card(rays)), 1200, fonts, cache);
    expect(cache.size).toBe(1);
    const reused = await renderPng(page(card(rays)), 1200, fonts, cache);
    expect(reused.equals(drawn)).toBe(true);
    // Another card of the same design reuses the art under its own text.
    const other = await renderPng(page(card(rays, "Åke")), 1200, fonts, cache);
    expect(cache.size).toBe(1);
    expect(other.equals(drawn)).toBe(false);
  });

  it("looks the same as the page drawn in one piece, but for rounding on the panel's edge", async () => {
    const layered = decodePng(await renderPng(page(card(rays)), 1200, fonts, new RasterCache()));
    const whole = decodePng(await renderPng(page(card(rays)), 1200, fonts));
    expect([layered.width, layered.height]).toEqual([whole.width, whole.height]);
    const { pixels, max } = difference(layered, whole);
    expect(max).toBeLessThanOrEqual(2);
    // The panel's edge is one column and a row where it crosses a pixel: a fraction of a per cent.
    expect(pixels / (whole.width * whole.height)).toBeLessThan(0.002);
  });

  it("keys the art by design and image width, so another design or size is drawn anew", async () => {
    const cache = new RasterCache();
    await renderPng(page(card(rays)), 1200, fonts, cache);
    await renderPng(page(card({ ...rays, palette: "natt" })), 1200, fonts, cache);
    await renderPng(page(card(rays)), 360, fonts, cache);
    expect(cache.size).toBe(3);
  });

  it("stays within its budget, drawing what it could not keep", async () => {
    // One 1200 px art panel is about 1.7 MB: a 2 MB cache keeps the last one only.
    const cache = new RasterCache(2 * 1024 * 1024);
    const designs = [rays, { ...rays, variant: 1 }, { ...rays, variant: 2 }] as const;
    const first = await renderPng(page(card(designs[0])), 1200, fonts, cache);
    for (const design of designs.slice(1)) await renderPng(page(card(design)), 1200, fonts, cache);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect((await renderPng(page(card(designs[0])), 1200, fonts, cache)).equals(first)).toBe(true);
  });

  it("refuses a cached box it cannot draw on its own", async () => {
    const art = (box: ReturnType<typeof Box>) => createElement(Page, { size: "card" }, box);
    const sized = { width: 40, height: 40 };
    await expect(renderPng(art(<Box cacheKey="no-size">{null}</Box>), 400, fonts, new RasterCache())).rejects.toThrow(/numeric width and height/);
    await expect(
      renderPng(
        art(
          <Box cacheKey="text" style={sized}>
            <Text>Hej</Text>
          </Box>,
        ),
        400,
        fonts,
        new RasterCache(),
      ),
    ).rejects.toThrow(/cannot hold text/);
    await expect(
      renderPng(
        art(
          <Box cacheKey="outer" style={sized}>
            <Box cacheKey="inner" style={sized}>
              <Svg width={40} height={40} viewBox="0 0 4 4">
                <Circle cx={2} cy={2} r={2} fill="#000000" />
              </Svg>
            </Box>
          </Box>,
        ),
        400,
        fonts,
        new RasterCache(),
      ),
    ).rejects.toThrow(/cannot be nested/);
  });
});

describe("PNG drawing helpers", () => {
  it("gives a shape of one paint its opacity as that paint's, and a shape of two the element's", () => {
    expect(svgAttributes({ fill: "#ff0000", opacity: 0.5 })).toEqual({ fill: "#ff0000", "fill-opacity": 0.5 });
    expect(svgAttributes({ fill: "none", stroke: "#ff0000", strokeWidth: 2, opacity: 0.5 })).toEqual({ fill: "none", stroke: "#ff0000", "stroke-width": 2, "stroke-opacity": 0.5 });
    expect(svgAttributes({ fill: "#ffffff", stroke: "#ff0000", opacity: 0.5 })).toEqual({ fill: "#ffffff", stroke: "#ff0000", opacity: 0.5 });
    expect(svgAttributes({ fill: "#ffffff" })).toEqual({ fill: "#ffffff" });
  });

  it("drops an image's mask only where it repeats the image's clip", () => {
    const defs =
      '<clipPath id="cp-a"><rect x="0" y="0" width="10" height="20"/></clipPath><mask id="om-a"><rect x="0" y="0" width="10" height="20" fill="#fff"/></mask>' +
      '<clipPath id="cp-b"><rect x="0" y="0" width="10" height="20"/></clipPath><mask id="om-b"><path d="M0 0 L10 0 L10 20 Z" fill="#fff"/></mask>';
    const svg = `<svg>${defs}<image x="0" y="0" width="10" height="20" href="a.svg" clip-path="url(#cp-a)" mask="url(#om-a)"/><image x="0" y="0" width="10" height="20" href="b.svg" clip-path="url(#cp-b)" mask="url(#om-b)"/></svg>`;
    const out = dropRepeatedMasks(svg);
    expect(out).toContain('href="a.svg" clip-path="url(#cp-a)"/>');
    expect(out).toContain('clip-path="url(#cp-b)" mask="url(#om-b)"/>');
  });

  it("cuts a raster to the pixels drawn and lays it back over a page, blending its edge", () => {
    // 4 × 3, transparent but for an opaque red pixel at (1, 1) and a half-covered one at (2, 1).
    const drawn = new Uint8Array(4 * 3 * 4);
    drawn.set([200, 0, 0, 255], (1 * 4 + 1) * 4);
    drawn.set([100, 0, 0, 128], (1 * 4 + 2) * 4);
    const raster = cropToDrawn(drawn, 4, 3);
    expect([raster.x, raster.y, raster.width, raster.height]).toEqual([1, 1, 2, 1]);
    const white = new Uint8Array(4 * 3 * 4).fill(255);
    composite(white, 4, raster);
    expect([...white.subarray((1 * 4 + 1) * 4, (1 * 4 + 3) * 4)]).toEqual([200, 0, 0, 255, 100 + 127, 127, 127, 255]);
    expect([...white.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
    expect(cropToDrawn(new Uint8Array(16), 2, 2).width).toBe(0);
  });
});
