/**
 * The browser's call to POST /api/SwishPoll. Failures are reported as
 * SwishPollFailed by the caller's error wrapper; this function only speaks HTTP.
 */
export interface SwishPollResult {
  status: string;
  message: string;
}

export async function pollSwishPayment(paymentId: string): Promise<SwishPollResult> {
  const response = await fetch("/api/SwishPoll", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      payload: { paymentId },
      context: { currentUrl: window.location.href },
    }),
  });
  if (!response.ok) throw new Error(`SwishPoll answered ${response.status}`);
  return (await response.json()) as SwishPollResult;
}
