import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, ApiTimeoutError, createApiCall, ensureOk } from "./api-call";

function setup() {
  const reporter = { captureException: vi.fn(() => Promise.resolve("id")), addBreadcrumb: vi.fn() };
  const trackFailure = vi.fn();
  return { reporter, trackFailure, apiCall: createApiCall({ reporter, trackFailure }) };
}

describe("apiCall", () => {
  afterEach(() => vi.useRealTimers());

  it("returns the result and leaves a breadcrumb", async () => {
    const { apiCall, reporter, trackFailure } = setup();
    await expect(apiCall("SwishInit", "SwishInitFailed", async () => 42)).resolves.toBe(42);
    expect(reporter.addBreadcrumb).toHaveBeenCalledWith(
      expect.objectContaining({ category: "api", message: "SwishInit ok" }),
    );
    expect(reporter.captureException).not.toHaveBeenCalled();
    expect(trackFailure).not.toHaveBeenCalled();
  });

  it("reports a failure, tracks its failure event and rethrows the same error", async () => {
    const { apiCall, reporter, trackFailure } = setup();
    const error = new ApiError("SwishPoll", 502);
    await expect(apiCall("SwishPoll", "SwishPollFailed", async () => Promise.reject(error))).rejects.toBe(error);
    expect(reporter.captureException).toHaveBeenCalledWith(error, {
      tags: { api: "SwishPoll", failureEvent: "SwishPollFailed" },
    });
    expect(trackFailure).toHaveBeenCalledExactlyOnceWith("SwishPollFailed");
  });

  it("reports synchronous throws too, and calls without a failure event are only reported", async () => {
    const { apiCall, reporter, trackFailure } = setup();
    await expect(
      apiCall("BankIDAuthenticate", null, () => {
        throw new TypeError("bad");
      }),
    ).rejects.toThrow("bad");
    expect(reporter.captureException).toHaveBeenCalledOnce();
    expect(trackFailure).not.toHaveBeenCalled();
  });

  it("still rethrows the real error when tracking fails", async () => {
    const reporter = { captureException: vi.fn(() => Promise.resolve("id")), addBreadcrumb: vi.fn() };
    const apiCall = createApiCall({
      reporter,
      trackFailure: () => {
        throw new Error("tracking broke");
      },
    });
    await expect(
      apiCall("LookupIdentity", "LookupIdentityFailed", () => Promise.reject(new Error("real"))),
    ).rejects.toThrow("real");
  });

  it("times out, aborting the call's signal", async () => {
    vi.useFakeTimers();
    const { apiCall, reporter, trackFailure } = setup();
    let seen: AbortSignal | undefined;
    const result = apiCall(
      "PaymentPoll",
      "PaymentPollFailed",
      (signal) => {
        seen = signal;
        return new Promise(() => {});
      },
      { timeoutMs: 10_000 },
    );
    const assertion = expect(result).rejects.toBeInstanceOf(ApiTimeoutError);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(seen?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(seen?.aborted).toBe(true);
    expect(trackFailure).toHaveBeenCalledWith("PaymentPollFailed");
    expect(reporter.captureException).toHaveBeenCalledOnce();
  });

  it("does not report a cancellation by the caller", async () => {
    const { apiCall, reporter, trackFailure } = setup();
    const controller = new AbortController();
    const result = apiCall(
      "DeceasedPeopleSearch",
      "DeceasedPersonsFailed",
      (signal) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        ),
      { signal: controller.signal },
    );
    controller.abort();
    await expect(result).rejects.toThrow("aborted");
    expect(reporter.captureException).not.toHaveBeenCalled();
    expect(trackFailure).not.toHaveBeenCalled();
  });

  it("turns non-2xx answers into ApiError without the body", () => {
    expect(() => ensureOk("MyDataFetch", new Response("secret", { status: 500 }))).toThrow(
      "MyDataFetch failed: HTTP 500",
    );
    const ok = new Response("{}", { status: 200 });
    expect(ensureOk("x", ok)).toBe(ok);
  });
});
