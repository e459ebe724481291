import MiniSearch, { type SearchOptions, type SearchResult as MiniResult } from "minisearch";
import { highlight, snippet, type WordMatcher } from "./highlight";
import type {
  MultipleQueriesResponse,
  SearchDocument,
  SearchEngine,
  SearchHit,
  SearchRequest,
  SearchResult,
  SuggestResult,
} from "./search-engine";
import { LruCache } from "./result-cache";
import { emptyResult, isEmptyBatch, isEmptyQuery, normaliseQuery, pageWindow } from "./search-request";
import { DEFAULT_SUGGESTION_LIMIT, QuerySuggestions } from "./suggestions";
import { analyse, foldText, processTerm, splitWords } from "./swedish-text";

/**
 * The embedded engine: MiniSearch in process with Swedish term processing.
 * Fast enough for the site's few thousand documents (see
 * scripts/bench-search.ts) and needs no server. Every instance builds its own
 * index from the same documents, so nothing here is state another instance needs.
 */

export interface MiniSearchEngineOptions {
  /** Suggestions to serve and to feed with page titles; one is created when absent. */
  suggestions?: QuerySuggestions;
  /** Title weight relative to the body; a title match must outrank a body match. */
  titleBoost?: number;
  /** Documents indexed per event-loop turn during a rebuild, so requests keep flowing. */
  chunkSize?: number;
  /** Ranked result lists kept for recent queries (0 disables). Default 32: large lists of result objects cost GC time, so a bigger cache did not lower p95 in the benchmark. */
  resultCacheSize?: number;
  /**
   * Finished result pages (hits with highlights and snippets) kept for recent
   * requests (0 disables). Default 256: a page is at most 20 small hits, and the
   * search page under load spent most of its search time making snippets.
   */
  pageCacheSize?: number;
}

export class DuplicateDocumentError extends Error {
  constructor(id: string) {
    super(`Duplicate search document id: ${id}`);
    this.name = "DuplicateDocumentError";
  }
}

interface IndexSnapshot {
  mini: MiniSearch<SearchDocument>;
  docs: Map<string, SearchDocument>;
  /** Ranked results per query, valid only for this snapshot; dropped with it on a swap. */
  cache: LruCache<MiniResult[]>;
  /** Finished pages per request, likewise valid only for this snapshot. */
  pages: LruCache<SearchResult>;
}

// Stems shorter than this are not prefix-expanded unless they are the word
// being typed: "hjart" should find "hjartsjukdom", "bar" should not find everything.
const COMPOUND_PREFIX_MIN = 4;
// The word being typed is prefix-expanded from this length: one or two letters
// match most of the index, cost the most and mean nothing yet.
const TYPED_PREFIX_MIN = 3;
// Typos are only forgiven in longer words; short words have too many neighbours.
const FUZZY_MIN_LENGTH = 6;

function createIndex(): MiniSearch<SearchDocument> {
  return new MiniSearch<SearchDocument>({
    fields: ["title", "body"],
    storeFields: [],
    tokenize: (text) => splitWords(text),
    processTerm: (term) => processTerm(term) ?? null,
  });
}

export class MiniSearchEngine implements SearchEngine {
  private current: IndexSnapshot;
  private generation = 0;
  readonly suggestions: QuerySuggestions;
  private readonly titleBoost: number;
  private readonly chunkSize: number;
  private readonly resultCacheSize: number;
  private readonly pageCacheSize: number;

  constructor(options: MiniSearchEngineOptions = {}) {
    this.suggestions = options.suggestions ?? new QuerySuggestions();
    this.titleBoost = options.titleBoost ?? 3;
    this.chunkSize = options.chunkSize ?? 500;
    this.resultCacheSize = options.resultCacheSize ?? 32;
    this.pageCacheSize = options.pageCacheSize ?? 256;
    this.current = this.snapshot(createIndex(), new Map());
  }

  private snapshot(mini: MiniSearch<SearchDocument>, docs: Map<string, SearchDocument>): IndexSnapshot {
    return { mini, docs, cache: new LruCache(this.resultCacheSize), pages: new LruCache(this.pageCacheSize) };
  }

  get documentCount(): number {
    return this.current.docs.size;
  }

  async index(docs: readonly SearchDocument[]): Promise<void> {
    const generation = ++this.generation;
    const map = new Map<string, SearchDocument>();
    for (const doc of docs) {
      if (map.has(doc.id)) throw new DuplicateDocumentError(doc.id);
      map.set(doc.id, doc);
    }
    const mini = createIndex();
    await mini.addAllAsync(docs, { chunkSize: this.chunkSize });
    // A rebuild started after this one has already won (or will); never swap an older index in.
    if (generation !== this.generation) return;
    this.current = this.snapshot(mini, map);
    this.suggestions.setTitles(docs.map((d) => d.title));
  }

  async search(requests: readonly SearchRequest[]): Promise<MultipleQueriesResponse> {
    if (isEmptyBatch(requests)) return { results: requests.map(emptyResult) };
    // One snapshot for the whole batch, so a swap mid-batch cannot mix indexes.
    const snapshot = this.current;
    return { results: requests.map((request) => this.searchOne(snapshot, request)) };
  }

