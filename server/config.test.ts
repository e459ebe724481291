import { describe, expect, it } from "vitest";
import { ConfigError, loadServerConfig } from "./config";

describe("server configuration", () => {
  it("runs with no variables at all", () => {
    const config = loadServerConfig({});
    expect(config.DATABASE_URL).toBe("sqlite:var/site.db");
    expect(config.SWISH_MODE).toBe("simulator");
    expect(config.publicUrl).toBe("http://127.0.0.1:3000");
  });

  it("names the bad variable", () => {
    expect(() => loadServerConfig({ PORT: "not-a-port" })).toThrow(ConfigError);
    try {
      loadServerConfig({ PORT: "99999", SMTP_URL: "http://x" });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("SMTP_URL");
    }
  });

  it("requires the certificate and address for live Swish", () => {
    expect(() => loadServerConfig({ SWISH_MODE: "live" })).toThrow(/SWISH_BASE_URL.*\n.*SWISH_CERT_FILE/s);
  });

  it("defaults search and research to the simulator and validates their names", () => {
    const config = loadServerConfig({});
    expect(config).toMatchObject({ RESEARCH_PORTAL_MODE: "simulator", RESEARCH_PORTAL_PRODUCT: "befolkningsstudien", SEARCH_INDEX_NAME: "hlf_site", SEARCH_DEBUG: false });
    expect(() => loadServerConfig({ RESEARCH_PORTAL_MODE: "live" })).toThrow(/RESEARCH_PORTAL_URL/);
    expect(() => loadServerConfig({ SEARCH_INDEX_NAME: "hlf site" })).toThrow(/SEARCH_INDEX_NAME/);
    expect(() => loadServerConfig({ RESEARCH_PORTAL_PRODUCT: "../etc" })).toThrow(/RESEARCH_PORTAL_PRODUCT/);
  });

  it("rejects a minimum gift above the maximum", () => {
    expect(() => loadServerConfig({ GIFT_MIN_KR: "500", GIFT_MAX_KR: "100" })).toThrow(/GIFT_MIN_KR/);
  });
});
