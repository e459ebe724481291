import { describe, expect, it } from "vitest";
import { matchPayments } from "./match-payments";

const opts = { withLengthDigit: true };
// Hand-computed references with length digit (see ocr-reference.test.ts):
// 12351 (seq 123), 471169 (seq 4711), 655969 (Bankgirot's example).
const invoices = [
  { id: "inv-1", ocrReference: "12351", outstandingOre: 50_000 },
  { id: "inv-2", ocrReference: "471169", outstandingOre: 30_000 },
  { id: "inv-3", ocrReference: "655969", outstandingOre: 10_000 },
];

describe("matchPayments", () => {
  it("sorts payments into exact, different-amount and unmatched", () => {
    const payments = [
      { id: "p1", reference: "12351", amountOre: 50_000 },
      { id: "p2", reference: "471169", amountOre: 20_000 },
      { id: "p3", reference: "655969", amountOre: 15_000 },
      { id: "p4", reference: "12350", amountOre: 100 }, // wrong check digit
      { id: "p5", reference: "1230", amountOre: 100 }, // Luhn-valid but no length digit
      { id: "p6", reference: "47118", amountOre: 100 }, // valid without length digit only
      { id: "p7", reference: "99993", amountOre: 100 }, // 9999 has check digit 4 (9+9+9+9=36), not 3
      { id: "p8", reference: "", amountOre: 100 },
    ];
    const result = matchPayments(payments, invoices, opts);
    expect(result.matched.map((m) => [m.payment.id, m.invoice.id])).toEqual([["p1", "inv-1"]]);
    expect(result.matchedWithDifferentAmount.map((m) => [m.payment.id, m.invoice.id, m.kind, m.differenceOre])).toEqual([
      ["p2", "inv-2", "underpaid", -10_000],
      ["p3", "inv-3", "overpaid", 5_000],
    ]);
    expect(result.unmatched.map((u) => [u.payment.id, u.reason])).toEqual([
      ["p4", "invalid-check-digit"],
      ["p5", "invalid-check-digit"],
      ["p6", "invalid-check-digit"],
      ["p7", "invalid-check-digit"],
      ["p8", "missing-reference"],
    ]);
  });

  it("reports a valid reference that is not an open invoice as unknown", () => {
    // 9999 → length 6 → 99996: 6·2=12→3, 9, 9·2=18→9, 9, 9·2=18→9 → 39 → check 1
    const result = matchPayments([{ reference: "999961", amountOre: 100 }], invoices, opts);
    expect(result.unmatched).toEqual([{ payment: { reference: "999961", amountOre: 100 }, reason: "unknown-reference" }]);
  });

  it("compares later payments with what is still outstanding", () => {
    const result = matchPayments(
      [
        { id: "a", reference: "471169", amountOre: 10_000 },
        { id: "b", reference: "471169", amountOre: 20_000 },
        { id: "c", reference: "47 11 69", amountOre: 30_000 },
      ],
      invoices,
      opts,
    );
    expect(result.matchedWithDifferentAmount.map((m) => [m.payment.id, m.kind, m.differenceOre])).toEqual([
      ["a", "underpaid", -20_000],
      ["c", "overpaid", 30_000],
    ]);
    expect(result.matched.map((m) => m.payment.id)).toEqual(["b"]);
  });

  it("does not mutate the invoices it is given", () => {
    matchPayments([{ reference: "12351", amountOre: 50_000 }], invoices, opts);
    expect(invoices[0]!.outstandingOre).toBe(50_000);
  });
});
