import type { GreetingCardPreview } from "../../core/cards/greeting-card-document";
import { API_TIMEOUTS_MS, ensureOk, type ApiCall } from "../error-reporting/api-call";
import { GIFT_PREVIEW_CALL, GIFT_PREVIEW_URL } from "../memorial/preview-sheet";

/**
 * The greeting card's live preview (POST /api/Gift/Preview with kind
 * "greeting_card"), through the one API wrapper: the frontend timeout, a
 * failure tracked as error_gift_card_preview and rethrown. Answers an object
 * URL for an <img>; revoke the previous one when a new one replaces it.
 */
export async function previewGreetingCard(apiCall: ApiCall, card: GreetingCardPreview, options: { signal?: AbortSignal } = {}): Promise<string> {
  return apiCall(
    GIFT_PREVIEW_CALL,
    "error_gift_card_preview",
    async (signal) => {
      const response = await fetch(GIFT_PREVIEW_URL, {
        method: "POST",
        signal,
        headers: { "content-type": "application/json", accept: "image/png" },
        body: JSON.stringify({ kind: "greeting_card", ...card }),
      });
      return URL.createObjectURL(await ensureOk(GIFT_PREVIEW_CALL, response).blob());
    },
    { timeoutMs: API_TIMEOUTS_MS.frontend, signal: options.signal },
  );
}

/** The no-JavaScript preview image's address for the same fields. */
export function greetingCardPreviewImageUrl(card: GreetingCardPreview): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(card)) if (value) search.set(key, String(value));
  return `/ge-en-gava/gratulationskort/forhandsgranska.png?${search.toString()}`;
}
