import type { MemorialSheetPreview } from "./preview-sheet";
import type { MemorialSheetDesign } from "#core/memorial/sheet-designs";
import { formatNumber } from "#core/site/format";

/**
 * What the memorial gift page previews, and how it describes the image. With
 * JavaScript the preview is asked for (POST /api/Gift/Preview, app/memorial/preview-sheet.ts)
 * 400 ms after the donor stops typing, the spec's preview constant; without
 * it the "Förhandsgranska" button re-renders the page with the preview
 * image's address for the same fields.
 */
export const PREVIEW_DELAY_MS = 400;

export interface PreviewInput {
  design: MemorialSheetDesign;
  deceasedName: string;
  birthYear: number | null;
  /** YYYY-MM-DD */
  dateOfDeath: string;
  greeting: string;
  signature: string;
  /** Whole kronor, or null when the amount is not shown on the sheet. */
  amountKr: number | null;
}

/** A preview needs the person: their name and date of death are the sheet's heading. */
export function canPreview(input: PreviewInput): boolean {
  return input.deceasedName.trim().length >= 2 && /^\d{4}-\d{2}-\d{2}$/.test(input.dateOfDeath);
}

/** The preview's fields (core/memorial/memorial-sheet.ts's memorialSheetPreviewSchema). */
export function previewSheet(input: PreviewInput): MemorialSheetPreview {
  return {
    design: input.design,
    deceasedName: input.deceasedName.trim(),
    ...(input.birthYear !== null ? { birthYear: input.birthYear } : {}),
    dateOfDeath: input.dateOfDeath,
    greeting: input.greeting,
    signature: input.signature,
    showAmount: input.amountKr !== null,
    ...(input.amountKr !== null ? { amountOre: input.amountKr * 100 } : {}),
  };
}

export function previewAlt(input: PreviewInput, designLabel: string): string {
  const sentences = [`Förhandsvisning av minnesbladet med motivet ${designLabel.toLowerCase()}, till minne av ${input.deceasedName.trim()}.`];
  if (input.greeting.trim()) sentences.push(`Hälsningen lyder: ${input.greeting.trim().replace(/\s+/g, " ")}`);
  if (input.signature.trim()) sentences.push(`Hälsningar från ${input.signature.trim()}.`);
  if (input.amountKr !== null) sentences.push(`Beloppet ${formatNumber(input.amountKr)} kronor visas.`);
  return sentences.join(" ");
}
