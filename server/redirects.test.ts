import { describe, expect, it } from "vitest";
import { canonicalPath } from "./redirects";

describe("canonicalPath", () => {
  it("strips trailing slashes", () => {
    expect(canonicalPath("/om-oss/")).toBe("/om-oss");
    expect(canonicalPath("/en/about///")).toBe("/en/about");
  });

  it("maps /index.html to the home page", () => {
    expect(canonicalPath("/index.html")).toBe("/");
  });

  it("leaves canonical paths alone, so a redirect never loops", () => {
    for (const path of ["/", "/om-oss", "/en/about", "/sok"]) expect(canonicalPath(path)).toBeNull();
    const once = canonicalPath("/om-oss/");
    expect(once && canonicalPath(once)).toBeNull();
  });

  it("never produces a protocol-relative (off-site) target", () => {
    expect(canonicalPath("//evil.example/")).toBe("/evil.example");
    expect(canonicalPath("//evil.example")).toBe("/evil.example");
    expect(canonicalPath("///")).toBe("/");
  });

  it("never produces a target a browser reads as another host, backslashes included", () => {
    // Browsers treat "\\" like "/" in http(s) addresses: "/\\evil.example" is "//evil.example".
    for (const path of ["/\\evil.example/", "/\\\\evil.example/", "/\\/evil.example/", "//\\evil.example/"]) {
      const target = canonicalPath(path);
      expect(target, path).not.toBeNull();
      expect(target, path).toMatch(/^\/[^/\\]/);
    }
    expect(canonicalPath("/\\evil.example")).toBe("/evil.example");
  });
});
