import { describe, expect, it } from "vitest";
import { luhnCheckDigit } from "./luhn";
import { createOcrReference, isValidOcrReference } from "./ocr-reference";

// Expected values are worked out by hand (weights 2,1,2,… from the right,
// digit sums of products over 9, check = (10 - sum mod 10) mod 10), not by
// the code under test.
describe("createOcrReference", () => {
  it("appends a Luhn check digit", () => {
    // 123: 3·2=6, 2·1=2, 1·2=2 → 10 → check 0
    expect(createOcrReference(123, { withLengthDigit: false })).toBe("1230");
    // 4711: 1·2=2, 1·1=1, 7·2=14→5, 4·1=4 → 12 → check 8
    expect(createOcrReference(4711, { withLengthDigit: false })).toBe("47118");
  });

  it("adds a length digit before the check digit", () => {
    // 123 → length 5 → 1235: 5·2=10→1, 3, 2·2=4, 1 → 9 → check 1
    expect(createOcrReference(123, { withLengthDigit: true })).toBe("12351");
    // 4711 → length 6 → 47116: 6·2=12→3, 1, 1·2=2, 7, 4·2=8 → 21 → check 9
    expect(createOcrReference(4711, { withLengthDigit: true })).toBe("471169");
    // Bankgirot's own example file (OCR with check digit and length) pays
    // reference 655969: 6559 → length 6 → 65596: 3+9+1+5+3 = 21 → check 9
    expect(createOcrReference(6559, { withLengthDigit: true })).toBe("655969");
  });

  it("handles bigint sequence numbers beyond Number precision", () => {
    const twentyNines = 99999999999999999999n;
    // every 9 contributes 9 whether doubled (18→9) or not: 180 → check 0
    expect(createOcrReference(twentyNines, { withLengthDigit: false })).toBe("9".repeat(20) + "0");
    // length 22 → digit 2 (doubled: 4) + 180 = 184 → check 6
    expect(createOcrReference(twentyNines, { withLengthDigit: true })).toBe("9".repeat(20) + "26");
  });

  it("refuses negative, fractional and over-long numbers", () => {
    expect(() => createOcrReference(-1, { withLengthDigit: false })).toThrow(RangeError);
    expect(() => createOcrReference(1.5, { withLengthDigit: false })).toThrow(RangeError);
    expect(() => createOcrReference(10n ** 24n, { withLengthDigit: true })).toThrow(RangeError);
  });
});

describe("isValidOcrReference", () => {
  it("accepts hand-computed references and Bankgirot's sample references", () => {
    for (const ref of ["1230", "47118", "12351", "471169", "655969", "657866", "650861", "659763", "658260"]) {
      expect(isValidOcrReference(ref)).toBe(true);
    }
    for (const ref of ["12351", "471169", "655969", "657866", "658369", "658468"]) {
      expect(isValidOcrReference(ref, { withLengthDigit: true })).toBe(true);
    }
  });

  it("rejects a wrong check digit, non-digits and bad lengths", () => {
    expect(isValidOcrReference("1231")).toBe(false);
    expect(isValidOcrReference("47119")).toBe(false);
    expect(isValidOcrReference("12a0")).toBe(false);
    expect(isValidOcrReference("0")).toBe(false);
    expect(isValidOcrReference("")).toBe(false);
    expect(isValidOcrReference("1".repeat(26))).toBe(false);
  });

  it("rejects a Luhn-valid reference whose length digit is wrong", () => {
    // 1236 + check: 6·2=12→3, 3, 2·2=4, 1 → 11 → check 9; length digit says 6, real length 5
    expect(isValidOcrReference("12369")).toBe(true);
    expect(isValidOcrReference("12369", { withLengthDigit: true })).toBe(false);
  });

  it("tolerates spaces typed by payers", () => {
    expect(isValidOcrReference("47 11 69", { withLengthDigit: true })).toBe(true);
  });

  it("computes check digits the way the hand calculation does", () => {
    expect(luhnCheckDigit("7992739871")).toBe(3); // the well-known Luhn example 79927398713
  });
});
