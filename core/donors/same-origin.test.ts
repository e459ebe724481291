import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "./same-origin";

const site = "https://www.exempel.se";

describe("same-origin check for POSTs", () => {
  it("accepts our own origin, and the Host the browser used", () => {
    expect(isSameOriginRequest({ origin: "https://www.exempel.se" }, site)).toBe(true);
    expect(isSameOriginRequest({ origin: "http://127.0.0.1:4000", host: "127.0.0.1:4000" }, site)).toBe(true);
  });

  it("refuses other origins, opaque origins and cross-site fetches", () => {
    expect(isSameOriginRequest({ origin: "https://ond.example", host: "www.exempel.se" }, site)).toBe(false);
    expect(isSameOriginRequest({ origin: "null" }, site)).toBe(false);
    expect(isSameOriginRequest({ origin: "not a url" }, site)).toBe(false);
    expect(isSameOriginRequest({ secFetchSite: "cross-site" }, site)).toBe(false);
    expect(isSameOriginRequest({ secFetchSite: "same-site" }, site)).toBe(false);
  });

  it("lets non-browser clients through (they carry no donor cookie)", () => {
    expect(isSameOriginRequest({}, site)).toBe(true);
    expect(isSameOriginRequest({ secFetchSite: "same-origin" }, site)).toBe(true);
  });
});
