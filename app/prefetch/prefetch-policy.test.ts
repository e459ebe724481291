import { describe, expect, it } from "vitest";
import { prefetchAllowed, prefetchTarget } from "./prefetch-policy";

const chrome =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

describe("prefetchAllowed", () => {
  it("prefetches on good connections and without the Network Information API", () => {
    expect(prefetchAllowed({ userAgent: chrome, connection: { effectiveType: "4g", saveData: false } })).toBe(true);
    expect(prefetchAllowed({ userAgent: chrome, connection: { effectiveType: "3g" } })).toBe(true);
    expect(prefetchAllowed({ userAgent: chrome })).toBe(true);
  });

  it.each(["2g", "slow-2g"])("skips on %s", (effectiveType) => {
    expect(prefetchAllowed({ userAgent: chrome, connection: { effectiveType } })).toBe(false);
  });

  it("skips in data-saver mode", () => {
    expect(prefetchAllowed({ userAgent: chrome, connection: { effectiveType: "4g", saveData: true } })).toBe(false);
  });

  it.each([
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 Chrome-Lighthouse",
    "HeadlessChrome/120.0",
  ])("skips for bot %s", (userAgent) => {
    expect(prefetchAllowed({ userAgent, connection: { effectiveType: "4g" } })).toBe(false);
  });
});

describe("prefetchTarget", () => {
  const current = { origin: "https://www.exempel.se", pathname: "/om-oss", search: "" };
  const anchor = (href: string, attrs: string[] = [], target = "") => ({
    href,
    target,
    hasAttribute: (name: string) => attrs.includes(name),
  });

  it("prefetches pages on this site", () => {
    expect(prefetchTarget(anchor("https://www.exempel.se/forskning?sida=2#x"), current)).toBe("/forskning?sida=2");
    expect(prefetchTarget(anchor("/ge-en-gava"), current)).toBe("/ge-en-gava");
  });

  it.each([
    ["another site", anchor("https://annan.example/")],
    ["the current page", anchor("/om-oss#kontakt")],
    ["our API", anchor("/api/Gift/DownloadPdfByOrderRef/ABC")],
    ["the simulators", anchor("/_sim/swish/")],
    ["a file", anchor("/dokument/arsredovisning.pdf")],
    ["a download", anchor("/gavokort/ABC", ["download"])],
    ["a new window", anchor("/forskning", [], "_blank")],
    ["mail links", anchor("mailto:gava@exempel.se")],
  ])("skips %s", (_label, a) => {
    expect(prefetchTarget(a, current)).toBeNull();
  });
});
