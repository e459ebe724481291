import { z } from "zod";
import { isPrintableCodePoint } from "./printable-characters";

/**
 * Free text a person writes (a greeting, a signature, a name, an address)
 * may hold what the document fonts can draw (core/text/printable-characters.ts)
 * and, where it is multi-line, line breaks – never control characters (a NUL
 * breaks PDFs and databases), the invisible direction marks that can make a
 * text read differently from what it holds (U+202A–U+202E, U+2066–U+2069),
 * zero-width characters, nor a line or paragraph separator in a one-line
 * field. They are refused with a message, not silently removed, so that what
 * is printed is what was typed (decisions 0016 and 0040).
 */
// Written out rather than with the `v` flag's set difference, which older Safari cannot parse (the schema also runs in the browser).
// Matching control characters is the point of these two.
/* eslint-disable no-control-regex */
const CONTROL_EXCEPT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/u;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
/** Everything refused above except the whitespace a text area may hold (tab, line feed, carriage return). */
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu;
/* eslint-enable no-control-regex */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;
/** Zero-width and other invisible format characters: they print as nothing, or as an empty box. */
const INVISIBLE = /\u034f|[\u00ad\u061c\u180e\u200b-\u200f\u2060-\u2064\ufeff]/u;
const LINE_SEPARATORS = /[\n\u0085\u2028\u2029]/u;

export const CONTROL_CHARACTER_MESSAGE = "Texten innehåller tecken som inte går att skriva ut. Skriv om den med vanliga bokstäver.";
export const ONE_LINE_MESSAGE = "Skriv texten på en rad, utan radbrytningar.";

/** Control and direction characters: refused in every string the API takes (server/api/printable-text.ts). */
export function hasForbiddenCharacters(text: string, options: { multiLine?: boolean } = {}): boolean {
  return (options.multiLine ? CONTROL_EXCEPT_NEWLINE : CONTROL).test(text) || BIDI_CONTROL.test(text);
}

/**
 * The text with control and direction characters taken out, for showing back
 * what a visitor sent (a form re-rendered with its message): the field was
 * refused with CONTROL_CHARACTER_MESSAGE, and the page never carries a NUL
 * or a direction override (issue #30). Never used on what is stored.
 */
export function withoutUnprintable(text: string): string {
  return text.replace(UNPRINTABLE, "");
}

/** A character as a message names it: itself when it can be seen, otherwise its code (U+2003). */
function shown(character: string): string {
  return /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(character) ? `”${character}”` : `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

export function unprintableMessage(characters: readonly string[]): string {
  const names = characters.map(shown).join(", ");
  return characters.length === 1
    ? `Tecknet ${names} kan inte skrivas ut på våra kort och brev. Skriv texten utan det.`
    : `Tecknen ${names} kan inte skrivas ut på våra kort och brev. Skriv texten utan dem.`;
}

/**
 * NFC (a letter and its accent typed apart become the one letter the fonts
 * have), trimmed; in multi-line text every kind of line break becomes \n.
 */
export function normaliseText(value: string, options: { multiLine?: boolean } = {}): string {
  const composed = value.normalize("NFC");
  return (options.multiLine ? composed.replace(/\r\n?|\u0085|\u2028|\u2029/g, "\n") : composed).trim();
}

/** Why a (normalised) text cannot be accepted as printable, in Swedish; null when it can. */
export function textProblem(text: string, options: { multiLine?: boolean } = {}): string | null {
  if (!options.multiLine && LINE_SEPARATORS.test(text)) return ONE_LINE_MESSAGE;
  if (hasForbiddenCharacters(text, options) || INVISIBLE.test(text)) return CONTROL_CHARACTER_MESSAGE;
  const unprintable = new Set<string>();
  for (const character of text) {
    if (character === "\n" || isPrintableCodePoint(character.codePointAt(0)!)) continue;
    unprintable.add(character);
    if (unprintable.size === 3) break;
  }
  return unprintable.size === 0 ? null : unprintableMessage([...unprintable]);
}

/** Characters, not UTF-16 units: "😀" is one, as the person typing it counts. */
export const characterCount = (text: string) => [...text].length;

/** A normalised string that the documents can print, at most `max` characters. */
export function plainText(options: { multiLine?: boolean; max: number; tooLong: string }) {
  return z
    .string()
    .transform((value) => normaliseText(value, options))
    .superRefine((value, ctx) => {
      const problem = textProblem(value, options);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .refine((value) => characterCount(value) <= options.max, options.tooLong);
}
