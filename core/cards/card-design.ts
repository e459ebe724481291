/**
 * What a greeting card looks like, as data: a motif (the illustration), a
 * palette (its colours, mixed from the site's own) and a variant (1–4: how
 * the motif sits on the card and what pattern is behind it). The drawings are
 * in documents/design/cards-art.tsx; ~100 cards are these few choices combined.
 */
export const CARD_MOTIFS = [
  "hearts",
  "heart-balloon",
  "heartbeat",
  "balloons",
  "cake",
  "flags",
  "star",
  "tree",
  "bauble",
  "snowflake",
  "egg",
  "twigs",
  "daffodils",
  "bouquet",
  "lily-of-the-valley",
  "tie",
  "sailboat",
  "coffee",
  "sun",
  "lung-tree",
] as const;
export type CardMotif = (typeof CARD_MOTIFS)[number];

/** rod: brand red; vinrod: dark red; bla: accent blue; natt: night blue; rosa: soft pink; var: spring green; guld: warm gold. */
export const CARD_PALETTES = ["rod", "vinrod", "bla", "natt", "rosa", "var", "guld"] as const;
export type CardPalette = (typeof CARD_PALETTES)[number];

export const CARD_VARIANTS = [1, 2, 3, 4] as const;
export type CardVariant = (typeof CARD_VARIANTS)[number];

export interface CardDesign {
  motif: CardMotif;
  palette: CardPalette;
  variant: CardVariant;
}

/** The longest greeting a card holds (the card's layout is made for it). */
export const CARD_GREETING_MAX_CHARACTERS = 300;
export const CARD_NAME_MAX_CHARACTERS = 80;
