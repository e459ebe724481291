import { describe, expect, it } from "vitest";
import { AutogiroFileError, type AutogiroRequest } from "#core/autogiro/autogiro-messages";
import { interpretAutogiroFile } from "./interpret-autogiro-file";
import { decodeAutogiroBytes, encodeAutogiroText, readAutogiroFile } from "./read-autogiro-file";
import { formatRecord, joinRecords } from "./write-records";
import { writeRequestFile } from "./write-request-file";

const header = { customerNumber: "471117", bankgiro: "991-2346", writtenOn: "2026-11-23" };

const requests: AutogiroRequest[] = [
  { kind: "new_mandate", payerNumber: "1001", account: { clearing: "8327", number: "9123456789" }, identity: { kind: "personnummer", value: "194612129802" } },
  { kind: "new_mandate", payerNumber: "1002", account: { clearing: "6000", number: "123456789" }, identity: { kind: "organisationsnummer", value: "5560000521" } },
  { kind: "accept_digital_mandate", payerNumber: "1003" },
  { kind: "reject_digital_mandate", payerNumber: "1004" },
  { kind: "cancel_mandate", payerNumber: "1005" },
  { kind: "change_payer_number", payerNumber: "1006", newPayerNumber: "2006" },
  { kind: "payment", direction: "debit", date: "2026-12-28", interval: 1, repetitions: null, payerNumber: "1001", amountOre: 20_000, reference: "MÅNADSGÅVA 1001" },
  { kind: "payment", direction: "debit", date: "immediately", interval: 0, repetitions: null, payerNumber: "1002", amountOre: 50_050, reference: "EXTRA-77" },
  { kind: "payment", direction: "credit", date: "2026-12-01", interval: 0, repetitions: null, payerNumber: "1002", amountOre: 10_000, reference: "ÅTERBET" },
  { kind: "payment", direction: "debit", date: "2027-01-28", interval: 5, repetitions: 12, payerNumber: "1003", amountOre: 15_000, reference: "" },
  { kind: "cancel_payments", payerNumber: "1001" },
  { kind: "cancel_payments", payerNumber: "1001", date: "2026-12-28" },
  { kind: "cancel_payments", payerNumber: "1001", date: "2026-12-28", amountOre: 20_000, direction: "debit", reference: "MÅNADSGÅVA 1001" },
  { kind: "change_payment_date", payerNumber: "1002", date: "2026-12-28", newDate: "2027-01-05" },
  { kind: "change_payment_date", payerNumber: "1002", date: "2026-12-28", newDate: "2027-01-05", amountOre: 500, direction: "credit", reference: "X" },
];

