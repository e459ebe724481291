import type { FailureEventName } from "#core/tracking/failure-events";
import { type Timers, globalTimers } from "../tracking/timers";
import type { ErrorReporter } from "./error-reporter";

/** Spec section 7/9: how long each kind of call may take. */
export const API_TIMEOUTS_MS = {
  main: 10_000,
  frontend: 20_000,
  myDataFetch: 120_000,
  /** The "cardio service": GET /api/donor/{id} and POST /api/PostalForm. */
  cardio: 10_000,
} as const;

/** An answer that is not 2xx. Carries no body: bodies may hold personal data. */
export class ApiError extends Error {
  constructor(
    readonly call: string,
    readonly status: number,
  ) {
    super(`${call} failed: HTTP ${status}`);
    this.name = "ApiError";
  }
}

export class ApiTimeoutError extends Error {
  constructor(
    readonly call: string,
    readonly timeoutMs: number,
  ) {
    super(`${call} timed out after ${timeoutMs} ms`);
    this.name = "ApiTimeoutError";
  }
}

/** Throws ApiError for a non-2xx response; use inside the function given to apiCall. */
export function ensureOk(call: string, response: Response): Response {
  if (!response.ok) throw new ApiError(call, response.status);
  return response;
}

export interface ApiCallOptions {
  timeoutMs?: number;
  /** The caller's own cancellation: an abort through it is not reported. */
  signal?: AbortSignal;
}

export type ApiCall = <T>(
  name: string,
  failureEvent: FailureEventName | null,
  fn: (signal: AbortSignal) => Promise<T>,
  options?: ApiCallOptions,
) => Promise<T>;

export interface ApiCallDeps {
  reporter: Pick<ErrorReporter, "captureException" | "addBreadcrumb">;
  /** Tracks the failure event name, e.g. `(name) => dataLayer.failure(name)` (consent-gated there). */
  trackFailure: (name: FailureEventName) => void;
  timers?: Timers;
}

/**
 * The one wrapper every browser call to our API goes through (spec section 7:
 * every call reports failures and rethrows). It adds a breadcrumb, applies the
 * timeout through the AbortSignal it passes in, and on failure reports the
 * error, tracks the failure event and rethrows the original error.
 */
export function createApiCall(deps: ApiCallDeps): ApiCall {
  const timers = deps.timers ?? globalTimers;
  return async (name, failureEvent, fn, options = {}) => {
    const controller = new AbortController();
    const onCallerAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener("abort", onCallerAbort, { once: true });
    let timer: unknown;
    const attempt = start(fn, controller.signal);
    const timeout =
      options.timeoutMs === undefined
        ? null
        : new Promise<never>((_resolve, reject) => {
            timer = timers.setTimeout(() => {
              const error = new ApiTimeoutError(name, options.timeoutMs as number);
              controller.abort(error);
              reject(error);
            }, options.timeoutMs as number);
          });
    try {
      const result = await (timeout ? Promise.race([attempt, timeout]) : attempt);
      deps.reporter.addBreadcrumb({ category: "api", message: `${name} ok`, level: "info" });
      return result;
    } catch (error) {
      deps.reporter.addBreadcrumb({ category: "api", message: `${name} failed`, level: "error" });
      if (!options.signal?.aborted) {
        void deps.reporter.captureException(error, { tags: { api: name, ...(failureEvent ? { failureEvent } : {}) } });
        if (failureEvent) {
          try {
            deps.trackFailure(failureEvent);
          } catch {
            // Tracking must never hide the real error.
          }
        }
      }
      throw error;
    } finally {
      if (timer !== undefined) timers.clearTimeout(timer);
      options.signal?.removeEventListener("abort", onCallerAbort);
      attempt.catch(() => {});
    }
  };
}

/** Runs the call, turning a synchronous throw into a rejection. */
function start<T>(fn: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
  try {
    return Promise.resolve(fn(signal));
  } catch (error) {
    return Promise.reject(error);
  }
}
