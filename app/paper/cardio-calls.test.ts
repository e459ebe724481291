import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, ApiTimeoutError, createApiCall } from "../error-reporting/api-call";
import type { Timers } from "../tracking/timers";
import { fetchLetterPrefill, orderPostalFormByPost } from "./cardio-calls";

function setup(response: (url: string, init?: RequestInit) => Promise<Response>, timers?: Timers) {
  const reporter = { captureException: vi.fn(() => Promise.resolve("id")), addBreadcrumb: vi.fn() };
  const trackFailure = vi.fn();
  const fetchMock = vi.fn(response);
  vi.stubGlobal("fetch", fetchMock);
  return { reporter, trackFailure, fetchMock, apiCall: createApiCall({ reporter, trackFailure, ...(timers ? { timers } : {}) }) };
}

const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
const order = { kind: "payin_slips" as const, name: "Astrid Exempel", street: "Storgatan 1", postalCode: "111 22", city: "Västerås" };

describe("the cardio service's browser calls", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("pre-fill from a letter's link, and answer null for a link that no longer works", async () => {
    const prefill = { name: "Erik Lindgren", street: "Ringvägen 12", postalCode: "118 60", city: "Stockholm" };
    const { apiCall, fetchMock, reporter } = setup((url) => (url.endsWith("/KNOWN") ? json(200, prefill) : json(404, { error: { code: "not_found", message: "…" } })));
    await expect(fetchLetterPrefill(apiCall, "KNOWN")).resolves.toEqual(prefill);
    await expect(fetchLetterPrefill(apiCall, "GONE")).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledWith("/api/donor/KNOWN", expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(reporter.captureException).not.toHaveBeenCalled();
  });

  it("order a form, and give a refusal's Swedish field messages back to the form rather than failing", async () => {
    const { apiCall, fetchMock } = setup(() => json(201, { reference: "BL-0123456789AB", kind: "payin_slips", expectedBy: "2026-11-27" }));
    await expect(orderPostalFormByPost(apiCall, order)).resolves.toEqual({ ok: true, reference: "BL-0123456789AB", kind: "payin_slips", expectedBy: "2026-11-27" });
    expect(fetchMock).toHaveBeenCalledWith("/api/PostalForm", expect.objectContaining({ method: "POST", body: JSON.stringify(order) }));

    const refused = setup(() => json(400, { error: { code: "validation_failed", message: "Rätta fälten.", fields: { postalCode: "Skriv postnumret med fem siffror." } } }));
    await expect(orderPostalFormByPost(refused.apiCall, order)).resolves.toEqual({ ok: false, status: 400, message: "Rätta fälten.", fields: { postalCode: "Skriv postnumret med fem siffror." } });
    const limited = setup(() => json(429, { error: { code: "address_limited", message: "Vi har redan fått flera beställningar." } }));
    await expect(orderPostalFormByPost(limited.apiCall, order)).resolves.toMatchObject({ ok: false, status: 429, fields: {} });
  });

  it("report a server failure and rethrow it; give up after 10 seconds", async () => {
    const broken = setup(() => json(500, { error: { code: "internal_error", message: "…" } }));
    const error = await orderPostalFormByPost(broken.apiCall, order).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(broken.reporter.captureException).toHaveBeenCalledTimes(1);
    expect(broken.trackFailure).not.toHaveBeenCalled();

    let fire: (() => void) | undefined;
    const timers: Timers = {
      setTimeout: (callback: () => void, ms: number) => {
        expect(ms).toBe(10_000);
        fire = callback;
        return 1;
      },
      clearTimeout: () => {},
    };
    const slow = setup(() => new Promise<Response>(() => {}), timers);
    const pending = fetchLetterPrefill(slow.apiCall, "SLOW").catch((e: unknown) => e);
    await Promise.resolve();
    fire!();
    expect(await pending).toBeInstanceOf(ApiTimeoutError);
  });
});
