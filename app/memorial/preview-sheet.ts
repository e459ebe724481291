import type { GiftPreviewRequest } from "#core/memorial/memorial-sheet";
import { API_TIMEOUTS_MS, ensureOk, type ApiCall } from "../error-reporting/api-call";

/**
 * The browser's call for the memorial sheet's preview (POST /api/Gift/Preview,
 * shape in server/api/gift-preview-api.ts), through the one API wrapper
 * (`useApiCall()` gives it): the frontend API's 20 s timeout, failures
 * reported and tracked as error_gift_card_preview (spec section 8), then
 * rethrown. The answer is an object URL for an <img>; revoke the previous one
 * when a new preview replaces it.
 *
 *   const apiCall = useApiCall();
 *   const url = await previewMemorialSheet(apiCall, { design, deceasedName, dateOfDeath, greeting, signature, showAmount }, { signal });
 *   img.src = url; URL.revokeObjectURL(previous);
 *
 * A 400 means a field needs correcting (the form shows its own message for it);
 * keep the last good preview on screen.
 */
export const GIFT_PREVIEW_CALL = "Gift/Preview";
export const GIFT_PREVIEW_URL = `/api/${GIFT_PREVIEW_CALL}`;

export type MemorialSheetPreview = Omit<GiftPreviewRequest, "kind">;

export async function previewMemorialSheet(
  apiCall: ApiCall,
  sheet: MemorialSheetPreview,
  options: { signal?: AbortSignal } = {},
): Promise<string> {
  return requestGiftPreview(apiCall, { kind: "memorial_sheet", ...sheet }, options);
}

/** Any document's preview (the body names its `kind`: memorial_sheet, greeting_card) as an object URL, tracked as error_gift_card_preview. */
export async function requestGiftPreview(apiCall: ApiCall, body: { kind: string }, options: { signal?: AbortSignal } = {}): Promise<string> {
  return apiCall(
    GIFT_PREVIEW_CALL,
    "error_gift_card_preview",
    async (signal) => {
      const response = await fetch(GIFT_PREVIEW_URL, {
        method: "POST",
        signal,
        headers: { "content-type": "application/json", accept: "image/png" },
        body: JSON.stringify(body),
      });
      const blob = await ensureOk(GIFT_PREVIEW_CALL, response).blob();
      return URL.createObjectURL(blob);
    },
    { timeoutMs: API_TIMEOUTS_MS.frontend, signal: options.signal },
  );
}

/** The no-JavaScript preview image's address for the same fields. */
export function memorialSheetPreviewImageUrl(sheet: MemorialSheetPreview): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(sheet)) {
    if (value !== undefined && value !== null && String(value) !== "") search.set(key, String(value));
  }
  return `/ge-en-gava/minnesgava/forhandsgranska.png?${search.toString()}`;
}
