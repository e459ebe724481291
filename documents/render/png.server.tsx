import { cloneElement, createElement, isValidElement, type ReactElement, type ReactNode } from "react";
import satori, { type Font, type SatoriNode } from "satori";
import { Resvg, type ResvgRenderOptions } from "@resvg/resvg-js";
import { fallbackChain, pdfFamilyName, SANS, SERIF, type FontFace } from "../fonts.server";
import { rasterImageSource } from "./image-source.server";
import { Box, Circle, PAGE_SIZES, Page, Path, Svg, Text, type PageSize } from "../primitives";
import { lower, withBorderStyle, type LoweringTarget } from "./lower";
import { encodePng } from "./png-encode";
import { RasterCache, type Raster } from "./raster-cache";

/**
 * A shape's opacity becomes fill-opacity (or stroke-opacity) when the shape
 * has only one paint: the same picture, but resvg draws a whole-element
 * opacity through a layer of its own, which made a card's sixteen rays cost
 * more than all its text. A shape with both a fill and a stroke keeps the
 * element's opacity (the two would show through each other otherwise).
 */
export function svgAttributes(props: Record<string, unknown>): Record<string, unknown> {
  const { strokeWidth, opacity, ...rest } = props;
  const out: Record<string, unknown> = strokeWidth === undefined ? rest : { ...rest, "stroke-width": strokeWidth };
  if (opacity === undefined) return out;
  const filled = props.fill !== "none"; // SVG fills black when no fill is given
  const stroked = props.stroke !== undefined && props.stroke !== "none";
  if (filled && !stroked) out["fill-opacity"] = opacity;
  else if (stroked && !filled) out["stroke-opacity"] = opacity;
  else out.opacity = opacity;
  return out;
}

/** A Box with a cacheKey: drawn apart from the page and laid over it (see renderPng). */
interface CachedBox {
  cacheKey: string;
  /** The React key of the empty box left in the page, by which satori reports where it was laid out. */
  placeholder: string;
  element: ReactElement<{ style: Record<string, unknown> }>;
}

const PLACEHOLDER = "cached-box-";
/** What decides a box's place on the page; the placeholder keeps these and draws nothing. */
const LAYOUT_STYLE = ["position", "top", "right", "bottom", "left", "width", "height", "margin", "marginTop", "marginRight", "marginBottom", "marginLeft", "flexGrow", "flexShrink", "flexBasis", "alignSelf"];

/** Satori's HTML: every box is an explicit flex column, as react-pdf's View is. */
function pngTarget(cachedBoxes?: CachedBox[]): LoweringTarget {
  return {
    build(name, props, children, inText) {
      const style = withBorderStyle(props.style);
      // Satori keeps one font per name, weight and style: each subset has a name of its own, listed as fallbacks.
      if (style && typeof style.fontFamily === "string") style.fontFamily = fallbackChain(style.fontFamily).map((f) => `"${f}"`).join(", ");
      switch (name) {
        case "Page": {
          const size = PAGE_SIZES[props.size as PageSize];
          return createElement("div", { style: { display: "flex", flexDirection: "column", width: size.width, height: size.height, ...style } }, ...children);
        }
        case "Box": {
          const box = createElement("div", { style: { display: "flex", flexDirection: "column", ...style } }, ...children);
          if (!cachedBoxes || typeof props.cacheKey !== "string") return box;
          checkCachedBox(props.cacheKey, style, children);
          const placeholder = `${PLACEHOLDER}${cachedBoxes.length}`;
          cachedBoxes.push({ cacheKey: props.cacheKey, placeholder, element: box });
          const layout = Object.fromEntries(LAYOUT_STYLE.filter((key) => style?.[key] !== undefined).map((key) => [key, style![key]]));
          return createElement("div", { key: placeholder, style: { display: "flex", ...layout } });
        }
        case "Text":
          // A word wider than its box breaks where it must instead of running out of it (issue #30.6), as in the PDF (render/pdf.server.tsx).
          return inText ? createElement("span", { style }, ...children) : createElement("div", { style: { display: "block", overflowWrap: "break-word", ...style } }, ...children);
        case "Svg":
          return createElement("svg", { width: props.width, height: props.height, viewBox: props.viewBox, style }, ...children);
        case "Path":
          return createElement("path", svgAttributes(props));
        case "Circle":
          return createElement("circle", svgAttributes(props));
        case "Rect":
          return createElement("rect", svgAttributes(props));
        case "Image":
          return createElement("img", { src: rasterImageSource(props.src as string, props.width as number), width: props.width, height: props.height, style: { ...style, width: props.width, height: props.height } });
      }
    },
  };
}

