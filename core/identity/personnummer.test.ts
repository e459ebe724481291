import { describe, expect, it } from "vitest";
import { isValidPersonnummer, maskPersonnummer, normalisePersonnummer, parsePersonnummer } from "./personnummer";

// A fixed "now" so that century inference does not depend on the day the tests run.
const now = new Date("2026-01-15T10:00:00.000Z");

describe("parsePersonnummer", () => {
  it("parses a 12-digit number into canonical form, birth date and mask", () => {
    expect(parsePersonnummer("198112289874", { now })).toEqual({
      canonical: "198112289874",
      birthDate: "1981-12-28",
      isSamordningsnummer: false,
      masked: "19811228-****",
    });
  });

  it("accepts the forms people type: separators, 10 digits and spaces", () => {
    for (const input of ["19811228-9874", "811228-9874", "8112289874", " 811228 9874 ", "19811228 9874"]) {
      expect(normalisePersonnummer(input, { now }), input).toBe("198112289874");
    }
  });

  it("gives a 10-digit number with - the century that makes the person under 100", () => {
    expect(normalisePersonnummer("900101-2385", { now })).toBe("199001012385");
    expect(normalisePersonnummer("000229-2399", { now })).toBe("200002292399");
  });

  it("reads + as 100 years or older", () => {
    expect(normalisePersonnummer("000101+9801", { now })).toBe("190001019801");
    expect(parsePersonnummer("000101+9801", { now })?.birthDate).toBe("1900-01-01");
    // The check digit covers only the ten short digits, so the separator alone moves the century.
    expect(normalisePersonnummer("900101+2385", { now })).toBe("189001012385");
  });

  it("moves a birthday later this year back a century", () => {
    // In 2064, 640823 means 1964 until 23 August, when a baby born that day could hold it.
    expect(normalisePersonnummer("640823-3234", { now: new Date("2064-06-01T10:00:00.000Z") })).toBe("196408233234");
    expect(normalisePersonnummer("640823-3234", { now: new Date("2064-09-01T10:00:00.000Z") })).toBe("206408233234");
  });

  it("recognises a samordningsnummer (day + 60) and reports the real birth date", () => {
    const parsed = parsePersonnummer("202201612393", { now });
    expect(parsed).toEqual({
      canonical: "202201612393",
      birthDate: "2022-01-01",
      isSamordningsnummer: true,
      masked: "20220161-****",
    });
    expect(normalisePersonnummer("220161-2393", { now })).toBe("202201612393");
  });

  it("rejects a wrong check digit", () => {
    expect(parsePersonnummer("198112289875", { now })).toBe(null);
    expect(parsePersonnummer("811228-9873", { now })).toBe(null);
    expect(isValidPersonnummer("199001012382", { now })).toBe(false);
  });

  it("rejects impossible dates, wrong lengths and junk", () => {
    for (const input of ["199013012385", "190002292385", "19900101238", "1990010123855", "abc", "", "19900101*2385"]) {
      expect(parsePersonnummer(input, { now }), input).toBe(null);
    }
  });

  it("rejects a birth date in the future", () => {
    // Valid digits for 1 January 2026 (samordningsnummer), but before that day it cannot exist.
    expect(isValidPersonnummer("202601612381", { now })).toBe(true);
    expect(isValidPersonnummer("202601612381", { now: new Date("2025-12-31T12:00:00.000Z") })).toBe(false);
  });
});

describe("maskPersonnummer", () => {
  it("hides the last four digits", () => {
    expect(maskPersonnummer("198001012385")).toBe("19800101-****");
  });
});
