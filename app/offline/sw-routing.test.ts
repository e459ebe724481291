import { describe, expect, it } from "vitest";
import { cachesToDelete, entriesToTrim, mayCacheAsset, mayCachePage, pageCacheKey, strategyFor } from "./sw-routing";

const origin = "https://www.exempel.se";
const get = (path: string, mode = "no-cors") => ({ method: "GET", url: `${origin}${path}`, mode });

describe("strategyFor", () => {
  it("serves hashed assets cache first", () => {
    expect(strategyFor(get("/assets/root-Bx3k9.js", "cors"), origin)).toBe("cache-first");
  });

  it("loads pages network first", () => {
    expect(strategyFor(get("/om-oss", "navigate"), origin)).toBe("network-first");
    expect(strategyFor(get("/", "navigate"), origin)).toBe("network-first");
  });

  it.each(["/api/SwishPoll", "/api", "/_sim/swish/x", "/healthz", "/__version"])(
    "leaves %s alone, even as a navigation",
    (path) => {
      expect(strategyFor(get(path, "navigate"), origin)).toBe("passthrough");
    },
  );

  it("does not mistake look-alike paths for the ignored ones", () => {
    expect(strategyFor(get("/apiguiden", "navigate"), origin)).toBe("network-first");
  });

  it("leaves other methods, other origins, route data and other files alone", () => {
    expect(strategyFor({ ...get("/assets/a.js"), method: "POST" }, origin)).toBe("passthrough");
    expect(strategyFor({ method: "GET", url: "https://cdn.example/assets/a.js", mode: "cors" }, origin)).toBe(
      "passthrough",
    );
    expect(strategyFor(get("/om-oss.data", "cors"), origin)).toBe("passthrough");
    expect(strategyFor(get("/manifest.webmanifest"), origin)).toBe("passthrough");
    expect(strategyFor({ method: "GET", url: "not a url", mode: "navigate" }, origin)).toBe("passthrough");
  });
});

describe("what is stored", () => {
  const ok = { status: 200, type: "basic", cacheControl: "no-cache" };

  it("stores public pages that answered 200", () => {
    expect(mayCachePage(`${origin}/om-oss`, ok)).toBe(true);
  });

  it("never stores errors, private answers or pages with personal data", () => {
    expect(mayCachePage(`${origin}/om-oss`, { ...ok, status: 404 })).toBe(false);
    expect(mayCachePage(`${origin}/om-oss`, { ...ok, type: "opaqueredirect" })).toBe(false);
    expect(mayCachePage(`${origin}/om-oss`, { ...ok, cacheControl: "private, no-cache" })).toBe(false);
    expect(mayCachePage(`${origin}/om-oss`, { ...ok, cacheControl: "no-store" })).toBe(false);
    expect(mayCachePage(`${origin}/gavokort/ABC123`, ok)).toBe(false);
    expect(mayCachePage(`${origin}/order/diplom/ABC123`, ok)).toBe(false);
    expect(mayCachePage(`${origin}/d/JUL_24/anna`, ok)).toBe(false);
  });

  it("stores whole assets from our origin only", () => {
    expect(mayCacheAsset({ status: 200, type: "basic" })).toBe(true);
    expect(mayCacheAsset({ status: 206, type: "basic" })).toBe(false);
    expect(mayCacheAsset({ status: 0, type: "opaque" })).toBe(false);
  });

  it("keys pages without their query", () => {
    expect(pageCacheKey(`${origin}/sok?query=anna&token=x`)).toBe(`${origin}/sok`);
  });
});

describe("cache housekeeping", () => {
  it("deletes only our caches from older versions", () => {
    expect(cachesToDelete(["hl-assets-v0", "hl-assets-v1", "hl-pages-v1", "hl-pages-v0", "other-lib"])).toEqual([
      "hl-assets-v0",
      "hl-pages-v0",
    ]);
  });

  it("trims down to the limit", () => {
    expect(entriesToTrim(205, 200)).toBe(5);
    expect(entriesToTrim(10, 200)).toBe(0);
  });
});