  async suggest(query: string, limit = DEFAULT_SUGGESTION_LIMIT): Promise<SuggestResult> {
    const trimmed = query.trim();
    const hits = this.suggestions.suggest(trimmed, limit).map((q) => ({ objectID: foldText(q), query: q }));
    return { query: trimmed, hits };
  }

  private searchOne(snapshot: IndexSnapshot, request: SearchRequest): SearchResult {
    if (isEmptyQuery(request)) return emptyResult(request);
    const started = performance.now();
    const query = normaliseQuery(request.query);
    const filter = this.filterFor(snapshot, request);

    const pageKey = JSON.stringify([request.indexName, query, request.filters?.lang ?? "", request.filters?.kind ?? [], request.page ?? 0, request.hitsPerPage ?? null]);
    const kept = snapshot.pages.get(pageKey);
    // A copy of the kept page: its hits are shared and never changed, the timing is this request's.
    if (kept) return { ...kept, processingTimeMS: Math.round(performance.now() - started) };

    const queryTerms = analyse(query);
    const cacheKey = JSON.stringify([query, request.filters?.lang ?? "", request.filters?.kind ?? []]);
    let results = snapshot.cache.get(cacheKey);
    if (!results) {
      results = this.rank(snapshot, query, queryTerms.length, filter);
      snapshot.cache.set(cacheKey, results);
    }

    const window = pageWindow(request, results.length);
    const hits = results
      .slice(window.start, window.end)
      .map((result) => this.toHit(snapshot, result, queryTerms))
      .filter((hit): hit is SearchHit => hit !== undefined);

    const result: SearchResult = {
      hits,
      nbHits: results.length,
      page: window.page,
      nbPages: window.nbPages,
      hitsPerPage: window.hitsPerPage,
      query,
      index: request.indexName,
      processingTimeMS: Math.round(performance.now() - started),
    };
    snapshot.pages.set(pageKey, result);
    return result;
  }

  /**
   * Ranks in up to three passes, each only when the previous found nothing:
   * 1. all words, exact or as prefix (compounds, the word being typed);
   * 2. the same with typos forgiven in longer words;
   * 3. any word (like the hosted engine's "remove words if no results").
   * Fuzzy matching is the expensive part and only matters when visitors
   * mistype, which is exactly when the first pass comes back empty.
   */
  private rank(snapshot: IndexSnapshot, query: string, termCount: number, filter: SearchOptions["filter"]): MiniResult[] {
    let results = snapshot.mini.search(query, this.searchOptions("AND", false, filter));
    if (results.length === 0) results = snapshot.mini.search(query, this.searchOptions("AND", true, filter));
    if (results.length === 0 && termCount > 1) results = snapshot.mini.search(query, this.searchOptions("OR", true, filter));
    return results;
  }

  private searchOptions(combineWith: "AND" | "OR", fuzzy: boolean, filter: SearchOptions["filter"]): SearchOptions {
    return {
      combineWith,
      boost: { title: this.titleBoost },
      // Exact matches must beat prefix (compound) and fuzzy ones.
      weights: { prefix: 0.3, fuzzy: 0.15 },
      prefix: (term, i, terms) =>
        term.length >= COMPOUND_PREFIX_MIN || (i === terms.length - 1 && term.length >= TYPED_PREFIX_MIN),
      fuzzy: fuzzy ? (term) => (term.length >= FUZZY_MIN_LENGTH ? 1 : false) : false,
      filter,
    };
  }

  private filterFor(snapshot: IndexSnapshot, request: SearchRequest): SearchOptions["filter"] {
    const { lang, kind } = request.filters ?? {};
    if (!lang && !kind?.length) return undefined;
    return (result) => {
      const doc = snapshot.docs.get(String(result.id));
      if (!doc) return false;
      return (!lang || doc.lang === lang) && (!kind?.length || kind.includes(doc.kind));
    };
  }

  private toHit(snapshot: IndexSnapshot, result: MiniResult, queryTerms: string[]): SearchHit | undefined {
    const doc = snapshot.docs.get(String(result.id));
    if (!doc) return undefined;
    const matcher = matcherFor(result.terms, queryTerms);
    const termCount = new Set(queryTerms).size;
    return {
      objectID: doc.id,
      url: doc.url,
      title: doc.title,
      kind: doc.kind,
      lang: doc.lang,
      _highlightResult: { title: highlight(doc.title, matcher, termCount) },
      _snippetResult: { body: snippet(doc.body, matcher, termCount) },
    };
  }
}

/**
 * A word of the document is marked when its processed form is one of the
 * index terms MiniSearch matched for this hit (exact, prefix or fuzzy). The
 * key returned is the query term it answers, for the hit's matchLevel.
 */
function matcherFor(matchedTerms: string[], queryTerms: string[]): WordMatcher {
  const matched = new Set(matchedTerms);
  const cache = new Map<string, string | null>();
  return (word) => {
    let key = cache.get(word);
    if (key !== undefined) return key;
    const term = processTerm(word);
    key = null;
    if (term && matched.has(term)) {
      key = queryTerms.find((q) => term === q) ?? queryTerms.find((q) => term.startsWith(q)) ?? term;
    }
    cache.set(word, key);
    return key;
  };
}
