import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, createApiCall } from "../error-reporting/api-call";
import { memorialSheetPreviewImageUrl, previewMemorialSheet } from "./preview-sheet";

function setup(response: () => Promise<Response>) {
  const reporter = { captureException: vi.fn(() => Promise.resolve("id")), addBreadcrumb: vi.fn() };
  const trackFailure = vi.fn();
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) => response());
  vi.stubGlobal("fetch", fetchMock);
  const createObjectURL = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:preview-1");
  return { reporter, trackFailure, fetchMock, createObjectURL, apiCall: createApiCall({ reporter, trackFailure }) };
}

const sheet = { design: "duva", deceasedName: "Märta Öberg", dateOfDeath: "2026-11-14", greeting: "Tack.\nVila i frid.", signature: "Åsa", showAmount: false } as const;

describe("memorial sheet preview helper", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("posts the sheet as JSON and answers an object URL for the PNG", async () => {
    const { apiCall, fetchMock, createObjectURL, trackFailure } = setup(() =>
      Promise.resolve(new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: 200, headers: { "content-type": "image/png" } })),
    );
    await expect(previewMemorialSheet(apiCall, sheet)).resolves.toBe("blob:preview-1");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/Gift/Preview");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ kind: "memorial_sheet", ...sheet });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(trackFailure).not.toHaveBeenCalled();
  });

  it("tracks a failed preview as error_gift_card_preview and rethrows", async () => {
    const { apiCall, trackFailure, reporter } = setup(() =>
      Promise.resolve(new Response(JSON.stringify({ error: { code: "validation_failed", message: "…" } }), { status: 400 })),
    );
    const error = await previewMemorialSheet(apiCall, sheet).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect(trackFailure).toHaveBeenCalledWith("error_gift_card_preview");
    expect(reporter.captureException).toHaveBeenCalledTimes(1);
  });

  it("does not report a preview the donor's typing cancelled", async () => {
    const { apiCall, trackFailure } = setup(() => Promise.reject(new DOMException("aborted", "AbortError")));
    const controller = new AbortController();
    controller.abort();
    await expect(previewMemorialSheet(apiCall, sheet, { signal: controller.signal })).rejects.toThrow();
    expect(trackFailure).not.toHaveBeenCalled();
  });

  it("builds the no-JavaScript image address from the same fields", () => {
    expect(memorialSheetPreviewImageUrl({ ...sheet, greeting: "" })).toBe(
      "/ge-en-gava/minnesgava/forhandsgranska.png?design=duva&deceasedName=M%C3%A4rta+%C3%96berg&dateOfDeath=2026-11-14&signature=%C3%85sa&showAmount=false",
    );
  });
});
