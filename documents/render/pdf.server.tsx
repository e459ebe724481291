import { createElement, type ReactNode } from "react";
import { Circle, Document, Font, Image, Page, Path, Rect, Svg, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { rasterImageSource } from "./image-source.server";
import { fallbackChain, pdfFamilyName, type FontFace } from "../fonts.server";
import { PAGE_SIZES, type PageSize, type Style } from "../primitives";
import { lower, withBorderStyle, type LoweringTarget } from "./lower";

export interface PdfMetadata {
  title: string;
  author: string;
  subject?: string;
}

/**
 * react-pdf keeps one font registry per process; registering is idempotent
 * here so that building a second engine (tests, the benchmark) adds nothing.
 */
export function registerPdfFonts(faces: FontFace[]): void {
  const registered = new Set(Font.getRegisteredFontFamilies());
  const families = new Map<string, FontFace[]>();
  for (const face of faces) {
    const family = pdfFamilyName(face);
    families.set(family, [...(families.get(family) ?? []), face]);
  }
  for (const [family, members] of families) {
    if (registered.has(family)) continue;
    Font.register({
      family,
      fonts: members.map((f) => ({ src: `data:font/ttf;base64,${f.data.toString("base64")}`, fontWeight: f.weight, fontStyle: f.style })),
    });
  }
  // Swedish compounds must not be split by react-pdf's English hyphenation; each Text says where its long words may break (longWordBreaks).
  Font.registerHyphenationCallback((word) => [word]);
}

/** Wider than the average letter of Lora or Source Sans: a word of more letters than its box holds at this width may not fit. */
const WIDE_LETTER_EM = 0.55;
/** A Text's width when its style does not say (a line of a letter's column, an address). */
const USUAL_TEXT_WIDTH = 150;
const graphemes = new Intl.Segmenter("sv", { granularity: "grapheme" });

/**
 * Where react-pdf may break a Text's words. A word is one piece, so that
 * Swedish compounds are never hyphenated – unless it has more letters than
 * the Text's box may hold on a line (a 300-letter word, a name without
 * spaces): then it may break after any letter and wraps inside its box
 * instead of running out of it (issue #30.6), as satori's overflow-wrap does
 * in the PNG. Only such words: given break points in a word that fits, the
 * line breaker would hyphenate it to even out the lines.
 */
export function longWordBreaks(style: Style | undefined): (word: string) => string[] {
  const width = typeof style?.width === "number" ? style.width : typeof style?.maxWidth === "number" ? style.maxWidth : USUAL_TEXT_WIDTH;
  const longest = Math.floor(width / (WIDE_LETTER_EM * (style?.fontSize ?? 12)));
  return (word) => ([...word].length <= longest ? [word] : Array.from(graphemes.segment(word), (s) => s.segment));
}

// react-pdf's Style type is wider than ours; the values are the same CSS.
type PdfStyle = never;

/**
 * Lays out every registered face once with the characters documents use.
 * fontkit keeps one glyph object per glyph and font for the life of the
 * process, with the characters it was first met for; if that first meeting is
 * inside a composed letter (the O of "Ö"), later PDFs map the plain "O" to
 * nothing and a reader's copy of "DEMO0001" loses a letter. Meeting every
 * plain character first keeps the text of every later PDF right; it also
 * takes the font parsing off the first donor's request.
 */
export const WARM_UP_TEXT =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 ÅÄÖÉÜ åäöéü .,:;!?()[]&@%+-–—/’'\"«»…*#= kr\u00a0\u202f";

export async function warmUpPdf(faces: FontFace[]): Promise<void> {
  const seen = new Set<string>();
  const texts = faces
    .filter((f) => f.subset === "latin" && !seen.has(`${f.family}${f.weight}${f.style}`) && seen.add(`${f.family}${f.weight}${f.style}`))
    .map((f) => createElement(Text, { style: { fontFamily: f.family, fontWeight: f.weight, fontStyle: f.style } as PdfStyle }, WARM_UP_TEXT));
  await renderToBuffer(createElement(Document, null, createElement(Page, { size: "A4" }, ...texts)) as Parameters<typeof renderToBuffer>[0]);
}

function pdfStyle(style: Style | undefined): PdfStyle {
  const out = withBorderStyle(style);
  if (out && typeof out.fontFamily === "string") out.fontFamily = fallbackChain(out.fontFamily);
  return out as PdfStyle;
}

const pdfTarget: LoweringTarget = {
  build(name, props, children) {
    const style = pdfStyle(props.style);
    switch (name) {
      case "Page": {
        const size = PAGE_SIZES[props.size as PageSize];
        return createElement(Page, { size: [size.width, size.height], style }, ...children);
      }
      case "Box":
        return createElement(View, { style }, ...children);
      case "Text":
        return createElement(Text, { style, hyphenationCallback: longWordBreaks(props.style) }, ...children);
      case "Svg":
        return createElement(Svg, { width: props.width as number, height: props.height as number, viewBox: props.viewBox as string, style }, ...children);
      case "Path":
        return createElement(Path, props as never);
      case "Circle":
        return createElement(Circle, props as never);
      case "Rect":
        return createElement(Rect, props as never);
      case "Image":
        return createElement(Image, { src: rasterImageSource(props.src as string, props.width as number), style: { ...(style as object), width: props.width as number, height: props.height as number } as PdfStyle });
    }
  },
};

/** Renders a template's page(s) to a PDF with the charity's metadata, in Swedish. */
export async function renderPdf(page: ReactNode, meta: PdfMetadata): Promise<Buffer> {
  const document = createElement(
    Document,
    { title: meta.title, author: meta.author, subject: meta.subject, creator: meta.author, producer: meta.author, language: "sv-SE" },
    ...lower(page, pdfTarget),
  );
  return renderToBuffer(document as Parameters<typeof renderToBuffer>[0]);
}
