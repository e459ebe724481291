import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * Reads a form post – on the server in the action, in the browser before it is
 * sent – with the form's Zod schema (decision 0011). Conform's automatic
 * coercion is off: our schemas take the fields as the strings the browser
 * sends, exactly as the JSON API hands them over, so one schema gives the same
 * answer, in the same Swedish words, everywhere. (Coercion would turn an empty
 * field into `undefined` and swap "Skriv ditt namn." for Zod's English default.)
 */
export function parseForm<Schema extends z.ZodType>(formData: FormData | URLSearchParams, schema: Schema) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

export type FormResult = SubmissionResult<string[]>;

/**
 * A reply that also fills in fields for the donor (e.g. name and address from
 * the population register). It is Conform's own "update" intent, so the page
 * shows the new values whether it was re-rendered by the server (no
 * JavaScript) or updated in place.
 */
export function replyWithValues(
  submission: { payload: Record<string, unknown>; reply: () => FormResult },
  values: Record<string, string>,
): FormResult {
  // `intent` is the name of our buttons that say what a post asks for (look-up, erase…), not a field.
  const { intent: _button, ...sent } = submission.payload;
  const value = { ...sent, ...values } as Record<string, string>;
  return { ...submission.reply(), intent: { type: "update", payload: { value } } };
}
