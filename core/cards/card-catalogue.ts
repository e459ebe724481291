import fs from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { hasForbiddenCharacters } from "../text/plain-text";
import { isIsoDate, type IsoDate } from "../calendar/swedish-calendar";
import { CARD_GREETING_MAX_CHARACTERS, CARD_MOTIFS, CARD_PALETTES, type CardDesign } from "./card-design";
import { activeSeasonWindow, FEASTS, type Season } from "./card-seasons";

/**
 * The greeting-card catalogue (content/cards/catalogue.yaml): about a hundred
 * cards grouped by occasion, each with its design, title, default greeting
 * and when it is on sale. Staff edit the YAML; it is checked here when it is
 * read, so a wrong entry stops the server at start rather than a donor later.
 */
export const CARD_OCCASIONS = [
  "christmas",
  "valentines",
  "easter",
  "mothers_day",
  "fathers_day",
  "congratulations",
  "thanks",
  "get_well",
  "retirement",
  "general",
  "test",
] as const;
export type CardOccasion = (typeof CARD_OCCASIONS)[number];

const isoDate = z.string().refine(isIsoDate, "must be a date YYYY-MM-DD");

const cardSchema = z
  .object({
    code: z.string().regex(/^[A-Z][A-Z0-9_]{1,39}$/, "must be capital letters, digits and _"),
    title: z.string().trim().min(2).max(60),
    greeting: z
      .string()
      .trim()
      .min(2)
      .max(CARD_GREETING_MAX_CHARACTERS)
      .refine((s) => !hasForbiddenCharacters(s, { multiLine: true }), "must not hold control characters"),
    design: z.object({ motif: z.enum(CARD_MOTIFS), palette: z.enum(CARD_PALETTES), variant: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]) }).strict(),
    listed: z.boolean().default(true),
    saleFrom: isoDate.optional(),
    saleUntil: isoDate.optional(),
  })
  .strict()
  .refine((c) => !c.saleFrom || !c.saleUntil || c.saleFrom <= c.saleUntil, { message: "saleFrom must not be after saleUntil", path: ["saleUntil"] });

const occasionSchema = z
  .object({
    prefix: z.string().regex(/^([A-Z][A-Z0-9_]*)?$/),
    occasion: z.enum(CARD_OCCASIONS),
    label: z.string().trim().min(2).max(40),
    description: z.string().trim().min(2).max(120),
    season: z.object({ feast: z.enum(FEASTS), from: z.number().int().min(0).max(120), to: z.number().int().min(0).max(60) }).strict().optional(),
    cards: z.array(cardSchema).min(1),
  })
  .strict()
  .superRefine((group, ctx) => {
    group.cards.forEach((card, i) => {
      if (group.prefix && !card.code.startsWith(`${group.prefix}_`)) {
        ctx.addIssue({ code: "custom", path: ["cards", i, "code"], message: `${card.code} must start with ${group.prefix}_` });
      }
    });
  });

export const catalogueSchema = z
  .object({ occasions: z.array(occasionSchema).min(1) })
  .strict()
  .superRefine((catalogue, ctx) => {
    const seen = new Set<string>();
    catalogue.occasions.forEach((group, g) =>
      group.cards.forEach((card, i) => {
        if (seen.has(card.code)) ctx.addIssue({ code: "custom", path: ["occasions", g, "cards", i, "code"], message: `${card.code} appears twice` });
        seen.add(card.code);
      }),
    );
  });

export interface Card {
  code: string;
  title: string;
  greeting: string;
  design: CardDesign;
  occasion: CardOccasion;
  /** The occasion's name in Swedish ("Jul", "Grattis"…). */
  occasionLabel: string;
  /** False for test codes: they render and can be ordered by code, but the picker never shows them. */
  listed: boolean;
  season: Season | null;
  saleFrom: IsoDate | null;
  saleUntil: IsoDate | null;
}

export interface CardGroup {
  occasion: CardOccasion;
  label: string;
  description: string;
  /** True when the group is seasonal and today is in its season. */
  inSeason: boolean;
  cards: Card[];
}

export class CardCatalogue {
  private readonly byCode: Map<string, Card>;

  constructor(private readonly groups: ReadonlyArray<Omit<CardGroup, "inSeason"> & { season: Season | null }>) {
    this.byCode = new Map(groups.flatMap((g) => g.cards.map((c) => [c.code, c] as const)));
  }

  /** Every card, test codes included, in the file's order. */
  all(): Card[] {
    return [...this.byCode.values()];
  }

  /** The card with this code (exactly as written, e.g. JUL_24_12), on sale or not. */
  cardByCode(code: string): Card | undefined {
    return this.byCode.get(code);
  }

  /** Whether a donor may choose the card on this Swedish date. */
  isOnSale(card: Card, today: IsoDate): boolean {
    if (card.saleFrom && today < card.saleFrom) return false;
    if (card.saleUntil && today > card.saleUntil) return false;
    return card.season === null || activeSeasonWindow(card.season, today) !== null;
  }

  /** The cards a donor can choose today: listed and on sale. */
  cardsOnSale(today: IsoDate): Card[] {
    return this.all().filter((card) => card.listed && this.isOnSale(card, today));
  }

  /**
   * The picker's groups for today: seasonal occasions in season first (the
   * nearest feast first), then the all-year ones in the file's order. Empty
   * groups and out-of-season ones are left out.
   */
  groupsOnSale(today: IsoDate): CardGroup[] {
    const groups = this.groups
      .map((g) => {
        const window = g.season ? activeSeasonWindow(g.season, today) : null;
        return {
          group: { occasion: g.occasion, label: g.label, description: g.description, inSeason: window !== null, cards: g.cards.filter((c) => c.listed && this.isOnSale(c, today)) },
          feast: window?.feast ?? null,
        };
      })
      .filter((g) => g.group.cards.length > 0);
    const seasonal = groups.filter((g) => g.feast !== null).sort((a, b) => (a.feast as string).localeCompare(b.feast as string));
    return [...seasonal, ...groups.filter((g) => g.feast === null)].map((g) => g.group);
  }
}

/** Reads and checks catalogue YAML; throws with every wrong entry named. */
export function parseCardCatalogue(text: string): CardCatalogue {
  const parsed = catalogueSchema.safeParse(parseYaml(text));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`The card catalogue is not valid: ${problems}`);
  }
  return new CardCatalogue(
    parsed.data.occasions.map((g) => ({
      occasion: g.occasion,
      label: g.label,
      description: g.description,
      season: g.season ?? null,
      cards: g.cards.map((c) => ({
        code: c.code,
        title: c.title,
        greeting: c.greeting,
        design: c.design,
        occasion: g.occasion,
        occasionLabel: g.label,
        listed: c.listed,
        season: g.season ?? null,
        saleFrom: c.saleFrom ?? null,
        saleUntil: c.saleUntil ?? null,
      })),
    })),
  );
}

export const DEFAULT_CARD_CATALOGUE_FILE = "content/cards/catalogue.yaml";
const loaded = new Map<string, CardCatalogue>();

/** The catalogue from its file, read once per file (it changes only with a deploy). */
export function cardCatalogue(file: string = DEFAULT_CARD_CATALOGUE_FILE): CardCatalogue {
  const key = path.resolve(file);
  let catalogue = loaded.get(key);
  if (!catalogue) {
    catalogue = parseCardCatalogue(fs.readFileSync(key, "utf8"));
    loaded.set(key, catalogue);
  }
  return catalogue;
}
