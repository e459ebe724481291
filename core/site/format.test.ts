import { describe, expect, it } from "vitest";
import { formatDateLong, formatSek, formatSwishNumber } from "./format";

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
});
