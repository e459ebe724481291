import { useCallback } from "react";
import { useApiCall } from "../client/client-shell-context";
import { previewMemorialSheet, type MemorialSheetPreview } from "./preview-sheet";

/** The memorial sheet's preview bound to this page's API wrapper: `const preview = useSheetPreview(); img.src = await preview(sheet, { signal })`. */
export function useSheetPreview() {
  const apiCall = useApiCall();
  return useCallback((sheet: MemorialSheetPreview, options?: { signal?: AbortSignal }) => previewMemorialSheet(apiCall, sheet, options), [apiCall]);
}
