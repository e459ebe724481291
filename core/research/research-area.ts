import { z } from "zod";
import { foldText } from "../search/swedish-text";

/**
 * Research areas the charity funds. The Swedish word is the value (it is what
 * editors and the portal use); labels exist for both language versions of the
 * research page. "övrigt" catches areas the portal may add before we do, so an
 * unknown area never hides a project.
 */
export const RESEARCH_AREAS = ["hjärta", "lunga", "kärl", "sömn", "barn", "övrigt"] as const;

export type ResearchArea = (typeof RESEARCH_AREAS)[number];

export const researchAreaSchema = z.enum(RESEARCH_AREAS);

export const RESEARCH_AREA_LABELS: Record<ResearchArea, { sv: string; en: string }> = {
  hjärta: { sv: "Hjärta", en: "Heart" },
  lunga: { sv: "Lunga", en: "Lung" },
  kärl: { sv: "Kärl", en: "Blood vessels" },
  sömn: { sv: "Sömn", en: "Sleep" },
  barn: { sv: "Barn", en: "Children" },
  övrigt: { sv: "Övrigt", en: "Other" },
};

export function areaLabel(area: ResearchArea, lang: "sv" | "en"): string {
  return RESEARCH_AREA_LABELS[area][lang];
}

const BY_FOLDED = new Map<string, ResearchArea>(RESEARCH_AREAS.map((a) => [foldText(a), a]));
const BY_ENGLISH = new Map<string, ResearchArea>(
  RESEARCH_AREAS.map((a) => [foldText(RESEARCH_AREA_LABELS[a].en), a]),
);

/**
 * Reads an area from a page address or a portal field: accepts "hjärta",
 * "hjarta", "Heart" alike; returns undefined for anything else.
 */
export function parseArea(value: unknown): ResearchArea | undefined {
  if (typeof value !== "string") return undefined;
  const key = foldText(value.trim());
  return BY_FOLDED.get(key) ?? BY_ENGLISH.get(key);
}

/** ASCII form for URLs and ids ("kärl" → "karl"). */
export function areaSlug(area: ResearchArea): string {
  return foldText(area);
}
