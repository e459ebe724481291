import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { matchPayments } from "#core/bankgiro/match-payments";
import { bgMaxFileReader } from "./bgmax-file-reader";
import { writeBgMaxFile } from "./write-bgmax";

const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url));

describe("bgMaxFileReader", () => {
  it("gives every deposit's payments in core's terms, in file order", () => {
    const file = bgMaxFileReader.read(sample("valid.bgmax.txt"));
    expect(file.errors).toEqual([]);
    expect(file.payments.map((p) => [p.reference, p.amountOre, p.serial])).toEqual([
      ["1000173", 50_000, "000000000101"],
      ["1000272", 20_000, "000000000102"],
      ["1000371", 100_000, "000000000103"],
      ["1000470", 30_000, "000000000104"],
      ["1000499", 15_000, "000000000105"],
    ]);
    expect(file.payments[0]).toMatchObject({ name: "Åsa Lindström", line: 3 });
  });

  it("leaves out deductions: money a payer took back is not a payment to book", () => {
    const text = writeBgMaxFile({
      timestamp: "20260701120000000000",
      test: true,
      deposits: [
        {
          payeeBankgiro: "9912346",
          account: "1",
          date: "2026-07-01",
          serialNumber: "7",
          payments: [{ reference: "12351", amountOre: 500 }],
          deductions: [{ reference: "471169", amountOre: 200, deductionCode: 1 }],
        },
      ],
    });
    expect(bgMaxFileReader.read(Buffer.from(text, "latin1")).payments.map((p) => p.reference)).toEqual(["12351"]);
  });

  it("gives the parser's errors, by line and in Swedish, for a broken file", () => {
    const file = bgMaxFileReader.read(sample("truncated.bgmax.txt"));
    expect(file.errors.length).toBeGreaterThan(0);
    expect(Object.keys(file.errors[0]!).sort()).toEqual(["line", "message"]);
  });

  it("finds exact, short, invalid and unknown payments in the valid sample", () => {
    const payments = bgMaxFileReader.read(sample("valid.bgmax.txt")).payments;
    // Hand-computed: 10001 → 100017 + check 3 = 1000173; 10002 → 1000272; 10003 → 1000371.
    const open = [
      { id: "a", ocrReference: "1000173", outstandingOre: 50_000 },
      { id: "b", ocrReference: "1000272", outstandingOre: 25_000 },
    ];
    const result = matchPayments(payments, open, { withLengthDigit: true });
    expect(result.matched.map((m) => m.invoice.id)).toEqual(["a"]);
    expect(result.matchedWithDifferentAmount.map((m) => [m.invoice.id, m.differenceOre])).toEqual([["b", -5_000]]);
    expect(result.unmatched.map((u) => [u.payment.reference, u.reason])).toEqual([
      ["1000371", "unknown-reference"],
      ["1000470", "unknown-reference"],
      ["1000499", "invalid-check-digit"],
    ]);
  });
});
