import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../site/site-config";
import { receiptMail } from "./receipt";
import { receiptDocument, thankYouCard } from "./receipt-document";
import { invoiceDocument } from "./invoice";
import { testGift } from "#tests/support/test-gift";
import type { PaymentRow } from "../payments/payment-repository";

const site = loadSiteConfig({});
const gift = testGift();

describe("document requests", () => {
  it("builds the receipt from the e-mail's own blocks, without its web link", () => {
    const request = receiptDocument(gift, site);
    if (request.kind !== "receipt") throw new Error(request.kind);
    const { data } = request;
    const mail = receiptMail(gift, site, "").text;
    expect(data.greeting).toBe("Hej Astrid Exempel,");
    expect(data.factsHeading).toBe("Kvitto");
    expect(data.facts.map(([label]) => label)).toEqual(["Typ", "Belopp", "Datum", "Ordernummer", "Mottagare"]);
    for (const [label, value] of data.facts) expect(mail).toContain(`${label}: ${value}`);
    for (const paragraph of [...data.intro, ...data.outro]) expect(mail).toContain(paragraph);
    expect(data.outro.join(" ")).not.toContain("Läs mer");
    expect(data.signOff).toEqual(["Varma hälsningar,", site.name]);
    expect(data.amountOre).toBe(25_000);
  });

  it("gives the invoice its due date 30 days on and the OCR reference as the payment's", () => {
    const payment = { amount_ore: 25_000, created_at: "2026-01-15T10:00:00.000Z", provider_reference: "12345678903" } as PaymentRow;
    const request = invoiceDocument({ gift: { ...gift, donor_city: "Skövde" }, payment });
    if (request.kind !== "invoice") throw new Error(request.kind);
    expect(request.data.dueDate).toBe("2026-02-14T10:00:00.000Z");
    expect(request.data.ocr).toBe("12345678903");
    expect(request.data.recipient).toEqual({ name: "Astrid Exempel", street: null, postalCode: null, city: "Skövde" });
  });

  it("thanks the donor by first name on the card", () => {
    expect(thankYouCard(gift)).toEqual({
      kind: "thank-you-card",
      data: { firstName: "Astrid", amountOre: 25_000, date: "2026-01-15T10:01:00.000Z" },
    });
  });
});
