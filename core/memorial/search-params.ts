import { z } from "zod";
import { hasForbiddenCharacters } from "../text/plain-text";
import { isIsoDate } from "../calendar/swedish-calendar";
import type { DeceasedPerson, FuneralParlour } from "./memorial-records";

/**
 * The query parameters of GET /api/DeceasedPeople/Search and
 * GET /api/FuneralParlors/Search, validated with Swedish messages per field.
 * Shared by the API (which validates) and the browser helpers (which build
 * the address), so the two cannot drift apart.
 */

export const MAX_PAGE_SIZE = 20;
export const DEFAULT_PAGE_SIZE = 10;
export const MIN_QUERY_LETTERS = 2;
const MAX_NAME_LENGTH = 100;
const MAX_TOWN_LENGTH = 60;

const LETTER = /\p{L}/gu;

function text(field: string, maxLength: number, label: string) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `Skriv minst ${MIN_QUERY_LETTERS} bokstäver.` : `Ange ${field} en gång, som text.`),
    })
    .max(maxLength, `${label} får vara högst ${maxLength} tecken.`)
    // Control and direction characters never belong in a typed name (core/text/plain-text.ts).
    .refine((value) => !hasForbiddenCharacters(value), `${label} innehåller tecken som inte hör hemma i ett namn. Skriv med vanliga bokstäver.`)
    .transform((value) => value.trim().replace(/\s+/g, " "));
}

function searchText(field: string, label: string) {
  return text(field, MAX_NAME_LENGTH, label).refine(
    (value) => (value.match(LETTER)?.length ?? 0) >= MIN_QUERY_LETTERS,
    `Skriv minst ${MIN_QUERY_LETTERS} bokstäver.`,
  );
}

function wholeNumber(field: string, min: number, max: number, message: string) {
  return z
    .string({ error: `Ange ${field} en gång, som ett heltal.` })
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);
}

const date = z
  .string({ error: "Ange datumet en gång." })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Skriv datumet som ÅÅÅÅ-MM-DD, till exempel 2026-11-02.")
  .refine(isIsoDate, "Det datumet finns inte i kalendern.");

const pageSize = wholeNumber("pageSize", 1, MAX_PAGE_SIZE, `Ange ett antal mellan 1 och ${MAX_PAGE_SIZE}.`);

export function deceasedSearchParamsSchema(windowDays: number) {
  return z
    .strictObject(
      {
        name: searchText("name", "Namnet"),
        town: text("town", MAX_TOWN_LENGTH, "Orten").optional(),
        diedFrom: date.optional(),
        diedTo: date.optional(),
        withinDays: wholeNumber(
          "withinDays",
          1,
          windowDays,
          `Sökningen gäller bara de senaste ${windowDays} dagarna. Ange ett antal dagar mellan 1 och ${windowDays}.`,
        ).optional(),
        pageSize: pageSize.optional(),
      },
      { error: unknownParameterMessage },
    )
    .refine((value) => !value.diedFrom || !value.diedTo || value.diedFrom <= value.diedTo, {
      message: "Slutdatumet får inte vara före startdatumet.",
      path: ["diedTo"],
    });
}

export const parlourSearchParamsSchema = z.strictObject(
  {
    query: searchText("query", "Söktexten"),
    town: text("town", MAX_TOWN_LENGTH, "Orten").optional(),
    pageSize: pageSize.optional(),
  },
  { error: unknownParameterMessage },
);

function unknownParameterMessage(issue: { code?: string }): string | undefined {
  return issue.code === "unrecognized_keys" ? "Okänd parameter." : undefined;
}

/** The query parameters of GET /api/DeceasedPeople/Search, as the browser sends them. */
export interface DeceasedSearchParams {
  /** The name typed so far (at least two letters). */
  name: string;
  town?: string;
  /** YYYY-MM-DD, inclusive. */
  diedFrom?: string;
  diedTo?: string;
  /** Died within the last N days (1 to the window, 90 by default). */
  withinDays?: number;
  /** 1–20, default 10. */
  pageSize?: number;
}

/** The query parameters of GET /api/FuneralParlors/Search. */
export interface ParlourSearchParams {
  /** Name or town typed so far. */
  query: string;
  town?: string;
  pageSize?: number;
}

/**
 * Field messages keyed by parameter name; an unknown parameter is reported
 * under its own name, so the caller sees which one to drop.
 */
export function paramErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields[key] ??= issue.message;
      continue;
    }
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "query";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** What GET /api/DeceasedPeople/Search answers. */
export interface DeceasedSearchResponse {
  items: DeceasedPerson[];
  /** Matches in all; `items` holds the first `pageSize`. */
  total: number;
  /** The dates searched, after the window (YYYY-MM-DD, inclusive). */
  diedFrom: string;
  diedTo: string;
}

/** What GET /api/FuneralParlors/Search answers. */
export interface ParlourSearchResponse {
  items: FuneralParlour[];
  total: number;
}
