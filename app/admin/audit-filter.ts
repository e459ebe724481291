import { z } from "zod";
import type { AuditFilter } from "#core/audit/audit-log";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const filterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  utfall: z.enum(["ok", "refused"]).optional(),
  fran: day.optional(),
  till: day.optional(),
});

/** The audit log's filter from the page's (and the CSV link's) query string; anything malformed is left out. */
export function auditFilterFrom(url: URL): { filter: AuditFilter; query: Record<string, string> } {
  const raw = Object.fromEntries([...url.searchParams].filter(([, v]) => v !== ""));
  const parsed = filterSchema.safeParse(raw);
  const value = parsed.success ? parsed.data : {};
  return {
    filter: { text: value.q || undefined, outcome: value.utfall, from: value.fran, to: value.till },
    query: Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Record<string, string>,
  };
}