describe("writeRequestFile", () => {
  const file = writeRequestFile(header, requests);
  const lines = file.split("\r\n");

  it("writes 80-character records with CRLF, one TK01 per section", () => {
    expect(file.endsWith("\r\n")).toBe(true);
    expect(lines.pop()).toBe("");
    expect(lines.every((line) => line.length === 80)).toBe(true);
    expect(lines.filter((l) => l.startsWith("01"))).toHaveLength(3);
    expect(lines.map((l) => l.slice(0, 2))).toEqual([
      "01", "04", "04", "04", "04", "03", "05",
      "01", "23", "24", "25", "28", "29",
      "01", "82", "82", "32", "82",
    ]);
  });

  it("places every field where Bankgirot's manual puts it (checked against the manual by hand)", () => {
    expect(lines[0]).toBe("0120261123AUTOGIRO".padEnd(62, " ") + "4711170009912346  ");
    expect(lines[1]!.trimEnd()).toBe("0400099123460000000000001001" + "8327009123456789" + "194612129802");
    expect(lines[2]!.trimEnd()).toBe("0400099123460000000000001002" + "6000000123456789" + "005560000521");
    expect(lines[3]!.trimEnd()).toBe("0400099123460000000000001003");
    expect(lines[4]!.slice(76, 78)).toBe("AV");
    expect(lines[6]!.trimEnd()).toBe("050009912346000000000000100600099123460000000000002006");
    expect(lines[8]!.trimEnd()).toBe("2300099123460000000000001001");
    expect(lines[9]!.trimEnd()).toBe("2400099123460000000000001001" + "20261228");
    expect(lines[10]!.trimEnd()).toBe("250009912346000000000000100120261228000000020000" + "82" + "        " + "MÅNADSGÅVA 1001");
    expect(lines[11]!.trimEnd()).toBe("280009912346000000000000100220261228" + " ".repeat(14) + "20270105");
    expect(lines[14]!.trimEnd()).toBe("82202612281    00000000000010010000000200000009912346MÅNADSGÅVA 1001");
    expect(lines[15]!.trimEnd()).toBe("82GENAST  0    00000000000010020000000500500009912346EXTRA-77");
    expect(lines[17]!.trimEnd()).toBe("82202701285012 0000000000001003000000015000" + "0009912346");
  });

  it("reads back what it wrote (round trip through the parser)", () => {
    const raw = readAutogiroFile(file);
    expect(raw.layout).toBe("request");
    const payments = raw.records.filter((r) => r.type === "82" || r.type === "32");
    expect(payments.map((p) => [p.type, p.date, p.interval, p.repetitions, p.payerNumber, p.amountOre, p.reference])).toEqual([
      ["82", "2026-12-28", "1", "", "0000000000001001", 20_000, "MÅNADSGÅVA 1001"],
      ["82", "GENAST", "0", "", "0000000000001002", 50_050, "EXTRA-77"],
      ["32", "2026-12-01", "0", "", "0000000000001002", 10_000, "ÅTERBET"],
      ["82", "2027-01-28", "5", "012", "0000000000001003", 15_000, ""],
    ]);
    const mandate = raw.records.find((r) => r.type === "04")!;
    expect(mandate).toMatchObject({ account: "8327009123456789", identity: "194612129802", bankgiro: "0009912346" });
    const moved = raw.records.find((r) => r.type === "29")!;
    expect(moved).toMatchObject({ date: "2026-12-28", newDate: "2027-01-05", amountOre: 500, direction: "32", reference: "X" });
  });

  it("survives ISO 8859-1 encoding and decoding", () => {
    expect(decodeAutogiroBytes(encodeAutogiroText(file))).toBe(file);
    expect(encodeAutogiroText("Å")[0]).toBe(0xc5);
  });

  it("refuses requests it cannot express", () => {
    const payment = requests[6] as Extract<AutogiroRequest, { kind: "payment" }>;
    expect(() => writeRequestFile(header, [{ ...payment, amountOre: 0 }])).toThrow(/amount/);
    expect(() => writeRequestFile(header, [{ ...payment, amountOre: 12.5 }])).toThrow(/amount/);
    expect(() => writeRequestFile(header, [{ ...payment, reference: "A reference that is far too long" }])).toThrow(/reference/);
    expect(() => writeRequestFile(header, [{ ...payment, payerNumber: "12345678901234567" }])).toThrow(/payer number/);
    expect(() => writeRequestFile(header, [{ ...payment, date: "2026-02-30" }])).toThrow(/date/);
    expect(() => writeRequestFile(header, [{ ...payment, interval: 0, repetitions: 3 }])).toThrow(/repetitions/);
    expect(() => writeRequestFile(header, [{ ...(requests[0] as Extract<AutogiroRequest, { kind: "new_mandate" }>), account: { clearing: "83", number: "1" } }])).toThrow(/clearing/);
    expect(() => writeRequestFile({ ...header, customerNumber: "47" }, requests)).toThrow(/customer number/);
    expect(() => writeRequestFile({ ...header, bankgiro: "12" }, requests)).toThrow(/bankgiro/);
    expect(() => writeRequestFile(header, [])).toThrow(/at least one/);
  });
});

// ---- Answer files written with the layout tables, then interpreted --------------------------

const medavi = (...records: string[]) =>
  joinRecords([
    formatRecord("mandate-advice", "01", { writtenOn: "2026-11-24", customerNumber: "471117", bankgiro: "9912346" }),
    ...records,
    formatRecord("mandate-advice", "09", { writtenOn: "2026-11-24", recordCount: String(records.length) }),
  ]);
const advice = (payerNumber: string, info: string, status: string) =>
  formatRecord("mandate-advice", "73", {
    bankgiro: "9912346",
    payerNumber,
    account: "8327009123456789",
    identity: "194612129802",
    info,
    status,
    date: "2026-11-24",
  });

describe("interpretAutogiroFile", () => {
  it("tells approved, refused, cancelled and stopped mandates apart with Swedish reasons", () => {
    const file = interpretAutogiroFile(
      medavi(advice("1001", "04", "32"), advice("1002", "04", "05"), advice("1003", "46", "02"), advice("1004", "03", "33"), advice("1005", "", "11")),
    );
    expect(file).toMatchObject({ layout: "mandate-advice", writtenOn: "2026-11-24", bankgiro: "9912346" });
    expect(file.events.map((e) => [e.kind, e.payerNumber])).toEqual([
      ["mandate_approved", "1001"],
      ["mandate_refused", "1002"],
      ["mandate_cancelled", "1003"],
      ["mandate_cancelled", "1004"],
      ["mandate_stopped", "1005"],
    ]);
    expect(file.events[0]).toMatchObject({ account: { clearing: "8327", number: "9123456789" }, identity: "194612129802", bankingDate: "2026-11-24", line: 2 });
    expect(file.events[1]).toMatchObject({ status: { code: "05", reason: "Felaktiga bankkonto- eller personuppgifter." } });
    expect(file.events[2]).toMatchObject({ byPayer: true });
    expect(file.events[3]).toMatchObject({ byPayer: false, status: { code: "33", reason: "Makulerat." } });
  });

  it("refuses our own request file: it holds no answers", () => {
    expect(() => interpretAutogiroFile(writeRequestFile(header, requests))).toThrow(AutogiroFileError);
  });
});

