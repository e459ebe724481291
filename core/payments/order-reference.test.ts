import { describe, expect, it } from "vitest";
import { isOrderReference, newOrderReference } from "./order-reference";

describe("order references", () => {
  it("are 26 characters of Crockford base32 and differ every time", () => {
    const refs = new Set(Array.from({ length: 1000 }, () => newOrderReference()));
    expect(refs.size).toBe(1000);
    for (const ref of refs) expect(isOrderReference(ref)).toBe(true);
  });

  it("carry at least 128 random bits (26 × 5 = 130)", () => {
    const zeros = newOrderReference(() => Buffer.alloc(17, 0));
    const ones = newOrderReference(() => Buffer.alloc(17, 0xff));
    expect(zeros).toBe("0".repeat(26));
    expect(ones).toBe("Z".repeat(26));
  });

  it("rejects look-alike letters and wrong lengths", () => {
    expect(isOrderReference("0".repeat(25))).toBe(false);
    expect(isOrderReference("I".repeat(26))).toBe(false);
    expect(isOrderReference("demo0001")).toBe(false);
  });
});
