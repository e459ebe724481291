import { describe, expect, it } from "vitest";
import { redactPersonnummer, redactPersonnummerDeep } from "./redact-personnummer";

describe("redactPersonnummer", () => {
  it.each([
    ["198112289874", "[personnummer]"],
    ["19811228-9874", "[personnummer]"],
    ["8112289874", "[personnummer]"],
    ["811228-9874", "[personnummer]"],
    ["000101+9801", "[personnummer]"],
    ["811228 9874", "[personnummer]"],
    ["202201612393", "[personnummer]"], // samordningsnummer
    ["811228-9875", "[personnummer]"], // a wrong check digit is still personal data
  ])("hides %s", (input, expected) => {
    expect(redactPersonnummer(input)).toBe(expected);
  });

  it("hides numbers inside text and keeps the rest", () => {
    expect(redactPersonnummer("lookup pnr=198112289874 for 199001012385, done")).toBe(
      "lookup pnr=[personnummer] for [personnummer], done",
    );
    expect(redactPersonnummer('{"personalNumber":"19900101-2385"}')).toBe('{"personalNumber":"[personnummer]"}');
  });

  it("still hides a personnummer next to an identifier, or glued to a short word", () => {
    expect(redactPersonnummer("ref 924f7553-0a8a-4070-bdee-8d3407909824 pnr 198112289874")).toBe(
      "ref 924f7553-0a8a-4070-bdee-8d3407909824 pnr [personnummer]",
    );
    expect(redactPersonnummer("pnr198112289874")).toBe("pnr[personnummer]");
    expect(redactPersonnummer("ab198112289874")).toBe("ab[personnummer]");
  });

  it("leaves numbers that cannot be a personnummer alone", () => {
    for (const text of [
      "order 12345",
      "timestamp 1768471200", // month 68 is no month
      "amount 10000000000", // 11 digits
      "ref 1234567890123", // 13 digits
      "orderRef 131daac9-16c6-4618-beb0-365768f37288",
      "refundId 924f7553-0a8a-4070-bdee-8d3407909824", // the UUID's last group holds 3407909824
      "requestId 67e55044-10b1-426f-9247-198112289874",
      "sha 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
      "token a1198112289874bc0de1",
    ]) {
      expect(redactPersonnummer(text)).toBe(text);
    }
  });
});

describe("redactPersonnummerDeep", () => {
  it("redacts strings and numbers in nested objects and arrays without touching the input", () => {
    const input = { user: { personalNumber: "198112289874", id: 7 }, list: ["8112289874", 198112289874], ok: true };
    const output = redactPersonnummerDeep(input);
    expect(output).toEqual({ user: { personalNumber: "[personnummer]", id: 7 }, list: ["[personnummer]", "[personnummer]"], ok: true });
    expect(input.user.personalNumber).toBe("198112289874");
  });

  it("redacts error messages and survives cycles", () => {
    const cyclic: Record<string, unknown> = { err: new Error("no person 198112289874") };
    cyclic.self = cyclic;
    const output = redactPersonnummerDeep(cyclic) as { err: Error };
    expect(output.err.message).toBe("no person [personnummer]");
  });
});
