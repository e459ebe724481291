import { useMemo } from "react";
import type { DeceasedSearchParams, ParlourSearchParams } from "#core/memorial/search-params";
import { useApiCall } from "../client/client-shell-context";
import { searchDeceased, searchFuneralParlours, type SearchCallOptions } from "./memorial-search";

/**
 * The two memorial searches bound to this page's API wrapper, for the memorial
 * gift form: `const { searchDeceased } = useMemorialSearch();`.
 */
export function useMemorialSearch() {
  const apiCall = useApiCall();
  return useMemo(
    () => ({
      searchDeceased: (params: DeceasedSearchParams, options?: SearchCallOptions) => searchDeceased(apiCall, params, options),
      searchFuneralParlours: (params: ParlourSearchParams, options?: SearchCallOptions) => searchFuneralParlours(apiCall, params, options),
    }),
    [apiCall],
  );
}
