import express, { type Router } from "express";
import { z } from "zod";
import type { AppContainer } from "../container";
import { emptyResult, isEmptyBatch, MAX_HITS_PER_PAGE, MAX_PAGE } from "#core/search/search-request";
import { DEFAULT_SUGGESTION_LIMIT } from "#core/search/suggestions";
import type { SearchRequest } from "#core/search/search-engine";
import { sendApiError } from "./api-errors";
import { perMinuteLimit } from "./rate-limit";

/**
 * Site search over HTTP, in the shape of a hosted engine's multi-query API so
 * that the search page (and any later client) can batch queries:
 *
 *   POST /api/search/queries   { requests: [{ indexName, query?, page?, hitsPerPage? }] }
 *     → { results: [{ hits, nbHits, page, nbPages, hitsPerPage, query, index, processingTimeMS }] }
 *   GET  /api/search/suggestions?q=hjä → { query, hits: [{ objectID, query }] } (at most 8)
 *
 * These answers are never recorded as popular searches: the page calls them
 * as the visitor types, and half-typed words must not become suggestions.
 */

/** More than a page needs at once; keeps one request from costing much. */
export const MAX_BATCH_SIZE = 10;
/** Longer text is certainly not typed by a person; the engine would cut it at 200 anyway. */
const MAX_QUERY_INPUT = 512;
const MAX_SUGGEST_INPUT = 100;

const requestSchema = z.object({
  indexName: z.string({ error: "Ange indexName." }).min(1, "Ange indexName."),
  query: z.string({ error: "query ska vara text." }).max(MAX_QUERY_INPUT, `query får vara högst ${MAX_QUERY_INPUT} tecken.`).optional(),
  page: z
    .number({ error: "page ska vara ett heltal." })
    .int("page ska vara ett heltal.")
    .min(0, "page får inte vara negativ.")
    .max(MAX_PAGE, `page får vara högst ${MAX_PAGE}.`)
    .optional(),
  hitsPerPage: z
    .number({ error: "hitsPerPage ska vara ett heltal." })
    .int("hitsPerPage ska vara ett heltal.")
    .min(1, "hitsPerPage ska vara minst 1.")
    .max(MAX_HITS_PER_PAGE, `hitsPerPage får vara högst ${MAX_HITS_PER_PAGE}.`)
    .optional(),
});

const batchSchema = z.object({
  requests: z
    .array(requestSchema, { error: "Ange requests som en lista." })
    .min(1, "Ange minst en sökning.")
    .max(MAX_BATCH_SIZE, `Högst ${MAX_BATCH_SIZE} sökningar per anrop.`),
});

export function searchApiRouter(container: AppContainer, limits: { perMinute: number }): Router {
  const router = express.Router();
  const limit = perMinuteLimit(container.rateLimiter, "searches", limits.perMinute);
  const { search } = container;

  router.post("/search/queries", limit, async (req, res, next) => {
    try {
      const parsed = batchSchema.safeParse(req.body);
      if (!parsed.success) {
        return sendApiError(res, 400, "validation_failed", "Sökningen kunde inte tolkas. Se fields.", issuesByPath(parsed.error));
      }
      const requests: SearchRequest[] = parsed.data.requests;
      const unknown = requests.findIndex((r) => r.indexName !== search.names.content);
      if (unknown !== -1) {
        return sendApiError(res, 400, "validation_failed", "Det finns inget sådant sökindex.", {
          [`requests.${unknown}.indexName`]: `Okänt index. Använd ${search.names.content}.`,
        });
      }
      // Spec section 5: an all-empty batch never reaches the engine (hosted or embedded).
      if (isEmptyBatch(requests)) return res.json({ results: requests.map(emptyResult) });
      res.json(await search.engine.search(requests));
    } catch (error) {
      next(error);
    }
  });

  router.get("/search/suggestions", limit, async (req, res, next) => {
    try {
      const q = req.query.q ?? "";
      if (typeof q !== "string") return sendApiError(res, 400, "validation_failed", "Ange q en gång, som text.", { q: "Ange q en gång, som text." });
      if (q.length > MAX_SUGGEST_INPUT) {
        return sendApiError(res, 400, "validation_failed", "Söktexten är för lång.", { q: `Högst ${MAX_SUGGEST_INPUT} tecken.` });
      }
      res.json(await search.suggest(q, DEFAULT_SUGGESTION_LIMIT));
    } catch (error) {
      next(error);
    }
  });

  return router;
}

/** Nested paths ("requests.1.page"), so a caller can see which query of the batch was wrong. */
function issuesByPath(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "body";
    fields[key] ??= issue.message;
  }
  return fields;
}
