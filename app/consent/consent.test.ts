import { describe, expect, it } from "vitest";
import { ALL_GRANTED, NECESSARY_ONLY, consentOf, parseConsent, serializeConsent, trackingAllowed } from "./consent";

describe("consent model", () => {
  it("allows tracking only with both statistics and marketing", () => {
    expect(trackingAllowed(ALL_GRANTED)).toBe(true);
    expect(trackingAllowed(consentOf(true, false))).toBe(false);
    expect(trackingAllowed(consentOf(false, true))).toBe(false);
    expect(trackingAllowed(NECESSARY_ONLY)).toBe(false);
  });

  it("round-trips through the cookie value", () => {
    for (const consent of [ALL_GRANTED, NECESSARY_ONLY, consentOf(true, false), consentOf(false, true)]) {
      expect(parseConsent(serializeConsent(consent))).toEqual(consent);
    }
    expect(serializeConsent(consentOf(true, false))).toBe("v1.s1.m0");
  });

  it.each([undefined, null, "", "v1.s1", "v2.s1.m1", "v1.s2.m1", "v1.s1.m1;x", "true", '{"statistics":true}'])(
    "treats %j as no consent given",
    (value) => {
      expect(parseConsent(value)).toBeNull();
    },
  );
});
