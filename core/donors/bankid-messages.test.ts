import { describe, expect, it } from "vitest";
import { bankIdErrorMessage, bankIdUserMessage, RFA } from "./bankid-messages";

describe("bankIdUserMessage", () => {
  it.each([
    ["pending", "outstandingTransaction", true, "RFA13"],
    ["pending", "outstandingTransaction", false, "RFA1"],
    ["pending", "noClient", true, "RFA1"],
    ["pending", "noClient", false, "RFA1"],
    ["pending", "started", false, "RFA15B"],
    ["pending", "userMrtd", false, "RFA23"],
    ["pending", "userCallConfirm", false, "RFA21"],
    ["pending", "userSign", false, "RFA9"],
    ["pending", "somethingNew", false, "RFA21"],
    ["pending", undefined, false, "RFA21"],
    ["failed", "expiredTransaction", false, "RFA8"],
    ["failed", "certificateErr", false, "RFA16"],
    ["failed", "userCancel", false, "RFA6"],
    ["failed", "cancelled", false, "RFA3"],
    ["failed", "startFailed", true, "RFA17A"],
    ["failed", "startFailed", false, "RFA17B"],
    ["failed", "somethingNew", false, "RFA22"],
  ] as const)("%s/%s (same device: %s) → %s", (status, hintCode, sameDevice, code) => {
    expect(bankIdUserMessage(status, hintCode, sameDevice)).toEqual({ code, text: RFA[code] });
  });

  it("has no message for a completed order", () => {
    expect(bankIdUserMessage("complete", undefined, true)).toBe(null);
  });

  it("uses BankID's wording", () => {
    expect(RFA.RFA1).toBe("Starta BankID-appen.");
    expect(RFA.RFA13).toBe("Försöker starta BankID-appen.");
    expect(RFA.RFA9).toBe("Skriv in din säkerhetskod i BankID-appen och välj Identifiera eller Skriv under.");
    expect(RFA.RFA8.startsWith("BankID-appen svarar inte. Kontrollera att den är startad och att du har internetanslutning.")).toBe(true);
  });
});

describe("bankIdErrorMessage", () => {
  it.each([
    ["alreadyInProgress", "RFA4"],
    ["internalError", "RFA5"],
    ["maintenance", "RFA5"],
    ["requestTimeout", "RFA5"],
    ["invalidParameters", "RFA22"],
    ["unauthorized", "RFA22"],
    ["notFound", "RFA22"],
    ["unexpectedResponse", "RFA22"],
  ] as const)("%s → %s", (errorCode, code) => {
    expect(bankIdErrorMessage(errorCode).code).toBe(code);
  });
});
