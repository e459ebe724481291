import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadBuildTimeSiteSettings, loadServerConfig, readEnvironment, siteSettings } from "./config";

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

  it("defaults the memorial source to the simulator and needs its address and key when live", () => {
    expect(loadServerConfig({})).toMatchObject({ MEMORIAL_SOURCE_MODE: "simulator", MEMORIAL_SEARCH_WINDOW_DAYS: 90, RATE_LIMIT_MEMORIAL_SEARCHES_PER_MINUTE: 120 });
    expect(() => loadServerConfig({ MEMORIAL_SOURCE_MODE: "live" })).toThrow(/MEMORIAL_SOURCE_URL.*\n.*MEMORIAL_SOURCE_API_KEY/s);
    expect(() => loadServerConfig({ MEMORIAL_SEARCH_WINDOW_DAYS: "0" })).toThrow(/MEMORIAL_SEARCH_WINDOW_DAYS/);
  });

  it("refuses the test routes next to any real outside service, and allows them with every one simulated", () => {
    expect(loadServerConfig({ ENABLE_TEST_ROUTES: "true", NODE_ENV: "production" }).ENABLE_TEST_ROUTES).toBe(true);
    const liveBankId = { BANKID_MODE: "live", BANKID_BASE_URL: "https://appapi2.bankid.com/rp/v6.0", BANKID_CERT_FILE: "rp.p12", SECRET_KEY: "k".repeat(32) };
    expect(loadServerConfig(liveBankId).ENABLE_TEST_ROUTES).toBe(false);
    expect(() => loadServerConfig({ ...liveBankId, ENABLE_TEST_ROUTES: "true" })).toThrow(/ENABLE_TEST_ROUTES: only with every outside service simulated, not with BANKID_MODE=live$/m);
    expect(() => loadServerConfig({ ENABLE_TEST_ROUTES: "true", POPULATION_REGISTER_MODE: "spar", AUTOGIRO_MODE: "live" })).toThrow(
      /ENABLE_TEST_ROUTES: .*POPULATION_REGISTER_MODE=spar, AUTOGIRO_MODE=live/,
    );
  });

  it("rejects a minimum gift above the maximum", () => {
    expect(() => loadServerConfig({ GIFT_MIN_KR: "500", GIFT_MAX_KR: "100" })).toThrow(/GIFT_MIN_KR/);
  });

  it("validates the site configuration with everything else, naming SITE_* variables", () => {
    expect(loadServerConfig({ SITE_SHORT_NAME: "Testfonden" }).site.shortName).toBe("Testfonden");
    expect(() => loadServerConfig({ SITE_COLOUR_TEXT: "black", PORT: "x" })).toThrow(/PORT.*\n.*SITE_COLOUR_TEXT/s);
  });

  it("gives pages the same site settings at build time as at run time, without provider secrets", () => {
    const env = { SITE_NAME: "Testfonden", SENTRY_DSN: "https://abc:s3cret@o1.ingest.sentry.io/42", CARD_MODE: "live" };
    const built = loadBuildTimeSiteSettings(env);
    expect(built.site.name).toBe("Testfonden");
    expect(built.client.sentryDsn).toBe("https://abc@o1.ingest.sentry.io/42");
    expect(() => loadServerConfig(env)).toThrow(/MONDIDO_SECRET/);
    expect(siteSettings(loadServerConfig({ ...env, CARD_MODE: "simulator" }))).toEqual(built);
    expect(() => loadBuildTimeSiteSettings({ GTM_CONTAINER_ID: "UA-1" })).toThrow(/GTM_CONTAINER_ID/);
  });

  it("loads a .env file, and the real environment wins over it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-env-"));
    const file = path.join(dir, ".env");
    fs.writeFileSync(file, "HL_TEST_ONLY_IN_FILE=file\nHL_TEST_IN_BOTH=file\n");
    process.env.HL_TEST_IN_BOTH = "real";
    try {
      const env = readEnvironment(file);
      expect(env.HL_TEST_ONLY_IN_FILE).toBe("file");
      expect(env.HL_TEST_IN_BOTH).toBe("real");
      expect(() => readEnvironment(path.join(dir, "missing.env"))).not.toThrow();
    } finally {
      delete process.env.HL_TEST_ONLY_IN_FILE;
      delete process.env.HL_TEST_IN_BOTH;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