/** A cached box is drawn on its own, outside the page: it must know its size and must not depend on what it would inherit. */
function checkCachedBox(cacheKey: string, style: Record<string, unknown> | undefined, children: ReactNode[]): void {
  if (typeof style?.width !== "number" || typeof style.height !== "number") throw new Error(`A Box with a cacheKey needs a numeric width and height (${cacheKey})`);
  const visit = (node: ReactNode): void => {
    if (typeof node === "string" || typeof node === "number") throw new Error(`A Box with a cacheKey cannot hold text (${cacheKey})`);
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isValidElement(node)) return;
    if (typeof node.key === "string" && node.key.startsWith(PLACEHOLDER)) throw new Error(`Boxes with a cacheKey cannot be nested (${cacheKey})`);
    visit((node.props as { children?: ReactNode }).children);
  };
  children.forEach(visit);
}

export function satoriFonts(faces: FontFace[]): Font[] {
  return faces.map((f) => ({ name: pdfFamilyName(f), data: f.data, weight: f.weight, style: f.style }));
}

const resvgOptions = (widthPx: number): ResvgRenderOptions => ({ fitTo: { mode: "width", value: widthPx }, font: { loadSystemFonts: false } });

/**
 * Satori draws every Svg as an <image> with both a clip path and a mask, and
 * for a box without rounded corners both are the same rectangle. resvg draws
 * a mask through a layer of its own (about 2 ms an image, 6 of a greeting
 * card's 30); the clip alone says the same, but for rounding on the edge. A mask that is anything else is kept, and should
 * satori write these differently one day, nothing is dropped.
 */
export function dropRepeatedMasks(svg: string): string {
  const rect = (x: string, y: string, w: string, h: string) => `${x} ${y} ${w} ${h}`;
  const masks = new Map<string, string>();
  for (const m of svg.matchAll(/<mask id="([^"]+)"><rect x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)" fill="#fff"\/><\/mask>/g)) masks.set(m[1]!, rect(m[2]!, m[3]!, m[4]!, m[5]!));
  if (masks.size === 0) return svg;
  const clips = new Map<string, string>();
  for (const m of svg.matchAll(/<clipPath id="([^"]+)"><rect x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)"\/><\/clipPath>/g)) clips.set(m[1]!, rect(m[2]!, m[3]!, m[4]!, m[5]!));
  return svg.replace(/(<image [^>]*? clip-path="url\(#([^)"]+)\)") mask="url\(#([^)"]+)\)"/g, (image, kept: string, clip: string, mask: string) =>
    clips.has(clip) && clips.get(clip) === masks.get(mask) ? kept : image,
  );
}

/** The first page of a template as satori's SVG (text as vector paths), at the page's size in points. */
export async function renderSvg(page: ReactNode, fonts: Font[]): Promise<{ svg: string; width: number; height: number }> {
  const [first] = lower(page, pngTarget());
  // The root is the lowered <Page>, which carries the page's size.
  const { width, height } = (first as { props: { style: { width: number; height: number } } }).props.style;
  return { svg: await satori(first as Parameters<typeof satori>[0], { width, height, fonts }), width, height };
}

/**
 * Renders the first page of a template to PNG: satori lays it out at the page's
 * size in points (as CSS pixels), text becomes vector paths, and resvg rasterises
 * the SVG at the requested width, so the image is as sharp as the PDF.
 *
 * Given a cache, a Box with a cacheKey (a greeting card's art) is left empty
 * in the page, drawn on its own at the same place on a page of the same size
 * (so on the same pixel grid: the same pixels but for rounding where its edge
 * crosses a pixel), kept, and laid over the page's pixels. Art with many
 * shapes costs resvg more than the text does; a key seen before costs a copy.
 */
