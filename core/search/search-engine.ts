/**
 * The search adapter. Pages and the API talk to `SearchEngine` only, so the
 * embedded MiniSearch engine can be swapped for a hosted, Algolia-style
 * service by configuration. Request and response shapes follow the hosted
 * engine's multi-query API (a batch of queries, one result per query) because
 * the search UI was built against that shape.
 */

export type DocumentKind = "page" | "research" | "gift";
export type DocumentLang = "sv" | "en";

export interface SearchDocument {
  /** Stable id; becomes the hit's objectID. */
  id: string;
  url: string;
  title: string;
  /** Plain text (no HTML); it is HTML-escaped when snippets are built. */
  body: string;
  kind: DocumentKind;
  lang: DocumentLang;
}

export interface SearchRequest {
  indexName: string;
  /** Free text; whitespace-only counts as empty (spec section 5). */
  query?: string;
  /**
   * 0-based page. Taken from the page address, so anything may arrive:
   * see `normalisePage` in search-request.ts for how it is cleaned.
   */
  page?: number | string | null;
  hitsPerPage?: number | string | null;
  /** Optional narrowing; the hosted engine maps these to facet filters. */
  filters?: { lang?: DocumentLang; kind?: DocumentKind[] };
}

export interface HighlightValue {
  /** HTML: the text escaped, matched words wrapped in <mark></mark>. */
  value: string;
  matchLevel: "none" | "partial" | "full";
  /** The words of the text that matched, as they appear in the text. */
  matchedWords: string[];
}

export interface SearchHit {
  objectID: string;
  url: string;
  title: string;
  kind: DocumentKind;
  lang: DocumentLang;
  _highlightResult: { title: HighlightValue };
  _snippetResult: { body: HighlightValue };
}

export interface SearchResult {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  /** The query as it was searched (trimmed). */
  query: string;
  index: string;
  processingTimeMS: number;
}

export interface MultipleQueriesResponse {
  results: SearchResult[];
}

export interface SuggestionHit {
  objectID: string;
  query: string;
}

export interface SuggestResult {
  /** The prefix the suggestions answer, trimmed (spec: "hits and trimmed query"). */
  query: string;
  hits: SuggestionHit[];
}

export interface SearchEngine {
  /**
   * Replaces the whole index atomically: the new index is built aside and
   * swapped in, so searches during a rebuild see the old index, and a failed
   * rebuild leaves the old index in place.
   */
  index(docs: readonly SearchDocument[]): Promise<void>;
  /** Answers a batch of queries, one result per request, in order. */
  search(requests: readonly SearchRequest[]): Promise<MultipleQueriesResponse>;
  /** Query suggestions for a search box (spec: page size 8). */
  suggest(query: string, limit?: number): Promise<SuggestResult>;
}
