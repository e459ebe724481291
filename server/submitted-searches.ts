import type { RequestHandler } from "express";
import { isbot } from "isbot";
import { readSearchState, SEARCH_PATH } from "#app/search/search-state";
import type { SiteSearch } from "./search-setup";

/** The search page and its route data (a submit with JavaScript asks for /sok.data). */
export const SUBMITTED_SEARCH_PATHS = [SEARCH_PATH, `${SEARCH_PATH}.data`];

/**
 * Counts the searches visitors submit, for the search box's suggestions, before
 * the page is looked up among the kept ones (server/page-cache.ts): a result
 * page served from the cache is still a search someone made. Counted as the
 * page's loader did: the first page of a non-empty query, not from a bot. The
 * hit count comes from the search engine's own kept results, so counting
 * costs no second search.
 */
export function countSubmittedSearches(search: Pick<SiteSearch, "searchPage" | "recordSearch">): RequestHandler {
  return async (req, _res, next) => {
    try {
      const queryAt = req.originalUrl.indexOf("?");
      const state = readSearchState(new URLSearchParams(queryAt === -1 ? "" : req.originalUrl.slice(queryAt + 1)));
      if (state.page === 0 && state.query.trim() !== "" && !isbot(req.headers["user-agent"])) {
        const result = await search.searchPage(state.query, 0);
        if (result.query !== "") search.recordSearch(result.query, result.nbHits);
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