export async function renderPng(page: ReactNode, widthPx: number, fonts: Font[], cache?: RasterCache): Promise<Buffer> {
  const cachedBoxes: CachedBox[] = [];
  const [first] = lower(page, pngTarget(cache ? cachedBoxes : undefined));
  const root = first as ReactElement<{ style: { width: number; height: number } }>;
  const { width, height } = root.props.style;
  const placed = new Map<string, SatoriNode>();
  const svg = await satori(root as Parameters<typeof satori>[0], {
    width,
    height,
    fonts,
    onNodeDetected: cachedBoxes.length === 0 ? undefined : (node) => void (typeof node.key === "string" && node.key.startsWith(PLACEHOLDER) && placed.set(node.key, node)),
  });
  const image = new Resvg(dropRepeatedMasks(svg), resvgOptions(widthPx)).render();
  const rendered = image.pixels; // a getter that copies the pixels out of resvg
  // composite() writes whole pixels as 32-bit numbers; a new Uint8Array starts on a multiple of four.
  const pixels = rendered.byteOffset % 4 === 0 ? rendered : new Uint8Array(rendered);
  for (const box of cachedBoxes) {
    const at = placed.get(box.placeholder);
    if (!at) throw new Error(`The box ${box.cacheKey} was not laid out`);
    const key = `${box.cacheKey}|${widthPx}|${width}x${height}|${at.left},${at.top},${at.width}x${at.height}`;
    let raster = cache!.get(key);
    if (!raster) {
      raster = await rasteriseBox(box, at, { width, height }, widthPx, fonts);
      cache!.set(key, raster);
    }
    composite(pixels, image.width, raster);
  }
  return encodePng(pixels, image.width, image.height);
}

/**
 * The box alone, where it was laid out, on an otherwise empty page of the
 * page's size (the same scale and pixel grid), cut to the pixels it drew.
 * The page is cut short on the right after the last thing laid out in the
 * box: resvg then fills and copies fewer pixels on the same grid (the scale
 * is recomputed from the shorter width, equal but for floating-point
 * rounding: the 1200 px card comes out the same to the bit).
 */
async function rasteriseBox(box: CachedBox, at: SatoriNode, page: { width: number; height: number }, widthPx: number, fonts: Font[]): Promise<Raster> {
  const { right: _right, bottom: _bottom, margin: _m, marginTop: _mt, marginRight: _mr, marginBottom: _mb, marginLeft: _ml, ...style } = box.element.props.style;
  const alone = createElement(
    "div",
    { key: "page", style: { display: "flex", position: "relative", width: page.width, height: page.height } },
    cloneElement(box.element, { style: { ...style, position: "absolute", left: at.left, top: at.top } }),
  );
  let right = 0;
  const svg = await satori(alone as Parameters<typeof satori>[0], {
    ...page,
    fonts,
    onNodeDetected: (node) => void (node.key !== "page" && (right = Math.max(right, node.left + node.width))),
  });
  const root = /^<svg width="([\d.]+)" height="([\d.]+)" viewBox="0 0 \1 \2"/.exec(svg);
  const scale = root ? widthPx / Number(root[1]) : 0;
  // One pixel more than the last one touched, so an edge's anti-aliasing is kept whole.
  const cutPx = Math.ceil(right * scale) + 1;
  if (!root || cutPx >= widthPx) {
    const image = new Resvg(dropRepeatedMasks(svg), resvgOptions(widthPx)).render();
    return cropToDrawn(image.pixels, image.width, image.height);
  }
  const cut = `<svg width="${cutPx / scale}" height="${root[2]}" viewBox="0 0 ${cutPx / scale} ${root[2]}"${svg.slice(root[0].length)}`;
  const image = new Resvg(dropRepeatedMasks(cut), resvgOptions(cutPx)).render();
  return cropToDrawn(image.pixels, image.width, image.height);
}

