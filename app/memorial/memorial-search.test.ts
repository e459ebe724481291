import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, ApiTimeoutError, createApiCall } from "../error-reporting/api-call";
import { deceasedSearchUrl, parlourSearchUrl, searchDeceased, searchFuneralParlours, sourceUnavailable } from "./memorial-search";

function setup(response: () => Promise<Response>) {
  const reporter = { captureException: vi.fn(() => Promise.resolve("id")), addBreadcrumb: vi.fn() };
  const trackFailure = vi.fn();
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) => response());
  vi.stubGlobal("fetch", fetchMock);
  return { reporter, trackFailure, fetchMock, apiCall: createApiCall({ reporter, trackFailure }) };
}

const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

describe("memorial search helpers", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("build the API's addresses, leaving out empty parameters", () => {
    expect(deceasedSearchUrl({ name: "Åsa Björk", town: " ", withinDays: 30, pageSize: 10 })).toBe(
      "/api/DeceasedPeople/Search?name=%C3%85sa+Bj%C3%B6rk&withinDays=30&pageSize=10",
    );
    expect(parlourSearchUrl({ query: "fonus ume" })).toBe("/api/FuneralParlors/Search?query=fonus+ume");
  });

  it("return the typed answer of a successful search", async () => {
    const body = { items: [], total: 0, diedFrom: "2026-08-26", diedTo: "2026-11-23" };
    const { apiCall, fetchMock, trackFailure } = setup(() => json(200, body));
    await expect(searchDeceased(apiCall, { name: "kar lin" })).resolves.toEqual(body);
    expect(fetchMock).toHaveBeenCalledWith("/api/DeceasedPeople/Search?name=kar+lin", expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(trackFailure).not.toHaveBeenCalled();
  });

  it("ask nothing until two letters are typed", async () => {
    const { apiCall, fetchMock } = setup(() => json(200, {}));
    await expect(searchDeceased(apiCall, { name: "k " })).resolves.toBeNull();
    await expect(searchFuneralParlours(apiCall, { query: "1" })).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("track a failed deceased search as DeceasedPersonsFailed and a parlour search as FuneralParloursFailed, and rethrow", async () => {
    const { apiCall, trackFailure, reporter } = setup(() => json(503, { error: { code: "source_unavailable", message: "…" } }));
    const deceased = await searchDeceased(apiCall, { name: "anna" }).catch((error: unknown) => error);
    expect(deceased).toBeInstanceOf(ApiError);
    expect(sourceUnavailable(deceased)).toBe(true);
    expect(trackFailure).toHaveBeenLastCalledWith("DeceasedPersonsFailed");
    const parlours = await searchFuneralParlours(apiCall, { query: "fonus" }).catch((error: unknown) => error);
    expect((parlours as ApiError).status).toBe(503);
    expect(trackFailure).toHaveBeenLastCalledWith("FuneralParloursFailed");
    expect(reporter.captureException).toHaveBeenCalledTimes(2);
  });

  it("do not report a search the visitor's typing cancelled", async () => {
    const { apiCall, trackFailure } = setup(() => Promise.reject(new DOMException("aborted", "AbortError")));
    const controller = new AbortController();
    controller.abort();
    await expect(searchDeceased(apiCall, { name: "anna" }, { signal: controller.signal })).rejects.toThrow();
    expect(trackFailure).not.toHaveBeenCalled();
  });

  it("tell a source that is out of reach from input to correct", () => {
    expect(sourceUnavailable(new ApiError("DeceasedPeople/Search", 503))).toBe(true);
    expect(sourceUnavailable(new ApiTimeoutError("DeceasedPeople/Search", 20_000))).toBe(true);
    expect(sourceUnavailable(new TypeError("Failed to fetch"))).toBe(true);
    expect(sourceUnavailable(new ApiError("DeceasedPeople/Search", 400))).toBe(false);
    expect(sourceUnavailable(new ApiError("DeceasedPeople/Search", 429))).toBe(false);
  });
});
