import { useCallback } from "react";
import { useApiCall } from "../client/client-shell-context";
import { API_TIMEOUTS_MS, ensureOk, type ApiCall } from "../error-reporting/api-call";

/**
 * The browser's download of a paid gift card (GET /api/Gift/DownloadPdfByOrderRef/{orderRef},
 * server/api/gift-download-api.ts) through the one API wrapper: the frontend
 * API's 20 s timeout, a failure reported and tracked as download_gift_card_failed
 * (spec section 8), then rethrown so the page can say so. The file is saved
 * under the name the server gives it.
 */
export const DOWNLOAD_GIFT_CARD_CALL = "Gift/DownloadPdfByOrderRef";

export async function downloadGiftCard(apiCall: ApiCall, orderReference: string, fileName: string): Promise<void> {
  const blob = await apiCall(
    DOWNLOAD_GIFT_CARD_CALL,
    "download_gift_card_failed",
    async (signal) => ensureOk(DOWNLOAD_GIFT_CARD_CALL, await fetch(`/api/${DOWNLOAD_GIFT_CARD_CALL}/${encodeURIComponent(orderReference)}`, { signal })).blob(),
    { timeoutMs: API_TIMEOUTS_MS.frontend },
  );
  saveBlob(blob, fileName);
}

/** Saves a downloaded file under the given name (also the greeting card's image, app/cards/download-card.ts). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `const download = useGiftCardDownload(); await download(ref, "gavokort-anna.pdf")` */
export function useGiftCardDownload() {
  const apiCall = useApiCall();
  return useCallback((orderReference: string, fileName: string) => downloadGiftCard(apiCall, orderReference, fileName), [apiCall]);
}
