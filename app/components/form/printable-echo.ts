import { withoutUnprintable } from "#core/text/plain-text";
import type { FormResult } from "./parse-form";

/**
 * An action's reply as the page shows it again: every value the visitor sent
 * comes back in the fields (Conform's `initialValue`, and the values of an
 * "update" reply), so a control or direction character that the schema
 * refused – a NUL in a search box – would be written raw into the page's
 * HTML. Taken out here, once for every form built with useSiteForm; the
 * field's own message still says what was wrong.
 */
export function printableEcho(result: FormResult): FormResult;
export function printableEcho(result: FormResult | null | undefined): FormResult | null | undefined;
export function printableEcho(result: FormResult | null | undefined): FormResult | null | undefined {
  if (!result) return result;
  const intent =
    result.intent?.type === "update" && result.intent.payload.value !== undefined
      ? ({ ...result.intent, payload: { ...result.intent.payload, value: printable(result.intent.payload.value) } } as typeof result.intent)
      : result.intent;
  return { ...result, initialValue: printable(result.initialValue) as FormResult["initialValue"], intent };
}

function printable(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return withoutUnprintable(value);
  if (depth > 20 || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => printable(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, printable(item, depth + 1)]));
}
