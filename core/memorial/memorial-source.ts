import type { DateRange } from "./death-window";
import type { SearchPage } from "./memorial-search";
import type { DeceasedPerson, FuneralParlour } from "./memorial-records";

/**
 * Where the deceased and the funeral parlours come from: a death-notice
 * source outside the site (no public API exists for either). The client in
 * integrations/memorial-source implements this against the protocol in its
 * README; its simulator speaks the same protocol.
 */
export interface DeceasedSourceQuery {
  name: string;
  town?: string;
  dates: DateRange;
  limit: number;
}

export interface ParlourSourceQuery {
  query: string;
  town?: string;
  limit: number;
}

export interface MemorialSource {
  searchDeceased(query: DeceasedSourceQuery, signal?: AbortSignal): Promise<SearchPage<DeceasedPerson>>;
  searchFuneralParlours(query: ParlourSourceQuery, signal?: AbortSignal): Promise<SearchPage<FuneralParlour>>;
}

export type MemorialSourceErrorCode = "unreachable" | "timeout" | "unauthorized" | "http_status" | "invalid_response";

/** Whatever goes wrong with the source; the API answers 503 and the page offers to type the details by hand. */
export class MemorialSourceError extends Error {
  constructor(
    readonly code: MemorialSourceErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "MemorialSourceError";
  }
}
