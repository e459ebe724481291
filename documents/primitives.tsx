import type { ReactNode } from "react";

/**
 * The few layout primitives every template is written in. Both renderers lay
 * out with flexbox (react-pdf and satori both use Yoga), so one template can
 * become react-pdf elements for print or satori's HTML for an image: see
 * render/lower.ts. Only styles both understand are allowed here; numbers are
 * points in the PDF and CSS pixels in the image (the PNG renderer scales).
 * Templates are pure functions of their props: no hooks, no context.
 */
export interface Style {
  display?: "flex" | "none";
  flexDirection?: "row" | "column";
  flexGrow?: number;
  flexShrink?: number;
  flexBasis?: number | string;
  flexWrap?: "wrap" | "nowrap";
  justifyContent?: "flex-start" | "flex-end" | "center" | "space-between" | "space-around";
  alignItems?: "flex-start" | "flex-end" | "center" | "stretch" | "baseline";
  alignSelf?: "flex-start" | "flex-end" | "center" | "stretch";
  gap?: number;
  position?: "relative" | "absolute";
  top?: number;
  right?: number;
  bottom?: number;
  left?: number;
  width?: number | string;
  height?: number | string;
  minHeight?: number;
  maxWidth?: number | string;
  margin?: number;
  marginTop?: number;
  marginRight?: number;
  marginBottom?: number;
  marginLeft?: number;
  padding?: number;
  paddingTop?: number;
  paddingRight?: number;
  paddingBottom?: number;
  paddingLeft?: number;
  backgroundColor?: string;
  borderRadius?: number;
  borderWidth?: number;
  borderColor?: string;
  borderTopWidth?: number;
  borderTopColor?: string;
  borderBottomWidth?: number;
  borderBottomColor?: string;
  borderLeftWidth?: number;
  borderLeftColor?: string;
  opacity?: number;
  color?: string;
  fontFamily?: string;
  fontSize?: number;
  fontWeight?: 400 | 500 | 600 | 700;
  fontStyle?: "normal" | "italic";
  lineHeight?: number;
  letterSpacing?: number;
  textAlign?: "left" | "center" | "right";
  textTransform?: "none" | "uppercase";
}

/** Page sizes in PDF points (1/72 inch). */
export const PAGE_SIZES = {
  A4: { width: 595.28, height: 841.89 },
  A5: { width: 419.53, height: 595.28 },
  /** A6 landscape: a postcard, and the shape of an image card in an e-mail. */
  card: { width: 419.53, height: 297.64 },
  /** 1.91 : 1, the share image a link preview shows (og:image); 1200 × 630 pixels at twice this. */
  share: { width: 600, height: 315 },
} as const;
export type PageSize = keyof typeof PAGE_SIZES;

export interface PageProps {
  size: PageSize;
  style?: Style;
  children?: ReactNode;
}
export interface BoxProps {
  style?: Style;
  /**
   * Says that everything the box draws (its style and all its children) is
   * decided by this key and the box's size: static art, never text that
   * changes. The PNG renderer then draws the box once per key, image width and
   * place on the page and reuses its pixels (render/png.server.tsx); the PDF
   * draws it as any box. The box needs a numeric width and height, and nothing
   * may be drawn over it (it is laid on top of the rest of the page).
   */
  cacheKey?: string;
  children?: ReactNode;
}
export interface TextProps {
  style?: Style;
  children?: ReactNode;
}
export interface SvgProps {
  width: number;
  height: number;
  viewBox: string;
  style?: Style;
  children?: ReactNode;
}
interface ShapeProps {
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
  opacity?: number;
}
export interface PathProps extends ShapeProps {
  d: string;
}
export interface CircleProps extends ShapeProps {
  cx: number;
  cy: number;
  r: number;
}
export interface RectProps extends ShapeProps {
  x: number;
  y: number;
  width: number;
  height: number;
  rx?: number;
}

export interface ImageProps {
  /**
   * A data: URI of a PNG or an SVG (a company's logo, checked and sanitised
   * where it entered: core/companies/company-logo.ts), or of a JPEG our own
   * picture processor made (a fundraiser's picture, decision 0053). An SVG is rasterised
   * for both renderers (render/image-source.server.ts): react-pdf draws no SVG
   * text, and one path for both keeps the PDF and the PNG alike.
   */
  src: string;
  width: number;
  height: number;
  style?: Style;
}

// Markers only: render/lower.ts replaces them before any renderer sees them.
const marker = (name: string) => {
  const component = (): never => {
    throw new Error(`<${name}> is a document primitive; render it with documents/render, not React DOM`);
  };
  component.displayName = name;
  return component;
};

export const Page = marker("Page") as (props: PageProps) => ReactNode;
export const Box = marker("Box") as (props: BoxProps) => ReactNode;
export const Text = marker("Text") as (props: TextProps) => ReactNode;
export const Svg = marker("Svg") as (props: SvgProps) => ReactNode;
export const Path = marker("Path") as (props: PathProps) => ReactNode;
export const Circle = marker("Circle") as (props: CircleProps) => ReactNode;
export const Rect = marker("Rect") as (props: RectProps) => ReactNode;
export const Image = marker("Image") as (props: ImageProps) => ReactNode;

export const PRIMITIVES = { Page, Box, Text, Svg, Path, Circle, Rect, Image } as const;
export type PrimitiveName = keyof typeof PRIMITIVES;
