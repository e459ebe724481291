import type { SearchRequest, SearchResult } from "./search-engine";

/**
 * Cleaning of search requests. Page and hitsPerPage arrive from the page
 * address, so they may be missing, negative, fractional, enormous or not
 * numbers at all; a search must never fail because of them.
 */

export const DEFAULT_HITS_PER_PAGE = 20;
export const MAX_HITS_PER_PAGE = 100;
/**
 * No one pages this far; the cap keeps `page * hitsPerPage` a small safe
 * integer. A capped page is still "beyond the end" and returns no hits.
 */
export const MAX_PAGE = 1000;
/** Longer queries are cut: nobody types more, and every term costs time. */
export const MAX_QUERY_LENGTH = 200;

function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "string" && value.trim() !== "") return Number(value);
  return Number.NaN;
}

/**
 * - missing, null, non-numeric ("abc"), NaN, ±Infinity → 0
 * - numeric strings ("2") → that number
 * - fractions → rounded down (2.7 → 2)
 * - negative → 0
 * - above MAX_PAGE (e.g. 1e12) → MAX_PAGE
 */
export function normalisePage(page: unknown): number {
  const n = toNumber(page);
  if (!Number.isFinite(n)) return 0;
  return Math.min(Math.max(Math.floor(n), 0), MAX_PAGE);
}

/**
 * - missing, non-numeric, non-finite → 20 (spec default)
 * - fractions → rounded down; below 1 → 1; above 100 → 100
 */
export function normaliseHitsPerPage(hitsPerPage: unknown): number {
  const n = toNumber(hitsPerPage);
  if (!Number.isFinite(n)) return DEFAULT_HITS_PER_PAGE;
  return Math.min(Math.max(Math.floor(n), 1), MAX_HITS_PER_PAGE);
}

/** Trims, collapses whitespace and caps the length. */
export function normaliseQuery(query: unknown): string {
  if (typeof query !== "string") return "";
  return query.replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH).trim();
}

export function isEmptyQuery(request: SearchRequest): boolean {
  return normaliseQuery(request.query) === "";
}

/** Spec section 5: a batch whose queries are all empty is never sent to an engine. */
export function isEmptyBatch(requests: readonly SearchRequest[]): boolean {
  return requests.every(isEmptyQuery);
}

/** The answer for an empty query: no hits, zero pages, page 0. */
export function emptyResult(request: SearchRequest): SearchResult {
  return {
    hits: [],
    nbHits: 0,
    page: 0,
    nbPages: 0,
    hitsPerPage: normaliseHitsPerPage(request.hitsPerPage),
    query: normaliseQuery(request.query),
    index: request.indexName,
    processingTimeMS: 0,
  };
}

export interface PageWindow {
  page: number;
  hitsPerPage: number;
  nbPages: number;
  start: number;
  end: number;
}

/** Which slice of `nbHits` ranked hits a request asks for; empty when beyond the end. */
export function pageWindow(request: SearchRequest, nbHits: number): PageWindow {
  const page = normalisePage(request.page);
  const hitsPerPage = normaliseHitsPerPage(request.hitsPerPage);
  const nbPages = Math.ceil(nbHits / hitsPerPage);
  const start = Math.min(page * hitsPerPage, nbHits);
  const end = Math.min(start + hitsPerPage, nbHits);
  return { page, hitsPerPage, nbPages, start, end };
}
