import { describe, expect, it } from "vitest";
import { companyTaxYear, type CompanyGiftForTax } from "./company-tax-rules";

const paid = (kr: number, paidAt: string): CompanyGiftForTax => ({ amountOre: kr * 100, paidAt, status: "paid" });

describe("company tax reduction", () => {
  it("counts paid, unrefunded gifts of at least 2 000 kr paid in the Swedish calendar year", () => {
    const year = companyTaxYear(
      [
        paid(2_000, "2026-03-01T10:00:00.000Z"),
        paid(1_999, "2026-03-02T10:00:00.000Z"),
        { amountOre: 50_000_00, paidAt: "2026-04-01T10:00:00.000Z", status: "refunded" },
        { amountOre: 50_000_00, paidAt: null, status: "awaiting_payment" },
        // 00:30 on 1 January 2027 in Sweden: next year.
        paid(10_000, "2026-12-31T23:30:00.000Z"),
        paid(3_000, "2025-12-31T22:30:00.000Z"),
      ],
      2026,
    );
    expect(year).toEqual({ year: 2026, qualifyingOre: 2_000_00, qualifyingCount: 1, baseOre: 2_000_00, reductionOre: 412_00 });
  });

  it("caps the base at 800 000 kr a year", () => {
    const year = companyTaxYear([paid(500_000, "2026-02-01T10:00:00.000Z"), paid(400_000, "2026-11-01T10:00:00.000Z")], 2026);
    expect(year.qualifyingOre).toBe(900_000_00);
    expect(year.baseOre).toBe(800_000_00);
    expect(year.reductionOre).toBe(164_800_00);
  });
});
