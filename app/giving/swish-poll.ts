import { ensureOk } from "../error-reporting/api-call";

/**
 * The browser's call to POST /api/SwishPoll. Callers run it through the one
 * API wrapper (`useApiCall`), which reports failures as SwishPollFailed and
 * applies the timeout through `signal`; this function only speaks HTTP.
 */
export interface SwishPollResult {
  status: string;
  message: string;
}

export async function pollSwishPayment(paymentId: string, signal?: AbortSignal): Promise<SwishPollResult> {
  const response = await fetch("/api/SwishPoll", {
    method: "POST",
    signal,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      payload: { paymentId },
      context: { currentUrl: window.location.href },
    }),
  });
  return (await ensureOk("SwishPoll", response).json()) as SwishPollResult;
}
