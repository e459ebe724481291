import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { mondidoAmountToOre, oreToMondidoAmount } from "./amount";
import { hashesEqual, mondidoRequestHash, mondidoResponseHash } from "./hash";

const md5 = (s: string) => createHash("md5").update(s).digest("hex");
const base = { merchantId: "123", paymentRef: "gift-1", customerRef: "donor-7", amount: "250.00", currency: "SEK", secret: "s3cret" };

describe("Mondido hashes", () => {
  it("hashes the request fields in the documented order", () => {
    // Digests computed with `printf %s '…' | md5sum` outside the code under test.
    expect(mondidoRequestHash({ ...base, test: true })).toBe("69e5753cb572d131aa071b8698a89fba");
    expect(mondidoRequestHash({ ...base, test: false })).toBe("f30fea9631f9383052efb6084e7dad52");
    expect(mondidoRequestHash({ ...base, test: true })).toBe(md5("123gift-1donor-7250.00sektests3cret"));
  });

  it("puts the lower-cased status in place of the test part for responses", () => {
    expect(mondidoResponseHash({ ...base, status: "APPROVED" })).toBe("0e71d4ba84d2927634033fb36a0378dc");
    expect(mondidoResponseHash({ ...base, status: "declined" })).toBe(md5("123gift-1donor-7250.00sekdeclineds3cret"));
  });

  it("compares hashes case-insensitively and rejects different lengths", () => {
    expect(hashesEqual("0e71d4ba84d2927634033fb36a0378dc", "0E71D4BA84D2927634033FB36A0378DC")).toBe(true);
    expect(hashesEqual("0e71d4ba84d2927634033fb36a0378dc", "0e71d4ba84d2927634033fb36a0378dd")).toBe(false);
    expect(hashesEqual("0e71d4ba84d2927634033fb36a0378dc", "0e71")).toBe(false);
  });
});

describe("Mondido amounts", () => {
  it("formats öre with two decimals and parses back", () => {
    expect(oreToMondidoAmount(25_000)).toBe("250.00");
    expect(oreToMondidoAmount(5)).toBe("0.05");
    expect(oreToMondidoAmount(12_345)).toBe("123.45");
    expect(mondidoAmountToOre("123.45")).toBe(12_345);
    expect(mondidoAmountToOre("123.5")).toBe(12_350);
    expect(mondidoAmountToOre(0.29)).toBe(29);
    expect(() => oreToMondidoAmount(1.5)).toThrow(RangeError);
    expect(() => mondidoAmountToOre("12,50")).toThrow(RangeError);
  });
});
