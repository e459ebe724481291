import { z } from "zod";

/**
 * The standard context the spec's main API calls carry next to their payload:
 * the visitor's tracking session and identity (random ids), the page they are
 * on, and a random id grouping the requests of one action.
 */
export const requestContextSchema = z.object({
  session: z.string().max(64).default(""),
  identity: z.string().max(64).default(""),
  currentUrl: z.string().max(2048).default(""),
  requestgroup: z.string().max(64).default(""),
});

export function withContext<T extends z.ZodType>(payload: T) {
  return z.object({ payload, context: requestContextSchema.prefault({}) });
}
