import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseBgMax } from "./parse-bgmax";
import { sampleBgMaxInput, sampleTruncatedBgMax, sampleValidBgMax, sampleWrongTotalsBgMax } from "./sample-files";
import { encodeBgMax, writeBgMaxFile } from "./write-bgmax";

const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url));
const pad = (s: string) => s.padEnd(80, " ");

// Lines from Bankgirot's published example file ("avtal om OCR-kontroll,
// checksiffra och längd"), reduced to one deposit; the expected values below
// were read off the file by hand, independently of the layout table.
const BANKGIROT_EXAMPLE = [
  "01BGMAX               0120040525173035010331P",
  "050009912346          SEK",
  "200003783511                   655969000000000000100000220000000000100",
  "26Kalles Plåt AB",
  "27Storgatan 2                        12345",
  "28Storåker",
  "29005500001234",
  "21000378351189853                    0000000000000500003200023000011100",
  "200003783511657866 658765 657767     000000000000140000320000000000140",
  "220003783511                   657866000000000000000000220000000000140",
  "220003783511                   658765000000000000000000220000000000140",
  "25Betalning med extra refnr 657965",
  "15000000000000000000058410000010098232004052500074000000000000190000SEK00000003",
  "7000000002000000010000000200000001",
]
  .map(pad)
  .join("\r\n");

describe("parseBgMax", () => {
  it("reads Bankgirot's own example records", () => {
    const file = parseBgMax(BANKGIROT_EXAMPLE);
    expect(file.errors).toEqual([]);
    expect(file.header).toEqual({ layoutName: "BGMAX", version: 1, timestamp: "20040525173035010331", test: false });
    expect(file.deposits).toHaveLength(1);
    const deposit = file.deposits[0]!;
    expect(deposit).toMatchObject({
      payeeBankgiro: "9912346",
      currency: "SEK",
      account: "5841000001009823",
      date: "2004-05-25",
      serialNumber: "00074",
      totalOre: 190_000,
      paymentCount: 3,
    });
    expect(deposit.payments[0]).toMatchObject({
      senderBankgiro: "3783511",
      reference: "655969",
      amountOre: 100_000,
      referenceCode: 2,
      channelCode: 2,
      bgcSerialNumber: "000000000010",
      imageMarker: false,
      name: "Kalles Plåt AB",
      address: { street: "Storgatan 2", postcode: "12345", town: "Storåker" },
      orgNumber: "5500001234",
    });
    expect(deposit.deductions[0]).toMatchObject({ reference: "89853", amountOre: 50_000, referenceCode: 3, deductionCode: 0 });
    expect(deposit.payments[1]!.extraReferences.map((r) => r.reference)).toEqual(["657866", "658765"]);
    expect(deposit.payments[1]!.informationTexts).toEqual(["Betalning med extra refnr 657965"]);
    expect(file.end).toEqual({ paymentCount: 2, deductionCount: 1, extraReferenceCount: 2, depositCount: 1 });
  });

  it("parses the valid sample file (ISO 8859-1 bytes)", () => {
    const file = parseBgMax(sample("valid.bgmax.txt"));
    expect(file.errors).toEqual([]);
    expect(file.header?.test).toBe(true);
    expect(file.deposits.map((d) => [d.serialNumber, d.totalOre, d.payments.length])).toEqual([
      ["00001", 170_000, 3],
      ["00002", 45_000, 2],
    ]);
    const first = file.deposits[0]!.payments[0]!;
    expect(first).toMatchObject({ reference: "1000173", amountOre: 50_000, name: "Åsa Lindström", senderBankgiro: "3783511" });
  });

  it("reports a truncated file", () => {
    const file = parseBgMax(sample("truncated.bgmax.txt"));
    expect(file.errors.map((e) => e.code)).toEqual(["truncated"]);
    expect(file.errors[0]!.line).toBe(16);
    expect(file.deposits).toHaveLength(1);
  });

  it("reports wrong totals and counts with their lines", () => {
    const file = parseBgMax(sample("wrong-totals.bgmax.txt"));
    expect(file.errors.map((e) => [e.line, e.code])).toEqual([
      [13, "deposit-total-mismatch"],
      [18, "deposit-count-mismatch"],
      [19, "end-count-mismatch"],
    ]);
    expect(file.errors[0]!.message).toContain("170001");
  });

  it("reports lines of the wrong length, unknown record types and non-numeric amounts", () => {
    const lines = sampleValidBgMax().split("\n");
    lines[2] = lines[2]!.slice(0, 37) + "00000000000000X000" + lines[2]!.slice(55); // amount of first payment
    lines[6] = lines[6]!.trimEnd(); // a TK20 without its trailing blanks
    lines.splice(8, 0, pad("99 something new")); // before the third payment
    const file = parseBgMax(lines.join("\n"));
    expect(file.errors.map((e) => [e.line, e.code])).toEqual([
      [3, "not-numeric"],
      [7, "line-length"],
      [9, "unknown-record"],
    ]);
    // The unreadable payment is left out rather than guessed.
    expect(file.deposits[0]!.payments.map((p) => p.reference)).toEqual(["1000272", "1000371"]);
  });

  it("refuses a file that does not start with a BGMAX start record", () => {
    const file = parseBgMax([pad("01BGMIN               0120040525173035010331X"), pad("7000000000000000000000000000000000")].join("\n"));
    expect(file.errors.map((e) => e.code)).toEqual(["bad-header", "bad-header"]);
    expect(parseBgMax("").errors.map((e) => e.code)).toEqual(["bad-header", "truncated"]);
    expect(parseBgMax(pad("050009912346          SEK")).errors[0]!.code).toBe("bad-header");
  });

  it("flags records after the end record", () => {
    const file = parseBgMax(sampleValidBgMax() + pad("050009912346          SEK") + "\n");
    expect(file.errors.map((e) => e.code)).toEqual(["trailing-data"]);
  });
});

