import { Resvg } from "@resvg/resvg-js";

/**
 * An image's data: URI as both renderers take it: a PNG or JPEG as it is, an SVG
 * rasterised to a PNG four times the box's width in points (sharp in print
 * at 288 dpi, and in the preview). The SVG was sanitised where it entered
 * (core/companies/svg-sanitiser.ts); resvg is still given no fonts from the
 * system and no directory to load anything from.
 */
const SVG_PREFIX = "data:image/svg+xml;base64,";
const PNG_PREFIX = "data:image/png;base64,";
/** A fundraiser's picture, made by our own processor from an upload (core/fundraisers/fundraiser-pictures.ts, decision 0053). */
const JPEG_PREFIX = "data:image/jpeg;base64,";
export const RASTER_SCALE = 4;

export function rasterImageSource(src: string, widthPt: number): string {
  if (src.startsWith(PNG_PREFIX) || src.startsWith(JPEG_PREFIX)) return src;
  if (!src.startsWith(SVG_PREFIX)) throw new Error("An Image's src must be a data: URI of a PNG, a JPEG or an SVG");
  const svg = Buffer.from(src.slice(SVG_PREFIX.length), "base64").toString("utf8");
  const png = new Resvg(svg, { fitTo: { mode: "width", value: Math.max(1, Math.round(widthPt * RASTER_SCALE)) }, font: { loadSystemFonts: false } }).render().asPng();
  return PNG_PREFIX + Buffer.from(png).toString("base64");
}
