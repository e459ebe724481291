import { z } from "zod";
import { parseArea } from "#core/research/research-area";
import { researchProjectSchema, toResearchProject, type ResearchProject } from "#core/research/research-project";

/**
 * The research portal's wire format for GET /{product}/petitions/approved/.
 *
 * UNVERIFIED: the real portal's field names are not known to us. This is the
 * shape our client and simulator agree on (documented in README.md); when the
 * real format is known, only this file should need to change.
 *
 *   {
 *     "product": "befolkningsstudien",
 *     "petitions": [{
 *       "petitionId": "PET-2024-117",
 *       "title": { "sv": "…", "en": "…" },                    // en optional
 *       "applicant": { "name": "…", "organisation": "…" },
 *       "approvedAt": "2024-03-12",                            // or a full ISO timestamp
 *       "researchArea": "Hjärta",                              // free text; unknown → "övrigt"
 *       "summary": { "sv": "…", "en": "…" }                    // en optional
 *     }]
 *   }
 */

const localisedText = z.object({ sv: z.string(), en: z.string().nullish() });

export const portalPetitionSchema = z.object({
  petitionId: z.union([z.string(), z.number()]).transform(String),
  title: localisedText,
  applicant: z.object({ name: z.string(), organisation: z.string() }),
  approvedAt: z.string(),
  researchArea: z.string().nullish(),
  summary: localisedText.nullish(),
});

export type PortalPetition = z.infer<typeof portalPetitionSchema>;

/** Only the envelope is strict; petitions are checked one by one so one bad record cannot blank the page. */
export const portalResponseSchema = z.object({
  product: z.string().optional(),
  petitions: z.array(z.unknown()),
});

function blankToUndefined(text: string | null | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/** Maps one portal record to the domain type, or explains why it cannot. */
export function mapPetition(raw: unknown): { ok: true; project: ResearchProject } | { ok: false; reason: string } {
  const wire = portalPetitionSchema.safeParse(raw);
  if (!wire.success) return { ok: false, reason: wire.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
  const p = wire.data;
  const domain = researchProjectSchema.safeParse({
    id: p.petitionId,
    title: p.title.sv,
    titleEn: blankToUndefined(p.title.en),
    principalInvestigator: p.applicant.name,
    institution: p.applicant.organisation,
    // Timestamps are cut to their date: the page shows the approval day only.
    approvalDate: p.approvedAt.trim().slice(0, 10),
    area: parseArea(p.researchArea) ?? "övrigt",
    summary: { sv: p.summary?.sv.trim() ?? "", en: blankToUndefined(p.summary?.en) },
  });
  if (!domain.success) return { ok: false, reason: domain.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
  return { ok: true, project: toResearchProject(domain.data) };
}
