import { describe, expect, it } from "vitest";
import { deathDateRange } from "./death-window";

describe("the searchable window of dates of death", () => {
  const now = new Date("2026-11-23T12:00:00Z");

  it("covers today and the 89 days before it by default", () => {
    expect(deathDateRange(now, 90)).toEqual({ from: "2026-08-26", to: "2026-11-23" });
    expect(deathDateRange(now, 1)).toEqual({ from: "2026-11-23", to: "2026-11-23" });
  });

  it("narrows to the last N days and never widens past the window", () => {
    expect(deathDateRange(now, 90, { withinDays: 7 })).toEqual({ from: "2026-11-17", to: "2026-11-23" });
    expect(deathDateRange(now, 90, { withinDays: 400 })).toEqual({ from: "2026-08-26", to: "2026-11-23" });
  });

  it("clamps a visitor's dates to the window and is empty when nothing is left", () => {
    expect(deathDateRange(now, 90, { diedFrom: "2020-01-01", diedTo: "2030-01-01" })).toEqual({ from: "2026-08-26", to: "2026-11-23" });
    expect(deathDateRange(now, 90, { diedFrom: "2026-11-01", diedTo: "2026-11-10" })).toEqual({ from: "2026-11-01", to: "2026-11-10" });
    expect(deathDateRange(now, 90, { diedTo: "2026-08-25" })).toBeNull();
    expect(deathDateRange(now, 90, { diedFrom: "2026-11-24" })).toBeNull();
  });

  it("counts days on the Swedish calendar, not UTC's", () => {
    // 23:30 UTC on 23 November is already 24 November in Stockholm (UTC+1).
    expect(deathDateRange(new Date("2026-11-23T23:30:00Z"), 1)).toEqual({ from: "2026-11-24", to: "2026-11-24" });
    expect(deathDateRange(new Date("2026-06-30T22:30:00Z"), 2)).toEqual({ from: "2026-06-30", to: "2026-07-01" }); // summer time, UTC+2
  });
});
