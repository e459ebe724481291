import { z } from "zod";
import { httpRequest, type HttpRequest, type HttpResponse } from "../../integrations/http/http-request";
import type { Clock } from "../clock";
import { silentLogger, type Logger } from "../logger";
import { indexNames, type IndexNames } from "./index-names";
import type {
  MultipleQueriesResponse,
  SearchDocument,
  SearchEngine,
  SearchRequest,
  SuggestResult,
} from "./search-engine";
import { emptyResult, isEmptyBatch, isEmptyQuery, normaliseHitsPerPage, normalisePage, normaliseQuery } from "./search-request";
import { DEFAULT_SUGGESTION_LIMIT } from "./suggestions";

/**
 * The seam for a hosted, Algolia-style engine. It speaks the v1 REST API:
 * multi-query search at POST /1/indexes/*\/queries, query suggestions from the
 * `<index>_query_suggestions` index, and a whole-index replacement that builds
 * a temporary index and moves it over the live one (the hosted engine's own
 * atomic swap). Not exercised against the real service here; the tests run it
 * against a local fake that speaks the same protocol.
 *
 * Note: core/ importing integrations/http is deliberate: it is the project's
 * only HTTP helper and this class *is* an integration; it lives beside the
 * interface it implements.
 */

export interface HostedSearchEngineOptions {
  appId: string;
  /** A search-only key is enough for `search`/`suggest`; `index` needs a write key. */
  apiKey: string;
  baseIndexName: string;
  /** When set, the development index is used (spec section 7). */
  debug?: boolean;
  /** Defaults to https://{appId}-dsn.algolia.net. */
  baseUrl?: string;
  timeoutMs?: number;
  logger?: Logger;
  clock?: Clock;
  /** Injected for tests; defaults to the project's httpRequest. */
  request?: (req: HttpRequest) => Promise<HttpResponse>;
  /** How long `index` waits for the hosted engine to publish, and how often it asks. */
  taskWaitMs?: number;
  taskPollMs?: number;
}

export class HostedSearchError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "HostedSearchError";
  }
}

const highlightSchema = z.object({
  value: z.string(),
  matchLevel: z.enum(["none", "partial", "full"]).default("none"),
  matchedWords: z.array(z.string()).default([]),
});

const hitSchema = z
  .object({
    objectID: z.string(),
    url: z.string().default(""),
    title: z.string().default(""),
    kind: z.enum(["page", "research", "gift"]).default("page"),
    lang: z.enum(["sv", "en"]).default("sv"),
    _highlightResult: z.object({ title: highlightSchema.optional() }).loose().optional(),
    _snippetResult: z.object({ body: highlightSchema.optional() }).loose().optional(),
  })
  .loose();

const resultSchema = z.object({
  hits: z.array(hitSchema),
  nbHits: z.number(),
  page: z.number(),
  nbPages: z.number(),
  hitsPerPage: z.number(),
  query: z.string().default(""),
  index: z.string().optional(),
  processingTimeMS: z.number().default(0),
});

const queriesResponseSchema = z.object({ results: z.array(resultSchema) });
const suggestionsResponseSchema = z.object({ hits: z.array(z.object({ objectID: z.string(), query: z.string() }).loose()) });
const taskSchema = z.object({ taskID: z.number() }).loose();
const taskStatusSchema = z.object({ status: z.string() }).loose();

const EMPTY_VALUE = { value: "", matchLevel: "none" as const, matchedWords: [] as string[] };

export class HostedSearchEngine implements SearchEngine {
  readonly names: IndexNames;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly logger: Logger;
  private readonly send: (req: HttpRequest) => Promise<HttpResponse>;

  constructor(private readonly options: HostedSearchEngineOptions) {
    this.names = indexNames(options.baseIndexName, options.debug ?? false);
    this.baseUrl = (options.baseUrl ?? `https://${options.appId}-dsn.algolia.net`).replace(/\/+$/, "");
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.logger = options.logger ?? silentLogger;
    this.send = options.request ?? httpRequest;
  }

  async search(requests: readonly SearchRequest[]): Promise<MultipleQueriesResponse> {
    // Spec section 5: an all-empty batch is answered here and never sent.
    if (isEmptyBatch(requests)) return { results: requests.map(emptyResult) };
    const body = {
      requests: requests.map((r) => ({
        indexName: r.indexName || this.names.content,
        params: this.params(r),
      })),
    };
    const json = await this.call("POST", "/1/indexes/*/queries", body);
    const parsed = queriesResponseSchema.safeParse(json);
    if (!parsed.success || parsed.data.results.length !== requests.length) {
      throw new HostedSearchError("Hosted search returned an unexpected response");
    }
    return {
      results: parsed.data.results.map((result, i) => {
        const request = requests[i]!;
        // An empty query in a mixed batch gets the same empty answer as the embedded engine.
        if (isEmptyQuery(request)) return emptyResult(request);
        return {
          ...result,
          index: result.index ?? request.indexName,
          hits: result.hits.map((hit) => ({
            objectID: hit.objectID,
            url: hit.url,
            title: hit.title,
            kind: hit.kind,
            lang: hit.lang,
            _highlightResult: { title: hit._highlightResult?.title ?? EMPTY_VALUE },
            _snippetResult: { body: hit._snippetResult?.body ?? EMPTY_VALUE },
          })),
        };
      }),
    };
  }

