import { describe, expect, it } from "vitest";
import { ALL_GRANTED, consentOf } from "./consent";
import {
  CONSENT_COOKIE,
  consentCookieHeader,
  consentFromCookieHeader,
  isSecureUrl,
  readConsent,
  writeConsent,
} from "./consent-cookie";
import { MemoryCookieJar } from "./cookie-jar";

describe("consent cookie", () => {
  it("is a first-party cookie with the charity prefix, 365 days and SameSite=Lax", () => {
    expect(consentCookieHeader(ALL_GRANTED, { secure: false })).toBe(
      "hl_consent=v1.s1.m1; Path=/; Max-Age=31536000; SameSite=Lax",
    );
  });

  it("is Secure on https", () => {
    expect(consentCookieHeader(ALL_GRANTED, { secure: true })).toMatch(/; Secure$/);
  });

  it("is read from a request's Cookie header", () => {
    expect(consentFromCookieHeader("foo=1; hl_consent=v1.s0.m1")).toEqual(consentOf(false, true));
    expect(consentFromCookieHeader("hl_consent=garbage")).toBeNull();
    expect(consentFromCookieHeader(null)).toBeNull();
  });

  it("is written to and read from a jar", () => {
    const jar = new MemoryCookieJar();
    writeConsent(jar, consentOf(true, false), { secure: true });
    expect(jar.written[0]).toMatchObject({
      name: CONSENT_COOKIE,
      options: { maxAgeSeconds: 31_536_000, secure: true },
    });
    expect(readConsent(jar)).toEqual(consentOf(true, false));
  });

  it("knows which addresses are https", () => {
    expect(isSecureUrl("https://www.exempel.se")).toBe(true);
    expect(isSecureUrl("http://127.0.0.1:3000")).toBe(false);
    expect(isSecureUrl("nonsense")).toBe(false);
  });
});
