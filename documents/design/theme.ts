import type { SiteConfig } from "#core/site/site-config";
import { SANS, SERIF } from "../fonts.server";

/**
 * The documents' palette and type, all from the site's configured colours:
 * the in-between tones (muted text, hairlines, tints) are mixed from them
 * rather than chosen here, so another charity's colours carry through.
 */
export interface Theme {
  colour: SiteConfig["colours"] & {
    /** Secondary text: the text colour, lightened towards the paper. */
    muted: string;
    /** Hairlines and table rules. */
    line: string;
    /** A faint wash of the brand colour for panels. */
    tint: string;
  };
  font: { sans: string; serif: string };
}

export function themeFor(site: SiteConfig): Theme {
  const c = site.colours;
  return {
    colour: { ...c, muted: mix(c.text, c.background, 0.38), line: mix(c.text, c.background, 0.84), tint: mix(c.primary, c.background, 0.93) },
    font: { sans: SANS, serif: SERIF },
  };
}

/** Mixes two #rrggbb colours: 0 gives `a`, 1 gives `b`. */
export function mix(a: string, b: string, amount: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  const parts = [0, 1, 2].map((i) => Math.round(channel(a, i) * (1 - amount) + channel(b, i) * amount));
  return `#${parts.map((p) => p.toString(16).padStart(2, "0")).join("")}`;
}
