import { createElement, type ReactNode } from "react";
import satori, { type Font } from "satori";
import { Resvg } from "@resvg/resvg-js";
import { fallbackChain, pdfFamilyName, type FontFace } from "../fonts.server";
import { PAGE_SIZES, type PageSize } from "../primitives";
import { lower, withBorderStyle, type LoweringTarget } from "./lower";
import { encodeOpaquePng } from "./png-encode";

const svgAttributes = (props: Record<string, unknown>) => {
  const { strokeWidth, ...rest } = props;
  return strokeWidth === undefined ? rest : { ...rest, "stroke-width": strokeWidth };
};

/** Satori's HTML: every box is an explicit flex column, as react-pdf's View is. */
const pngTarget: LoweringTarget = {
  build(name, props, children, inText) {
    const style = withBorderStyle(props.style);
    // Satori keeps one font per name, weight and style: each subset has a name of its own, listed as fallbacks.
    if (style && typeof style.fontFamily === "string") style.fontFamily = fallbackChain(style.fontFamily).map((f) => `"${f}"`).join(", ");
    switch (name) {
      case "Page": {
        const size = PAGE_SIZES[props.size as PageSize];
        return createElement("div", { style: { display: "flex", flexDirection: "column", width: size.width, height: size.height, ...style } }, ...children);
      }
      case "Box":
        return createElement("div", { style: { display: "flex", flexDirection: "column", ...style } }, ...children);
      case "Text":
        return inText ? createElement("span", { style }, ...children) : createElement("div", { style: { display: "block", ...style } }, ...children);
      case "Svg":
        return createElement("svg", { width: props.width, height: props.height, viewBox: props.viewBox, style }, ...children);
      case "Path":
        return createElement("path", svgAttributes(props));
      case "Circle":
        return createElement("circle", svgAttributes(props));
      case "Rect":
        return createElement("rect", svgAttributes(props));
    }
  },
};

export function satoriFonts(faces: FontFace[]): Font[] {
  return faces.map((f) => ({ name: pdfFamilyName(f), data: f.data, weight: f.weight, style: f.style }));
}

/** The first page of a template as satori's SVG (text as vector paths), at the page's size in points. */
export async function renderSvg(page: ReactNode, fonts: Font[]): Promise<{ svg: string; width: number; height: number }> {
  const [first] = lower(page, pngTarget);
  // The root is the lowered <Page>, which carries the page's size.
  const { width, height } = (first as { props: { style: { width: number; height: number } } }).props.style;
  return { svg: await satori(first as Parameters<typeof satori>[0], { width, height, fonts }), width, height };
}

/**
 * Renders the first page of a template to PNG: satori lays it out at the page's
 * size in points (as CSS pixels), text becomes vector paths, and resvg rasterises
 * the SVG at the requested width, so the image is as sharp as the PDF.
 */
export async function renderPng(page: ReactNode, widthPx: number, fonts: Font[]): Promise<Buffer> {
  const { svg } = await renderSvg(page, fonts);
  const image = new Resvg(svg, { fitTo: { mode: "width", value: widthPx }, font: { loadSystemFonts: false } }).render();
  return encodeOpaquePng(image.pixels, image.width, image.height) ?? Buffer.from(image.asPng());
}
