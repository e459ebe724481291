import { describe, expect, it } from "vitest";
import { formatSek, formatSwishNumber } from "./format";

describe("formatting", () => {
  it("groups a Swish number the way it is printed", () => {
    expect(formatSwishNumber("1231181189")).toBe("123 118 11 89");
  });

  it("formats öre as Swedish kronor", () => {
    // Intl uses a non-breaking space between groups and before "kr".
    expect(formatSek(25_000).replace(/\s/g, " ")).toBe("250 kr");
    expect(formatSek(123_456_78).replace(/\s/g, " ")).toBe("123 456,78 kr");
  });
});