describe("a broken file is refused as a whole, with the line and the reason", () => {
  const good = medavi(advice("1001", "04", "32"), advice("1002", "04", "32"));
  const lines = good.split("\r\n").slice(0, -1);
  const broken = (change: (lines: string[]) => string[]) => change([...lines]).join("\r\n");
  const refusal = (text: string) => {
    try {
      readAutogiroFile(text);
    } catch (error) {
      expect(error).toBeInstanceOf(AutogiroFileError);
      return { line: (error as AutogiroFileError).line, reason: (error as AutogiroFileError).reason };
    }
    throw new Error("The file was not refused");
  };

  it("accepts the good file, with LF and with trimmed trailing spaces", () => {
    expect(readAutogiroFile(good).records).toHaveLength(4);
    expect(readAutogiroFile(lines.map((l) => l.trimEnd()).join("\n")).records).toHaveLength(4);
  });

  it("empty file", () => expect(refusal("\r\n\r\n")).toEqual({ line: 0, reason: "Filen är tom." }));
  it("unknown kind of file", () => expect(refusal("HELLO WORLD")).toMatchObject({ line: 1, reason: expect.stringContaining("Ingen känd autogirofil") }));
  it("a BgMax file", () => expect(refusal("01BGMAX               0120040525173035010331P")).toMatchObject({ line: 1, reason: expect.stringContaining("BgMax") }));
  it("truncated (closing record missing)", () =>
    expect(refusal(broken((l) => l.slice(0, -1)))).toMatchObject({ line: 4, reason: expect.stringContaining("Slutposten (TK09) saknas") }));
  it("a record longer than 80 characters", () =>
    expect(refusal(broken((l) => [l[0]!, `${l[1]!}X`, ...l.slice(2)]))).toMatchObject({ line: 2, reason: expect.stringContaining("81 tecken") }));
  it("an empty line in the middle", () => expect(refusal(broken((l) => [l[0]!, "", ...l.slice(1)]))).toMatchObject({ line: 2, reason: "Tom rad mitt i filen." }));
  it("an unknown record type", () =>
    expect(refusal(broken((l) => [l[0]!, `99${l[1]!.slice(2)}`, ...l.slice(2)]))).toMatchObject({ line: 2, reason: expect.stringContaining('"99"') }));
  it("letters in a number field", () =>
    expect(refusal(broken((l) => [l[0]!, l[1]!.slice(0, 20) + "ABC" + l[1]!.slice(23), ...l.slice(2)]))).toMatchObject({
      line: 2,
      reason: expect.stringContaining("payerNumber (position 13–28): ska vara siffror"),
    }));
  it("an impossible date", () =>
    expect(refusal(broken((l) => [l[0]!, l[1]!.slice(0, 65) + "20261131" + l[1]!.slice(73), ...l.slice(2)]))).toMatchObject({
      line: 2,
      reason: expect.stringContaining("ogiltigt datum"),
    }));
  it("another payee's bankgiro number in a record", () =>
    expect(refusal(broken((l) => [l[0]!, `730001234567${l[1]!.slice(12)}`, ...l.slice(2)]))).toMatchObject({
      line: 2,
      reason: expect.stringContaining("stämmer inte med öppningspostens"),
    }));
  it("a closing record whose count is wrong", () =>
    expect(refusal(broken((l) => [...l.slice(0, -1), l[l.length - 1]!.replace("0000002", "0000003")]))).toMatchObject({
      line: 4,
      reason: expect.stringContaining("stämmer inte med filens poster (2)"),
    }));
  it("records after the closing record", () =>
    expect(refusal(broken((l) => [...l, l[1]!]))).toEqual({ line: 5, reason: "Poster efter slutposten (TK09)." }));
  it("a second opening record", () =>
    expect(refusal(broken((l) => [l[0]!, l[0]!, ...l.slice(1)]))).toMatchObject({ line: 2, reason: expect.stringContaining("får bara stå först") }));
  it("a layout name that is misspelt", () =>
    expect(refusal(broken((l) => [l[0]!.replace("AG-MEDAVI", "AG-MEDAVX"), ...l.slice(1)]))).toMatchObject({
      line: 1,
      reason: expect.stringContaining("AG-MEDAVX"),
    }));
});
