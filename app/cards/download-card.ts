import { useCallback } from "react";
import { useApiCall } from "../client/client-shell-context";
import { API_TIMEOUTS_MS, ensureOk, type ApiCall } from "../error-reporting/api-call";
import { saveBlob } from "./download-gift-card";

/**
 * Saving a greeting card as an image from its page (GET
 * /api/DigitalGreetingCard/GetDigitalGreetingCardAsPngByOrderReference) through
 * the one API wrapper: the frontend timeout, a failure reported and tracked as
 * download_digital_greeting_card_failed (spec section 8), then rethrown so the
 * page can say so. Without JavaScript the page's link downloads the same file.
 */
export const DOWNLOAD_GREETING_CARD_CALL = "DigitalGreetingCard/GetDigitalGreetingCardAsPngByOrderReference";

export function greetingCardImageUrl(orderReference: string): string {
  return `/api/${DOWNLOAD_GREETING_CARD_CALL}?orderReference=${encodeURIComponent(orderReference)}`;
}

export async function downloadGreetingCard(apiCall: ApiCall, orderReference: string): Promise<void> {
  const blob = await apiCall(
    DOWNLOAD_GREETING_CARD_CALL,
    "download_digital_greeting_card_failed",
    async (signal) => ensureOk(DOWNLOAD_GREETING_CARD_CALL, await fetch(greetingCardImageUrl(orderReference), { signal })).blob(),
    { timeoutMs: API_TIMEOUTS_MS.frontend },
  );
  saveBlob(blob, "gratulationskort.png");
}

/** `const download = useGreetingCardDownload(); await download(ref)` */
export function useGreetingCardDownload() {
  const apiCall = useApiCall();
  return useCallback((orderReference: string) => downloadGreetingCard(apiCall, orderReference), [apiCall]);
}
