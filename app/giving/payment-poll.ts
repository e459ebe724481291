import { ensureOk } from "../error-reporting/api-call";

/**
 * The browser's call to POST /api/Payments/Poll for card, bank and invoice
 * payments. Callers run it through the one API wrapper, which reports failures
 * as PaymentPollFailed.
 */
export interface PaymentPollResult {
  status: string;
  message: string;
}

export async function pollPayment(paymentId: string, signal?: AbortSignal): Promise<PaymentPollResult> {
  const response = await fetch("/api/Payments/Poll", {
    method: "POST",
    signal,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ payload: { paymentId }, context: { currentUrl: window.location.href } }),
  });
  return (await ensureOk("Payments/Poll", response).json()) as PaymentPollResult;
}
