import type { LetterPrefill } from "#core/letter-links/letter-links";
import type { PostalFormKind } from "#core/postal-forms/postal-form-kinds";
import { ApiError, API_TIMEOUTS_MS, ensureOk, type ApiCall } from "../error-reporting/api-call";

/**
 * The browser's calls to the spec's "cardio service" (decision 0023), through
 * the one API wrapper with its 10 s timeout: what a letter's link pre-fills
 * (GET /api/donor/{id}) and ordering a paper form by post
 * (POST /api/PostalForm). The spec names no failure event for them, so
 * failures are reported but not tracked. A refusal the person can act on
 * (400 with field messages, 429) is an answer, not a failure.
 *
 *   const apiCall = useApiCall();
 *   const prefill = await fetchLetterPrefill(apiCall, idFromTheLetter);   // null: fill in by hand
 *   const answer = await orderPostalFormByPost(apiCall, { kind: "payin_slips", ...prefill });
 */
export const LETTER_PREFILL_CALL = "donor";
export const POSTAL_FORM_CALL = "PostalForm";

export interface PostalFormOrder {
  kind: PostalFormKind;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  email?: string;
}

export type PostalFormAnswer =
  | { ok: true; reference: string; kind: PostalFormKind; expectedBy: string }
  | { ok: false; status: 400 | 429; message: string; fields: Record<string, string> };

export async function fetchLetterPrefill(apiCall: ApiCall, id: string, options: { signal?: AbortSignal } = {}): Promise<LetterPrefill | null> {
  return apiCall(
    LETTER_PREFILL_CALL,
    null,
    async (signal) => {
      const response = await fetch(`/api/donor/${encodeURIComponent(id)}`, { signal });
      // An unknown or expired link is an ordinary answer: the form is filled in by hand.
      if (response.status === 404) return null;
      return (await ensureOk(LETTER_PREFILL_CALL, response).json()) as LetterPrefill;
    },
    { timeoutMs: API_TIMEOUTS_MS.cardio, signal: options.signal },
  );
}

export async function orderPostalFormByPost(apiCall: ApiCall, order: PostalFormOrder, options: { signal?: AbortSignal } = {}): Promise<PostalFormAnswer> {
  return apiCall(
    POSTAL_FORM_CALL,
    null,
    async (signal) => {
      const response = await fetch(`/api/${POSTAL_FORM_CALL}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(order),
        signal,
      });
      if (response.status === 400 || response.status === 429) {
        const body = (await response.json()) as { error: { message: string; fields?: Record<string, string> } };
        return { ok: false as const, status: response.status, message: body.error.message, fields: body.error.fields ?? {} };
      }
      if (!response.ok) throw new ApiError(POSTAL_FORM_CALL, response.status);
      return { ok: true as const, ...((await response.json()) as { reference: string; kind: PostalFormKind; expectedBy: string }) };
    },
    { timeoutMs: API_TIMEOUTS_MS.cardio, signal: options.signal },
  );
}
