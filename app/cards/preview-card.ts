import type { GreetingCardPreview } from "#core/cards/greeting-card-document";
import type { ApiCall } from "../error-reporting/api-call";
import { requestGiftPreview } from "../memorial/preview-sheet";

/**
 * The greeting card's live preview (POST /api/Gift/Preview with kind
 * "greeting_card"), through the one API wrapper: the frontend timeout, a
 * failure tracked as error_gift_card_preview and rethrown. Answers an object
 * URL for an <img>; revoke the previous one when a new one replaces it.
 */
export async function previewGreetingCard(apiCall: ApiCall, card: GreetingCardPreview, options: { signal?: AbortSignal } = {}): Promise<string> {
  return requestGiftPreview(apiCall, { kind: "greeting_card", ...card }, options);
}

/** The no-JavaScript preview image's address for the same fields. */
export function greetingCardPreviewImageUrl(card: GreetingCardPreview): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(card)) if (value) search.set(key, String(value));
  return `/ge-en-gava/gratulationskort/forhandsgranska.png?${search.toString()}`;
}
