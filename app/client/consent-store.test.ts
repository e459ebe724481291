import { describe, expect, it, vi } from "vitest";
import { ALL_GRANTED, NECESSARY_ONLY } from "../consent/consent";
import { CONSENT_COOKIE } from "../consent/consent-cookie";
import { MemoryCookieJar } from "../consent/cookie-jar";
import { createConsentStore } from "./consent-store";

describe("consent store", () => {
  it("reads null before a choice and the same object until the cookie changes", () => {
    const jar = new MemoryCookieJar();
    const store = createConsentStore(jar, { secure: false });
    expect(store.getSnapshot()).toBeNull();
    jar.set(CONSENT_COOKIE, "v1.s1.m0");
    const first = store.getSnapshot();
    expect(first).toEqual({
      necessary: true,
      statistics: true,
      marketing: false,
    });
    expect(store.getSnapshot()).toBe(first);
  });

  it("writes a choice to the cookie and tells subscribers", () => {
    const jar = new MemoryCookieJar();
    const store = createConsentStore(jar, { secure: true });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.choose(ALL_GRANTED);
    expect(jar.get(CONSENT_COOKIE)).toBe("v1.s1.m1");
    expect(jar.written.at(-1)?.options).toMatchObject({
      secure: true,
      sameSite: "Lax",
    });
    expect(store.getSnapshot()).toEqual(ALL_GRANTED);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.choose(NECESSARY_ONLY);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toEqual(NECESSARY_ONLY);
  });
});
