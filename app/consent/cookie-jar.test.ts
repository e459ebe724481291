import { describe, expect, it } from "vitest";
import { MemoryCookieJar, documentCookieJar, parseCookies, serializeCookie } from "./cookie-jar";

describe("cookies", () => {
  it("serialises with Path=/ and SameSite=Lax by default, Secure when asked", () => {
    expect(serializeCookie("hl_x", "a b")).toBe("hl_x=a%20b; Path=/; SameSite=Lax");
    expect(serializeCookie("hl_x", "1", { maxAgeSeconds: 60, secure: true })).toBe(
      "hl_x=1; Path=/; Max-Age=60; SameSite=Lax; Secure",
    );
  });

  it("expires a removed cookie", () => {
    expect(serializeCookie("hl_x", "", { maxAgeSeconds: 0 })).toBe(
      "hl_x=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax",
    );
  });

  it("parses a Cookie header, keeping the first of duplicates and tolerating bad escapes", () => {
    const cookies = parseCookies("a=1; b=hej%20du; a=2; broken; c=%E0%A4%A");
    expect(cookies.get("a")).toBe("1");
    expect(cookies.get("b")).toBe("hej du");
    expect(cookies.get("c")).toBe("%E0%A4%A");
    expect(cookies.has("broken")).toBe(false);
  });

  it("writes document.cookie strings through the document jar", () => {
    const writes: string[] = [];
    const doc = {
      get cookie() {
        return "hl_consent=v1.s1.m1";
      },
      set cookie(value: string) {
        writes.push(value);
      },
    };
    const jar = documentCookieJar(doc, { secure: true });
    expect(jar.get("hl_consent")).toBe("v1.s1.m1");
    jar.set("hl_session", "abc");
    jar.remove("hl_session");
    expect(writes[0]).toBe("hl_session=abc; Path=/; SameSite=Lax; Secure");
    expect(writes[1]).toContain("Max-Age=0");
  });

  it("keeps values in the memory jar", () => {
    const jar = new MemoryCookieJar({ a: "1" });
    jar.set("b", "2");
    jar.remove("a");
    expect(jar.get("a")).toBeUndefined();
    expect(jar.get("b")).toBe("2");
  });
});
