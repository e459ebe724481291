import type { SiteConfig } from "#core/site/site-config";

/**
 * Layout tokens from the spec. CSS media queries cannot read custom properties,
 * so global.css repeats these numbers; this module is their one named source
 * for code (responsive images, tests).
 */
export const breakpoints = {
  XS: 360,
  S: 576,
  S_ALT: 676,
  M: 768,
  L: 1024,
  XL: 1200,
  XXL: 1440,
} as const;

export const siteWidths = { narrow: 676, medium: 1024, wide: 1200, max: 1920 } as const;
export const MOBILE_NAVIGATION_HEIGHT = 56;
export const MAX_DEVICE_PIXEL_RATIO = 2;

/** The configured brand colours as CSS custom properties on :root. */
export function themeCss(colours: SiteConfig["colours"]): string {
  return `:root{--colour-primary:${colours.primary};--colour-primary-dark:${colours.primaryDark};--colour-accent:${colours.accent};--colour-background:${colours.background};--colour-surface:${colours.surface};--colour-text:${colours.text}}`;
}
