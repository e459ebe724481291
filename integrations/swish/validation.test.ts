import { describe, expect, it } from "vitest";
import {
  amountProblem,
  isInstructionId,
  isValidMessage,
  isValidPayeePaymentReference,
  isValidPayerAlias,
  newInstructionId,
  oreToSwishAmount,
  parseSwishCallback,
  swishAmountToOre,
} from "./client";
import { swishAppUrl, swishPrefilledQrPayload, swishQrPayload } from "./swish-app-link";

describe("instruction ids", () => {
  it("are 32 upper-case hex characters and different each time", () => {
    const a = newInstructionId();
    expect(a).toMatch(/^[0-9A-F]{32}$/);
    expect(newInstructionId()).not.toBe(a);
    expect(isInstructionId(a)).toBe(true);
    expect(isInstructionId(a.toLowerCase())).toBe(false);
    expect(isInstructionId(`${a}0`)).toBe(false);
    expect(isInstructionId("11A86BE70EA346E4B1C39C874173F088".replace("A", "-"))).toBe(false);
  });
});

describe("field rules", () => {
  it("payer alias: 8–15 digits, no leading zero", () => {
    expect(isValidPayerAlias("46712345678")).toBe(true);
    expect(isValidPayerAlias("12345678")).toBe(true);
    expect(isValidPayerAlias("123456789012345")).toBe(true);
    expect(isValidPayerAlias("1234567")).toBe(false);
    expect(isValidPayerAlias("1234567890123456")).toBe(false);
    expect(isValidPayerAlias("0712345678")).toBe(false);
    expect(isValidPayerAlias("+46712345678")).toBe(false);
    expect(isValidPayerAlias("4671234567a")).toBe(false);
  });

  it("message: at most 50 allowed characters", () => {
    expect(isValidMessage("Gåva till minne av Åke Öberg: tack! (2026)")).toBe(true);
    expect(isValidMessage(':;.,?!()-"')).toBe(true);
    expect(isValidMessage("")).toBe(true);
    expect(isValidMessage("a".repeat(50))).toBe(true);
    expect(isValidMessage("a".repeat(51))).toBe(false);
    expect(isValidMessage("50% rabatt")).toBe(false);
    expect(isValidMessage("hej@example.org")).toBe(false);
    expect(isValidMessage("rad\nbrytning")).toBe(false);
  });

  it("payee payment reference: 1–35 letters, digits or hyphens", () => {
    expect(isValidPayeePaymentReference("GAVA-2026-åäö-123")).toBe(true);
    expect(isValidPayeePaymentReference("x".repeat(35))).toBe(true);
    expect(isValidPayeePaymentReference("x".repeat(36))).toBe(false);
    expect(isValidPayeePaymentReference("")).toBe(false);
    expect(isValidPayeePaymentReference("a b")).toBe(false);
    expect(isValidPayeePaymentReference("a_b")).toBe(false);
  });

  it("amount: decimal string with up to two decimals within 1.00–999999999999.99", () => {
    expect(amountProblem("1")).toBeNull();
    expect(amountProblem("1.00")).toBeNull();
    expect(amountProblem("100.5")).toBeNull();
    expect(amountProblem("999999999999.99")).toBeNull();
    expect(amountProblem("0.99")).toBe("AM06");
    expect(amountProblem("0")).toBe("AM06");
    expect(amountProblem("1000000000000")).toBe("AM02");
    expect(amountProblem("1.001")).toBe("PA02");
    expect(amountProblem("1,00")).toBe("PA02");
    expect(amountProblem("-5")).toBe("PA02");
    expect(amountProblem("01")).toBe("PA02");
    expect(amountProblem("1e3")).toBe("PA02");
    expect(amountProblem("")).toBe("PA02");
  });

  it("converts between öre and Swish amounts without float errors", () => {
    expect(oreToSwishAmount(10050)).toBe("100.50");
    expect(oreToSwishAmount(5)).toBe("0.05");
    expect(oreToSwishAmount(100)).toBe("1.00");
    expect(() => oreToSwishAmount(1.5)).toThrow(RangeError);
    expect(swishAmountToOre("100.5")).toBe(10050);
    expect(swishAmountToOre("0.07")).toBe(7);
    expect(swishAmountToOre(0.29)).toBe(29);
    expect(swishAmountToOre(1234.1)).toBe(123410);
  });
});

describe("app switch", () => {
  it("builds the swish:// link with both parameters URL-encoded", () => {
    expect(swishAppUrl("abc123", "https://example.org/gava/tack?id=1&x=å")).toBe(
      "swish://paymentrequest?token=abc123&callbackurl=https%3A%2F%2Fexample.org%2Fgava%2Ftack%3Fid%3D1%26x%3D%C3%A5",
    );
    expect(swishQrPayload("c28a4061470f4af48973bd2a4642b4fa")).toBe("Dc28a4061470f4af48973bd2a4642b4fa");
  });

  it("prints a prefilled code only with a message Swish takes (the notes' RP02 rule) and a 10-digit number", () => {
    // Number and message locked, the empty amount the donor's to fill in (mask 2).
    expect(swishPrefilledQrPayload("1231181189", "Galan")).toBe("C1231181189;;Galan;2");
    expect(() => swishPrefilledQrPayload("1231181189", "Gala; 2026")).toThrow();
    expect(() => swishPrefilledQrPayload("1231181189", "Galan ❤")).toThrow();
    expect(() => swishPrefilledQrPayload("1231181189", "x".repeat(51))).toThrow();
    expect(() => swishPrefilledQrPayload("123 118 11 89", "Galan")).toThrow();
  });
});

describe("parseSwishCallback", () => {
  const body = {
    id: "AB23D7406ECE4542A80152D909EF9F6B",
    payeePaymentReference: "0123456789",
    paymentReference: "6D6CD7406ECE4542A80152D909EF9F6B",
    callbackUrl: "https://example.org/api/swishcb/paymentrequests",
    payerAlias: "4671234768",
    payeeAlias: "1231181189",
    amount: 100.0,
    currency: "SEK",
    message: "Kingston USB Flash Drive 8 GB",
    status: "PAID",
    dateCreated: "2019-01-02T14:29:51.092Z",
    datePaid: "2019-01-02T14:29:55.093Z",
    errorCode: null,
    errorMessage: "",
    callbackIdentifier: "11A86BE70EA346E4B1C39C874173F088",
  };

  it("returns the typed object, dropping unknown fields and filling missing ones with null", () => {
    const { errorMessage: _e, ...withoutErrorMessage } = body;
    const parsed = parseSwishCallback(withoutErrorMessage);
    expect(parsed.status).toBe("PAID");
    expect(parsed.amount).toBe(100);
    expect(parsed.errorMessage).toBeNull();
    expect(parsed).not.toHaveProperty("callbackIdentifier");
  });

  it("accepts the amount as a string too", () => {
    expect(parseSwishCallback({ ...body, amount: "100.50" }).amount).toBe(100.5);
  });

  it("rejects bodies that are not a payment request, naming the bad fields", () => {
    expect(() => parseSwishCallback({ ...body, status: "DONE" })).toThrow(/status/);
    expect(() => parseSwishCallback({ ...body, currency: "EUR" })).toThrow(/currency/);
    expect(() => parseSwishCallback({ ...body, id: undefined })).toThrow(/id/);
    expect(() => parseSwishCallback("PAID")).toThrow(/Invalid Swish callback/);
    expect(() => parseSwishCallback(undefined)).toThrow(/Invalid Swish callback/);
  });
});
