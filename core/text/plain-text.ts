import { z } from "zod";

/**
 * Free text a person writes (a greeting, a signature, a name) may hold
 * letters, punctuation and, where it is multi-line, line breaks – never
 * control characters (a NUL breaks PDFs and databases) nor the invisible
 * direction marks that can make a text read differently from what it holds
 * (U+202A–U+202E, U+2066–U+2069). They are refused with a message, not
 * silently removed, so that what is printed is what was typed.
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

export const CONTROL_CHARACTER_MESSAGE = "Texten innehåller tecken som inte går att skriva ut. Skriv om den med vanliga bokstäver.";

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

/** A trimmed string without control or direction characters; Windows line breaks become \n first. */
export function plainText(options: { multiLine?: boolean; max: number; tooLong: string }) {
  return z
    .string()
    .transform((value) => (options.multiLine ? value.replace(/\r\n?/g, "\n") : value).trim())
    .refine((value) => !hasForbiddenCharacters(value, options), CONTROL_CHARACTER_MESSAGE)
    .refine((value) => [...value].length <= options.max, options.tooLong);
}