/** Four bytes as one number (a copy in the rare case the bytes do not start on a multiple of four). */
const words = (bytes: Uint8Array) =>
  bytes.byteOffset % 4 === 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2) : new Uint32Array(new Uint8Array(bytes).buffer);
/** How far to shift a pixel read as one number to reach its alpha, the last of its four bytes. */
const ALPHA = new Uint8Array(new Uint32Array([0xff000000]).buffer)[3] === 0xff ? 24 : 0;

/**
 * Renders a small page with text in both families and a cached box twice
 * (drawing the box, then reusing it), so that satori's font engine is built
 * and the pixel loops here are compiled before the first document is asked
 * for, not while a donor waits for it.
 */
export async function warmUpPng(fonts: Font[]): Promise<void> {
  const page = (
    <Page size="card" style={{ backgroundColor: "#ffffff", flexDirection: "row" }}>
      <Box cacheKey="warm-up" style={{ width: 120, height: 120, backgroundColor: "#eeeeee" }}>
        <Svg width={120} height={120} viewBox="0 0 10 10">
          <Circle cx={5} cy={5} r={4} fill="#a3112e" opacity={0.5} />
          <Path d="M1 1 L9 9" fill="none" stroke="#1d4f73" strokeWidth={0.5} />
        </Svg>
      </Box>
      <Text style={{ fontFamily: SANS, fontWeight: 700 }}>Åsa Öberg 0123456789</Text>
      <Text style={{ fontFamily: SERIF, fontStyle: "italic", fontWeight: 500 }}>Tack för gåvan!</Text>
    </Page>
  );
  const cache = new RasterCache();
  for (let i = 0; i < 2; i++) await renderPng(page, 600, fonts, cache);
}

/** The smallest rectangle holding every pixel that is not fully transparent. */
export function cropToDrawn(rgba: Uint8Array, width: number, height: number): Raster {
  const pixels = words(rgba);
  let x0 = width;
  let y0 = -1;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = 0;
    while (first < width && ((pixels[row + first]! >>> ALPHA) & 0xff) === 0) first++;
    if (first === width) continue;
    let last = width - 1;
    while (((pixels[row + last]! >>> ALPHA) & 0xff) === 0) last--;
    if (y0 < 0) y0 = y;
    y1 = y;
    x0 = Math.min(x0, first);
    x1 = Math.max(x1, last);
  }
  if (y0 < 0) return { x: 0, y: 0, width: 0, height: 0, pixels: new Uint8Array(0) };
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const out = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) out.set(rgba.subarray(((y0 + y) * width + x0) * 4, ((y0 + y) * width + x1 + 1) * 4), y * w * 4);
  return { x: x0, y: y0, width: w, height: h, pixels: out };
}

/**
 * Lays premultiplied RGBA over premultiplied RGBA (source over), in place:
 * opaque runs are copied, the few edge pixels blended. `page` must start on a
 * multiple of four bytes (it is written as 32-bit pixels).
 */
export function composite(page: Uint8Array, pageWidth: number, raster: Raster): void {
  if (page.byteOffset % 4 !== 0) throw new Error("composite() needs the page's pixels on a four-byte boundary");
  const { x, y, width, height } = raster;
  const src = words(raster.pixels);
  const dst = words(page);
  for (let row = 0; row < height; row++) {
    const from = row * width;
    const to = (y + row) * pageWidth + x;
    let col = 0;
    while (col < width) {
      const alpha = (src[from + col]! >>> ALPHA) & 0xff;
      if (alpha === 255) {
        let end = col + 1;
        while (end < width && ((src[from + end]! >>> ALPHA) & 0xff) === 255) end++;
        dst.set(src.subarray(from + col, from + end), to + col);
        col = end;
        continue;
      }
      if (alpha !== 0) {
        const keep = 255 - alpha;
        const s = (from + col) * 4;
        const d = (to + col) * 4;
        for (let c = 0; c < 4; c++) page[d + c] = raster.pixels[s + c]! + Math.round((page[d + c]! * keep) / 255);
      }
      col++;
    }
  }
}
