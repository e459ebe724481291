import type { ReactNode } from "react";
import type { SiteConfig } from "#core/site/site-config";
import type { Theme } from "../design/theme";

export interface TemplateProps<D> {
  data: D;
  site: SiteConfig;
  theme: Theme;
}

/** A document kind: its component, the PDF's title and how wide its image is. */
export interface DocumentTemplate<D> {
  Component: (props: TemplateProps<D>) => ReactNode;
  title(data: D): string;
  /** Width of the PNG in pixels (the page's aspect ratio is kept). */
  pngWidth: number;
}