describe("writeBgMaxFile", () => {
  it("round-trips through the parser", () => {
    const file = parseBgMax(writeBgMaxFile({ ...sampleBgMaxInput, lineEnding: "\r\n" }));
    expect(file.errors).toEqual([]);
    const roundTripped = file.deposits.map((d) => ({
      payeeBankgiro: d.payeeBankgiro,
      account: d.account,
      date: d.date,
      serialNumber: d.serialNumber,
      payments: d.payments.map((p) => ({
        senderBankgiro: p.senderBankgiro,
        reference: p.reference,
        amountOre: p.amountOre,
        channelCode: p.channelCode,
        bgcSerialNumber: p.bgcSerialNumber,
        ...(p.name ? { name: p.name } : {}),
        ...(p.address ? { address: p.address } : {}),
        ...(p.orgNumber ? { orgNumber: p.orgNumber } : {}),
        ...(p.informationTexts.length ? { informationTexts: p.informationTexts } : {}),
      })),
    }));
    expect(roundTripped).toEqual(sampleBgMaxInput.deposits);
  });

  it("keeps deductions and extra references", () => {
    const text = writeBgMaxFile({
      timestamp: new Date("2026-07-01T10:00:00.123Z"),
      test: false,
      deposits: [
        {
          payeeBankgiro: "9912346",
          account: "1",
          date: "2026-07-01",
          serialNumber: "7",
          payments: [{ reference: "", referenceCode: 3, amountOre: 500, extraReferences: [{ reference: "12351", amountOre: 500 }, { reference: "1230", amountOre: 100, negative: true }] }],
          deductions: [{ reference: "471169", amountOre: 200, deductionCode: 1 }],
        },
      ],
    });
    // Stockholm is UTC+2 in July.
    expect(text.slice(24, 44)).toBe("20260701120000123000");
    const file = parseBgMax(text);
    expect(file.errors).toEqual([]);
    expect(file.deposits[0]!.totalOre).toBe(300);
    expect(file.deposits[0]!.payments[0]!.extraReferences).toEqual([
      { reference: "12351", amountOre: 500, referenceCode: 2, negative: false },
      { reference: "1230", amountOre: 100, referenceCode: 2, negative: true },
    ]);
    expect(file.deposits[0]!.deductions[0]).toMatchObject({ kind: "deduction", reference: "471169", deductionCode: 1 });
    expect(file.end).toEqual({ paymentCount: 1, deductionCount: 1, extraReferenceCount: 2, depositCount: 1 });
  });

  it("refuses values that do not fit", () => {
    expect(() =>
      writeBgMaxFile({ timestamp: "20260101000000000000", test: true, deposits: [{ payeeBankgiro: "12345678901", account: "1", date: "2026-01-01", serialNumber: "1", payments: [] }] }),
    ).toThrow(/does not fit/);
  });

  it("matches the committed sample files", () => {
    expect(sample("valid.bgmax.txt").equals(encodeBgMax(sampleValidBgMax()))).toBe(true);
    expect(sample("truncated.bgmax.txt").equals(encodeBgMax(sampleTruncatedBgMax()))).toBe(true);
    expect(sample("wrong-totals.bgmax.txt").equals(encodeBgMax(sampleWrongTotalsBgMax()))).toBe(true);
  });
});
