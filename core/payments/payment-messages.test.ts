import { describe, expect, it } from "vitest";
import { paymentMessage } from "./payment-messages";

/** A membership fee "räknas inte som en gåva" (the membership page): what the donor is told about its payment says so (issue #29). */
describe("payment messages", () => {
  it("thanks for a gift, and welcomes a member for a paid membership fee", () => {
    expect(paymentMessage("paid", null).title).toBe("Tack för din gåva!");
    expect(paymentMessage("paid", null, "membership")).toMatchObject({ title: "Välkommen som medlem!", body: "Medlemsavgiften är betald." });
  });

  it("speaks of the fee, not a gift, when a membership fee is paid back", () => {
    expect(paymentMessage("refunded", null).title).toBe("Gåvan har betalats tillbaka");
    expect(paymentMessage("refunded", null, "membership").title).toBe("Medlemsavgiften har betalats tillbaka");
    for (const status of ["paid", "refunded"] as const) expect(paymentMessage(status, null, "membership").title).not.toMatch(/gåva/i);
  });

  it("tells a donor waiting on an invoice, card or bank payment what to do with that method, not to open Swish (issue #30)", () => {
    expect(paymentMessage("pending", null, "gift", "HLFSwish").body).toMatch(/Swish-appen/);
    for (const provider of ["Invoice", "Mondido", "Brite", "Drip"] as const) expect(paymentMessage("pending", null, "gift", provider).body, provider).not.toMatch(/Swish/);
    expect(paymentMessage("pending", null, "gift", "Invoice").body).toMatch(/OCR-numret/);
  });
});
