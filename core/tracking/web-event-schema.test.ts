import { describe, expect, it } from "vitest";
import { LIMITS, registerWebEventBodySchema } from "./web-event-schema";

const context = {
  session: "3f1c2a9e-8d4b-4c1a-9f0e-1234567890ab",
  identity: "9a8b7c6d-5e4f-4a3b-8c2d-0987654321fe",
  currentUrl: "https://www.exempel.se/ge-en-gava?utm_source=nyhetsbrev",
  requestgroup: "b1d2c3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e",
};

const pageView = {
  type: "pageview",
  referrer: "",
  useragent: "Mozilla/5.0",
  currentUrl: "https://www.exempel.se/ge-en-gava",
};

describe("registerWebEventBodySchema", () => {
  it("accepts a page view", () => {
    const parsed = registerWebEventBodySchema.parse({ context, payload: { ...pageView, utm_source: "nyhetsbrev" } });
    expect(parsed.payload.type).toBe("pageview");
  });

  it("accepts a time-on-page event with whole milliseconds", () => {
    const parsed = registerWebEventBodySchema.parse({
      context,
      payload: { type: "timeonpage", currentUrl: "/om-oss", timems: 12_345 },
    });
    expect(parsed.payload).toEqual({ type: "timeonpage", currentUrl: "/om-oss", timems: 12_345 });
  });

  it.each([
    ["fractional", 12.5],
    ["negative", -1],
    ["a string", "100"],
  ])("rejects %s timems", (_label, timems) => {
    const result = registerWebEventBodySchema.safeParse({
      context,
      payload: { type: "timeonpage", currentUrl: "/", timems },
    });
    expect(result.success).toBe(false);
  });

  it("caps very long time on page instead of rejecting it", () => {
    const parsed = registerWebEventBodySchema.parse({
      context,
      payload: { type: "timeonpage", currentUrl: "/", timems: LIMITS.timeOnPageMs * 3 },
    });
    expect(parsed.payload.type === "timeonpage" && parsed.payload.timems).toBe(LIMITS.timeOnPageMs);
  });

  it("rejects unknown event types and unknown fields", () => {
    expect(registerWebEventBodySchema.safeParse({ context, payload: { ...pageView, type: "purchase" } }).success).toBe(
      false,
    );
    expect(registerWebEventBodySchema.safeParse({ context, payload: { ...pageView, extra: 1 } }).success).toBe(false);
    expect(
      registerWebEventBodySchema.safeParse({ context: { ...context, email: "a@b.se" }, payload: pageView }).success,
    ).toBe(false);
  });

  it("rejects over-long strings", () => {
    const longUrl = `https://www.exempel.se/${"a".repeat(LIMITS.url)}`;
    expect(
      registerWebEventBodySchema.safeParse({ context, payload: { ...pageView, currentUrl: longUrl } }).success,
    ).toBe(false);
    expect(
      registerWebEventBodySchema.safeParse({
        context,
        payload: { ...pageView, useragent: "x".repeat(LIMITS.userAgent + 1) },
      }).success,
    ).toBe(false);
    expect(
      registerWebEventBodySchema.safeParse({
        context,
        payload: { ...pageView, utm_campaign: "x".repeat(LIMITS.utm + 1) },
      }).success,
    ).toBe(false);
  });

  it("rejects ids with odd characters and addresses that are not http(s) or a path", () => {
    expect(
      registerWebEventBodySchema.safeParse({ context: { ...context, session: "a b;c=d e" }, payload: pageView })
        .success,
    ).toBe(false);
    expect(
      registerWebEventBodySchema.safeParse({ context, payload: { ...pageView, currentUrl: "javascript:alert(1)" } })
        .success,
    ).toBe(false);
    expect(
      registerWebEventBodySchema.safeParse({ context, payload: { ...pageView, referrer: "//evil.example" } }).success,
    ).toBe(false);
  });
});
