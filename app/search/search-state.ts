import { normalisePage } from "#core/search/search-request";

/**
 * The search page's state lives in its address (spec): `query` (text, empty
 * when absent) and `page` (0-based, 0 when absent). Addresses are written in
 * the shortest form, so that the default state is plain /sok.
 */

export const SEARCH_PATH = "/sok";

export interface SearchState {
  query: string;
  page: number;
}

export function readSearchState(params: URLSearchParams): SearchState {
  return { query: params.get("query") ?? "", page: normalisePage(params.get("page")) };
}

export function searchHref(query: string, page = 0): string {
  const params = new URLSearchParams();
  if (query.trim() !== "") params.set("query", query);
  if (page > 0) params.set("page", String(page));
  const search = params.toString();
  return search ? `${SEARCH_PATH}?${search}` : SEARCH_PATH;
}

