import { describe, expect, it, vi } from "vitest";
import { sendJsonBeacon } from "./beacon";

describe("sendJsonBeacon", () => {
  it("uses sendBeacon with a JSON blob when it accepts", async () => {
    const sendBeacon = vi.fn(() => true);
    const fetch = vi.fn();
    expect(sendJsonBeacon("/api/RegisterWebEvent", { a: 1 }, { sendBeacon, fetch })).toBe("beacon");
    const blob = (sendBeacon.mock.calls[0] as unknown as [string, Blob])[1];
    expect(blob.type).toBe("application/json");
    expect(await blob.text()).toBe('{"a":1}');
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ["refuses", () => false],
    [
      "throws",
      () => {
        throw new TypeError("not allowed");
      },
    ],
  ])("falls back to fetch with keepalive when sendBeacon %s", (_label, impl) => {
    const fetch = vi.fn(() => Promise.reject(new Error("offline")));
    expect(
      sendJsonBeacon("/x", { a: 1 }, { sendBeacon: impl, fetch: fetch as unknown as typeof globalThis.fetch }),
    ).toBe("fetch");
    expect(fetch).toHaveBeenCalledWith(
      "/x",
      expect.objectContaining({ method: "POST", keepalive: true, body: '{"a":1}' }),
    );
  });

  it("gives up quietly without either", () => {
    expect(sendJsonBeacon("/x", {}, {})).toBe("none");
  });
});
