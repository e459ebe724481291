/**
 * Route data (React Router's `.data` requests) that fails to arrive is retried
 * up to three times before the error page is shown (spec: page-data retries 3).
 * A 404 or 500 is an answer, not a failure: it goes straight to the not-found or
 * error page. Only network errors and gateway/overload statuses are retried.
 */
export const DATA_RETRY_ATTEMPTS = 3;
const RETRYABLE_STATUSES = new Set([408, 429, 502, 503, 504]);

type FetchFn = typeof fetch;

export function isRouteDataRequest(input: RequestInfo | URL, origin: string): boolean {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, origin);
  return url.origin === origin && url.pathname.endsWith(".data");
}

export function withDataRetry(
  fetchImpl: FetchFn,
  origin: string,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): FetchFn {
  return async (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    if (method !== "GET" || !isRouteDataRequest(input, origin)) return fetchImpl(input, init);
    let lastError: unknown;
    for (let attempt = 0; attempt <= DATA_RETRY_ATTEMPTS; attempt++) {
      if (attempt > 0) await wait(200 * attempt);
      if (init?.signal?.aborted) break;
      try {
        const response = await fetchImpl(input, init);
        if (!RETRYABLE_STATUSES.has(response.status) || attempt === DATA_RETRY_ATTEMPTS) return response;
        lastError = new Error(`HTTP ${response.status}`);
      } catch (error) {
        if (init?.signal?.aborted) throw error;
        lastError = error;
      }
    }
    throw lastError;
  };
}

export function installDataRequestRetry(win: Window): void {
  win.fetch = withDataRetry(win.fetch.bind(win), win.location.origin);
}
