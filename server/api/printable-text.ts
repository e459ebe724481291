import type { RequestHandler } from "express";
import { CONTROL_CHARACTER_MESSAGE, hasForbiddenCharacters } from "#core/text/plain-text";
import { sendApiError } from "./api-errors";

/**
 * Every JSON body the API takes is checked here, before any endpoint sees it:
 * a string anywhere in it with a control character (line breaks and tabs
 * aside) or an invisible direction override (U+202A–U+202E, U+2066–U+2069) is
 * refused with 400 and the path of each such field, so that no endpoint –
 * today's or one added later – stores or prints one. Endpoints still check
 * their own fields (lengths, formats) with their schemas.
 */
export function refuseUnprintableText(): RequestHandler {
  return (req, res, next) => {
    const fields: Record<string, string> = {};
    collect(req.body, "", fields, 0);
    if (Object.keys(fields).length === 0) return next();
    sendApiError(res, 400, "validation_failed", "Uppgifterna är inte kompletta. Rätta fälten och försök igen.", fields);
  };
}

const MAX_DEPTH = 20;

function collect(value: unknown, path: string, fields: Record<string, string>, depth: number): void {
  if (typeof value === "string") {
    if (hasForbiddenCharacters(value.replace(/\r\n?|\t/g, "\n"), { multiLine: true })) fields[path || "body"] = CONTROL_CHARACTER_MESSAGE;
    return;
  }
  if (typeof value !== "object" || value === null || depth > MAX_DEPTH) return;
  for (const [key, inner] of Object.entries(value)) collect(inner, path ? `${path}.${key}` : key, fields, depth + 1);
}
