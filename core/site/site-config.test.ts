import { describe, expect, it } from "vitest";
import { fillSitePlaceholders, loadSiteConfig } from "./site-config";

describe("site configuration", () => {
  it("has fictional defaults", () => {
    const site = loadSiteConfig({});
    expect(site.name).toContain("fiktiv");
    expect(site.swishNumber).toBe("1231181189");
    expect(site.colours.primary).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("takes values from SITE_* variables", () => {
    const site = loadSiteConfig({ SITE_NAME: "Testfonden", SITE_COLOUR_PRIMARY: "#112233" });
    expect(site.name).toBe("Testfonden");
    expect(site.colours.primary).toBe("#112233");
    expect(site.colours.accent).toBe("#1d4f73");
  });

  it("names the variable that is wrong", () => {
    expect(() => loadSiteConfig({ SITE_ORG_NUMBER: "12345" })).toThrow(/SITE_ORG_NUMBER/);
    expect(() => loadSiteConfig({ SITE_COLOUR_TEXT: "black" })).toThrow(/SITE_COLOUR_TEXT/);
  });

  it("fills placeholders and leaves unknown ones visible", () => {
    const site = loadSiteConfig({});
    expect(fillSitePlaceholders("Bankgiro {{site.bankgiro}} – {{ site.name }}", site)).toBe(
      `Bankgiro 5555-0105 – ${site.name}`,
    );
    expect(fillSitePlaceholders("{{site.unknown}}", site)).toBe("{{site.unknown}}");
  });
});
