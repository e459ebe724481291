import { describe, expect, it } from "vitest";
import { MemoryCookieJar } from "./cookie-jar";
import {
  TRACKING_COOKIES,
  ensureTrackingCookies,
  readTrackingIds,
  removeTrackingCookies,
  trackingCookieRemovalHeaders,
} from "./tracking-cookies";

const options = (ids: string[]) => ({
  randomId: () => ids.shift() ?? "exhausted",
  now: () => new Date("2026-01-15T10:00:00.000Z"),
  secure: true,
});

describe("tracking cookies", () => {
  it("creates a session id, an identity id and a timestamp when absent", () => {
    const jar = new MemoryCookieJar();
    expect(ensureTrackingCookies(jar, options(["session-aaaa", "identity-bbbb"]))).toEqual({
      session: "session-aaaa",
      identity: "identity-bbbb",
    });
    const byName = Object.fromEntries(jar.written.map((w) => [w.name, w]));
    expect(byName[TRACKING_COOKIES.session]?.options.maxAgeSeconds).toBeUndefined();
    expect(byName[TRACKING_COOKIES.identity]?.options.maxAgeSeconds).toBe(365 * 86_400);
    expect(byName[TRACKING_COOKIES.timestamp]?.value).toBe(String(Date.parse("2026-01-15T10:00:00.000Z")));
    expect(byName[TRACKING_COOKIES.identity]?.options.secure).toBe(true);
  });

  it("keeps existing ids", () => {
    const jar = new MemoryCookieJar({ hl_session: "session-old1", hl_identity: "identity-old", hl_timestamp: "1" });
    expect(ensureTrackingCookies(jar, options(["new-session", "new-identity"]))).toEqual({
      session: "session-old1",
      identity: "identity-old",
    });
    expect(jar.written).toEqual([]);
  });

  it("replaces an id that is not usable", () => {
    const jar = new MemoryCookieJar({ hl_session: "x;y", hl_identity: "identity-old" });
    expect(ensureTrackingCookies(jar, options(["session-new1"])).session).toBe("session-new1");
  });

  it("reads ids without creating any, and removes all three cookies", () => {
    const jar = new MemoryCookieJar({ hl_session: "session-old1", hl_identity: "identity-old", hl_timestamp: "1" });
    expect(readTrackingIds(new MemoryCookieJar())).toBeNull();
    expect(readTrackingIds(jar)).toEqual({ session: "session-old1", identity: "identity-old" });
    removeTrackingCookies(jar, { secure: false });
    expect(jar.values.size).toBe(0);
  });
});

describe("trackingCookieRemovalHeaders", () => {
  it("expires all three tracking cookies", () => {
    const headers = trackingCookieRemovalHeaders({ secure: true });
    expect(headers.map((h) => h.split("=")[0])).toEqual(["hl_session", "hl_identity", "hl_timestamp"]);
    for (const header of headers) expect(header).toMatch(/Max-Age=0; .*Secure$/);
  });
});
