import { setTimeout as sleep } from "node:timers/promises";

/**
 * The donors' HTTP, as a browser sees a server that is killed and restarted:
 * a request may fail to connect, be cut off half-way or time out. Such a
 * failure, and a 5xx, is `retryable`; the caller sends the same request again
 * (with the same idempotency key) the way a browser's retry would.
 */
export interface Answer {
  status: number;
  location: string | null;
  body: string;
}

export class RetryableError extends Error {}

export async function send(url: string, init: { method?: string; json?: unknown; form?: Record<string, string>; timeoutMs?: number } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(init.form).toString();
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: init.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
    });
    text = await response.text();
  } catch (error) {
    throw new RetryableError(`${url}: ${(error as Error).cause ? String((error as Error).cause) : String(error)}`);
  }
  if (response.status >= 500) throw new RetryableError(`${url}: answered ${response.status}`);
  return { status: response.status, location: response.headers.get("location"), body: text };
}

/** Sends until an answer that is not retryable comes back, or `deadline` (ms since epoch) passes. */
export async function sendUntilAnswered(url: string, init: Parameters<typeof send>[1], deadline: number): Promise<Answer> {
  for (;;) {
    try {
      return await send(url, init);
    } catch (error) {
      if (!(error instanceof RetryableError) || Date.now() > deadline) throw error;
      await sleep(150 + Math.random() * 200);
    }
  }
}

// Arbitrary JSON answers: the donors check the fields they use.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function json(answer: Answer): any {
  return answer.body ? JSON.parse(answer.body) : null;
}
