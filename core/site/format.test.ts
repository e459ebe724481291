import { describe, expect, it } from "vitest";
import { countOf, formatCalendarDate, formatDateLong, formatDateTimeLong, formatNumber, formatSek } from "./format";
import { formatSwishNumber } from "./swish-number";

describe("formatting", () => {
  it("groups a Swish number the way it is printed", () => {
    expect(formatSwishNumber("1231181189")).toBe("123 118 11 89");
  });

  it("formats öre as Swedish kronor", () => {
    // Intl uses a non-breaking space between groups and before "kr".
    expect(formatSek(25_000).replace(/\s/g, " ")).toBe("250 kr");
    expect(formatSek(123_456_78).replace(/\s/g, " ")).toBe("123 456,78 kr");
    // Öre always with both decimals.
    expect(formatSek(123_450).replace(/\s/g, " ")).toBe("1 234,50 kr");
    expect(formatSek(5).replace(/\s/g, " ")).toBe("0,05 kr");
  });

  it("writes dates on the Swedish calendar, not the server's", () => {
    // 23:30 UTC on 31 December is already New Year's Day in Stockholm.
    expect(formatDateLong("2025-12-31T23:30:00.000Z")).toBe("1 januari 2026");
    expect(formatDateLong(new Date("2026-06-15T12:00:00.000Z"))).toBe("15 juni 2026");
  });

  it("groups numbers the Swedish way", () => {
    expect(formatNumber(12_500).replace(/\s/g, " ")).toBe("12 500");
    expect(formatNumber(250)).toBe("250");
  });

  it("writes a moment with its Swedish time, and a calendar date as that same day in Swedish or English", () => {
    expect(formatDateTimeLong("2026-01-15T13:05:00.000Z")).toBe("15 januari 2026 kl. 14:05");
    // A calendar date has no time zone: it never moves to the day before or after.
    expect(formatCalendarDate("2026-01-15")).toBe("15 januari 2026");
    expect(formatCalendarDate("2026-01-15", "en")).toBe("15 January 2026");
    expect(formatCalendarDate("2026-12-31T00:00:00.000Z")).toBe("31 december 2026");
  });
});

describe("countOf", () => {
  it("writes the word in its right form for one and for many (the back office said '1 betalningar')", () => {
    expect(countOf(1, "betalning", "betalningar")).toBe("1 betalning");
    expect(countOf(0, "betalning", "betalningar")).toBe("0 betalningar");
    expect(countOf(2, "person", "personer")).toBe("2 personer");
    expect(countOf(12500, "händelse", "händelser").replace(/\s/g, " ")).toBe("12 500 händelser");
  });
});
