import { z } from "zod";
import type { DocumentRequest, MemorialSheetData } from "../documents/document-renderer";
import { isIsoDate } from "../calendar/swedish-calendar";
import { plainText } from "../text/plain-text";
import { nameText } from "../text/text-fields";
import { GREETING_MAX_CHARACTERS, MEMORIAL_SHEET_DESIGNS, SIGNATURE_MAX_CHARACTERS, type MemorialSheetDesign } from "./sheet-designs";

/**
 * What a memorial sheet says, from the donor's choices: the one function that
 * both the preview (POST /api/Gift/Preview and the no-JavaScript preview
 * image) and the delivered sheet (an order item's stored content) go through,
 * so the preview is the sheet.
 */
export interface MemorialSheetInput {
  design: MemorialSheetDesign;
  deceasedName: string;
  birthYear?: number | null;
  /** YYYY-MM-DD. */
  dateOfDeath: string;
  greeting?: string;
  signature?: string;
  showAmount: boolean;
  amountOre?: number | null;
}

export function memorialSheetData(input: MemorialSheetInput): MemorialSheetData {
  return {
    design: input.design,
    deceasedName: input.deceasedName.trim(),
    birthYear: input.birthYear ?? null,
    dateOfDeath: input.dateOfDeath,
    greeting: (input.greeting ?? "").trim(),
    signature: (input.signature ?? "").trim(),
    // The amount is on the sheet only when the donor asked for it.
    amountOre: input.showAmount && typeof input.amountOre === "number" ? input.amountOre : null,
  };
}

export function memorialSheetDocument(input: MemorialSheetInput): DocumentRequest {
  return { kind: "memorial-sheet", data: memorialSheetData(input) };
}

/** An order item's stored words (core/memorial/give-memorial-gift.ts writes them). */
const storedContentSchema = z.object({
  deceasedName: z.string(),
  birthYear: z.number().int().nullable().optional(),
  dateOfDeath: z.string(),
  greeting: z.string().optional().default(""),
  signature: z.string().optional().default(""),
  showAmount: z.boolean().optional().default(false),
  parlourSourceId: z.string().optional(),
});
export type StoredSheetContent = z.output<typeof storedContentSchema>;

export function storedSheetContent(content: string): StoredSheetContent {
  return storedContentSchema.parse(JSON.parse(content));
}

const designSchema = z.enum(MEMORIAL_SHEET_DESIGNS);

/** The sheet of a stored memorial_sheet order item, with its gift's amount (shown only when chosen). */
export function memorialSheetForItem(item: { design: string | null; content: string }, amountOre: number): DocumentRequest {
  const content = storedSheetContent(item.content);
  const design = designSchema.catch("lilja").parse(item.design);
  return memorialSheetDocument({ ...content, design, amountOre });
}

/* ---------------------------------------------------------------- preview */

/** A whole number from JSON (a number) or a query string (text); empty is none. */
function optionalWholeNumber(messages: { type: string; min: [number, string]; max: [number, string] }) {
  return z.preprocess(
    (value) => (value === "" || value === null || value === undefined ? undefined : typeof value === "string" ? Number(value) : value),
    z.number({ error: messages.type }).int(messages.type).min(...messages.min).max(...messages.max).optional(),
  );
}

const birthYear = optionalWholeNumber({
  type: "Skriv födelseåret med fyra siffror, till exempel 1942.",
  min: [1880, "Födelseåret verkar inte stämma."],
  max: [2100, "Födelseåret verkar inte stämma."],
});

const amountOre = optionalWholeNumber({
  type: "Beloppet ska vara ett heltal i öre.",
  min: [0, "Beloppet ska vara ett heltal i öre."],
  max: [100_000_000, "Beloppet är för stort."],
});

const yesNo = z.preprocess(
  (value) => (typeof value === "string" ? ["true", "on", "1", "ja"].includes(value.toLowerCase()) : value === undefined ? false : value),
  z.boolean({ error: "Ange om beloppet ska synas, som true eller false." }),
);

/**
 * The preview's input, for the JSON body of POST /api/Gift/Preview and the
 * query of the no-JavaScript preview image: the same limits as the memorial
 * gift form (core/memorial/memorial-gift-form.ts), messages in Swedish. A
 * preview may be asked for before the signature is written.
 */
export const memorialSheetPreviewFields = {
  design: z.enum(MEMORIAL_SHEET_DESIGNS, { error: "Välj hur minnesbladet ska se ut: lilja, ljus, duva eller hjarta." }),
  deceasedName: nameText().pipe(z.string().min(2, "Skriv namnet på den du vill hedra.")),
  birthYear,
  dateOfDeath: z.string({ error: "Skriv dödsdatumet som ÅÅÅÅ-MM-DD." }).trim().refine(isIsoDate, "Skriv dödsdatumet som ÅÅÅÅ-MM-DD, till exempel 2026-11-20."),
  greeting: plainText({ multiLine: true, max: GREETING_MAX_CHARACTERS, tooLong: `Hälsningen får vara högst ${GREETING_MAX_CHARACTERS} tecken.` })
    .optional()
    .default(""),
  signature: plainText({ max: SIGNATURE_MAX_CHARACTERS, tooLong: `Skriv högst ${SIGNATURE_MAX_CHARACTERS} tecken under Hälsningar från.` })
    .optional()
    .default(""),
  showAmount: yesNo,
  amountOre,
};

export const memorialSheetPreviewSchema = z.object(memorialSheetPreviewFields);

/** The JSON body of POST /api/Gift/Preview: the kind of document, then its fields. */
export const giftPreviewRequestSchema = z.object({
  kind: z.literal("memorial_sheet", { error: "Förhandsgranskning finns för minnesblad: kind ska vara memorial_sheet." }),
  ...memorialSheetPreviewFields,
});

export type GiftPreviewRequest = z.input<typeof giftPreviewRequestSchema>;
