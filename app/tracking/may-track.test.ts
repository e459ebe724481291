import { describe, expect, it } from "vitest";
import { ALL_GRANTED, NECESSARY_ONLY, consentOf } from "../consent/consent";
import { mayTrack } from "./may-track";

describe("mayTrack", () => {
  it("allows tracking only with both statistics and marketing consent", () => {
    expect(mayTrack(ALL_GRANTED)).toBe(true);
    expect(mayTrack(consentOf(true, false))).toBe(false);
    expect(mayTrack(consentOf(false, true))).toBe(false);
    expect(mayTrack(NECESSARY_ONLY)).toBe(false);
    expect(mayTrack(null)).toBe(false);
    expect(mayTrack(undefined)).toBe(false);
  });
});