  async suggest(query: string, limit = DEFAULT_SUGGESTION_LIMIT): Promise<SuggestResult> {
    const trimmed = query.trim();
    if (!trimmed) return { query: trimmed, hits: [] };
    const params = new URLSearchParams({ query: normaliseQuery(trimmed), hitsPerPage: String(normaliseHitsPerPage(limit)) });
    const json = await this.call("POST", `/1/indexes/${encodeURIComponent(this.names.suggestions)}/query`, {
      params: params.toString(),
    });
    const parsed = suggestionsResponseSchema.safeParse(json);
    if (!parsed.success) throw new HostedSearchError("Hosted suggestions returned an unexpected response");
    return { query: trimmed, hits: parsed.data.hits.map((h) => ({ objectID: h.objectID, query: h.query.trim() })) };
  }

  /**
   * Replaces the content index: copy its settings to a temporary index, fill
   * that, wait until it is published, then move it over the live index.
   * Searches keep hitting the old index until the move, which is atomic.
   */
  async index(docs: readonly SearchDocument[]): Promise<void> {
    const live = this.names.content;
    const tmp = `${live}_tmp_${(this.options.clock?.now() ?? new Date()).getTime()}`;
    const copy = await this.call("POST", `/1/indexes/${encodeURIComponent(live)}/operation`, {
      operation: "copy",
      destination: tmp,
      scope: ["settings", "synonyms", "rules"],
    });
    await this.waitTask(live, copy);
    const batch = await this.call("POST", `/1/indexes/${encodeURIComponent(tmp)}/batch`, {
      requests: docs.map((doc) => ({ action: "addObject", body: { objectID: doc.id, ...doc } })),
    });
    await this.waitTask(tmp, batch);
    const move = await this.call("POST", `/1/indexes/${encodeURIComponent(tmp)}/operation`, {
      operation: "move",
      destination: live,
    });
    await this.waitTask(tmp, move);
  }

  private params(r: SearchRequest): string {
    const params = new URLSearchParams({
      query: normaliseQuery(r.query),
      page: String(normalisePage(r.page)),
      hitsPerPage: String(normaliseHitsPerPage(r.hitsPerPage)),
      highlightPreTag: "<mark>",
      highlightPostTag: "</mark>",
      attributesToSnippet: JSON.stringify(["body:30"]),
    });
    // Outer array: AND; inner array: OR (the hosted engine's facetFilters convention).
    const facetFilters: (string | string[])[] = [];
    if (r.filters?.lang) facetFilters.push(`lang:${r.filters.lang}`);
    if (r.filters?.kind?.length) facetFilters.push(r.filters.kind.map((k) => `kind:${k}`));
    if (facetFilters.length) params.set("facetFilters", JSON.stringify(facetFilters));
    return params.toString();
  }

  private async waitTask(indexName: string, response: unknown): Promise<void> {
    const task = taskSchema.safeParse(response);
    if (!task.success) throw new HostedSearchError("Hosted engine did not return a task id");
    const deadline = Date.now() + (this.options.taskWaitMs ?? 60_000);
    const poll = this.options.taskPollMs ?? 500;
    for (;;) {
      const status = taskStatusSchema.safeParse(
        await this.call("GET", `/1/indexes/${encodeURIComponent(indexName)}/task/${task.data.taskID}`),
      );
      if (status.success && status.data.status === "published") return;
      if (Date.now() > deadline) throw new HostedSearchError(`Task ${task.data.taskID} on ${indexName} not published in time`);
      await new Promise((resolve) => setTimeout(resolve, poll));
    }
  }

  private async call(method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
    const response = await this.send({
      method,
      url: `${this.baseUrl}${path}`,
      headers: {
        "content-type": "application/json",
        "x-algolia-application-id": this.options.appId,
        "x-algolia-api-key": this.options.apiKey,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: this.timeoutMs,
    });
    if (response.status < 200 || response.status >= 300) {
      this.logger.warn({ status: response.status, path }, "hosted search call failed");
      throw new HostedSearchError(`Hosted search answered HTTP ${response.status}`, response.status);
    }
    try {
      return JSON.parse(response.body);
    } catch {
      throw new HostedSearchError("Hosted search answered with invalid JSON", response.status);
    }
  }
}
