import { z } from "zod";
import { researchAreaSchema } from "./research-area";

/**
 * An approved research project as the site shows it. The research portal's
 * own field names are mapped to this in integrations/research-portal/client.ts.
 */
export const researchProjectSchema = z.object({
  id: z.string().trim().min(1).max(100),
  title: z.string().trim().min(1).max(300),
  /** English title; the English page falls back to the Swedish title. */
  titleEn: z.string().trim().min(1).max(300).optional(),
  principalInvestigator: z.string().trim().min(1).max(200),
  institution: z.string().trim().min(1).max(200),
  /** ISO date (YYYY-MM-DD) the project was approved. */
  approvalDate: z.iso.date(),
  area: researchAreaSchema,
  summary: z.object({
    sv: z.string().trim().max(5000),
    en: z.string().trim().max(5000).optional(),
  }),
});

export type ResearchProjectInput = z.infer<typeof researchProjectSchema>;

export interface ResearchProject extends ResearchProjectInput {
  /** Year of approval, derived from approvalDate so the two can never disagree. */
  year: number;
}

export function toResearchProject(input: ResearchProjectInput): ResearchProject {
  return { ...input, year: Number(input.approvalDate.slice(0, 4)) };
}

/** Validates unknown data (from the cache or a snapshot file) into a project. */
export function parseResearchProject(value: unknown): ResearchProject {
  return toResearchProject(researchProjectSchema.parse(value));
}

/** Title and summary in the page's language, falling back to Swedish. */
export function localised(project: ResearchProject, lang: "sv" | "en"): { title: string; summary: string } {
  if (lang === "en") return { title: project.titleEn ?? project.title, summary: project.summary.en ?? project.summary.sv };
  return { title: project.title, summary: project.summary.sv };
}
