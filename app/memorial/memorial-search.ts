import {
  MIN_QUERY_LETTERS,
  type DeceasedSearchParams,
  type DeceasedSearchResponse,
  type ParlourSearchParams,
  type ParlourSearchResponse,
} from "#core/memorial/search-params";
import { ApiError, ApiTimeoutError, API_TIMEOUTS_MS, ensureOk, type ApiCall } from "../error-reporting/api-call";

/**
 * The browser's calls to the memorial gift's two searches, for the memorial
 * gift form. They go through the one API wrapper (`useApiCall()` gives it),
 * which applies the frontend API's 20 s timeout, reports failures and tracks
 * them as DeceasedPersonsFailed / FuneralParloursFailed (spec section 8).
 *
 *   const apiCall = useApiCall();
 *   const result = await searchDeceased(apiCall, { name: "kar lin", withinDays: "30" }, { signal });
 *   if (result === null) … // too little typed: nothing was asked
 *
 * On failure they rethrow; `sourceUnavailable(error)` says whether the page
 * should offer to type the details by hand (the source is down, slow, or the
 * network is gone) rather than ask the visitor to correct what they typed.
 */

export const DECEASED_SEARCH_CALL = "DeceasedPeople/Search";
export const PARLOUR_SEARCH_CALL = "FuneralParlors/Search";

export interface SearchCallOptions {
  /** Cancels an earlier search when the visitor types on; an abort is not reported. */
  signal?: AbortSignal;
}

/** Enough letters to search for; below it the helpers answer null without a request. */
export function isSearchable(text: string): boolean {
  return (text.match(/\p{L}/gu)?.length ?? 0) >= MIN_QUERY_LETTERS;
}

export function deceasedSearchUrl(params: DeceasedSearchParams): string {
  return `/api/${DECEASED_SEARCH_CALL}?${queryString(params)}`;
}

export function parlourSearchUrl(params: ParlourSearchParams): string {
  return `/api/${PARLOUR_SEARCH_CALL}?${queryString(params)}`;
}

export async function searchDeceased(
  apiCall: ApiCall,
  params: DeceasedSearchParams,
  options: SearchCallOptions = {},
): Promise<DeceasedSearchResponse | null> {
  if (!isSearchable(params.name)) return null;
  return apiCall(
    DECEASED_SEARCH_CALL,
    "DeceasedPersonsFailed",
    (signal) => getJson<DeceasedSearchResponse>(DECEASED_SEARCH_CALL, deceasedSearchUrl(params), signal),
    { timeoutMs: API_TIMEOUTS_MS.frontend, signal: options.signal },
  );
}

export async function searchFuneralParlours(
  apiCall: ApiCall,
  params: ParlourSearchParams,
  options: SearchCallOptions = {},
): Promise<ParlourSearchResponse | null> {
  if (!isSearchable(params.query)) return null;
  return apiCall(
    PARLOUR_SEARCH_CALL,
    "FuneralParloursFailed",
    (signal) => getJson<ParlourSearchResponse>(PARLOUR_SEARCH_CALL, parlourSearchUrl(params), signal),
    { timeoutMs: API_TIMEOUTS_MS.frontend, signal: options.signal },
  );
}

/**
 * True when the search itself is out of reach (503 from our API, a gateway
 * error, a timeout, no network): the form should let the visitor type the
 * name, or the parlour's address, by hand. False for a 400 (what was typed
 * needs correcting) and 429 (wait a moment).
 */
export function sourceUnavailable(error: unknown): boolean {
  if (error instanceof ApiTimeoutError) return true;
  if (error instanceof ApiError) return error.status >= 500;
  return error instanceof TypeError; // fetch's network failure
}

async function getJson<T>(call: string, url: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal, headers: { accept: "application/json" } });
  return (await ensureOk(call, response).json()) as T;
}

function queryString(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && String(value).trim() !== "") search.set(key, String(value));
  }
  return search.toString();
}
