import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { createDocumentEngine } from "./document-engine.server";
import { inspectPdf } from "#tests/support/pdf-inspect";
import { decodePng, shareOfColour } from "#tests/support/png-inspect";
import { lower } from "./render/lower";
import { Box } from "./primitives";
import { loadSiteConfig } from "#core/site/site-config";
import type { DocumentRenderer, DocumentRequest } from "#core/documents/document-renderer";
import { invoiceDocument, INVOICE_NOTE } from "#core/gifts/invoice";
import { receiptDocument, thankYouCard } from "#core/gifts/receipt-document";
import { receiptMail } from "#core/gifts/receipt";
import { testGift } from "#tests/support/test-gift";
import type { PaymentRow } from "#core/payments/payment-repository";

// Another charity's identity, so nothing the tests find can be hard-coded in a template.
const site = loadSiteConfig({
  SITE_NAME: "Föreningen Ärlig Andning",
  SITE_ORG_NUMBER: "802999-1234",
  SITE_BANKGIRO: "9876-5432",
  SITE_POSTAL_ADDRESS: "Box 7, 111 22 Västerås",
  SITE_COLOUR_PRIMARY: "#0a6e3c",
});
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

const gift = testGift({
  order_reference: "DEMO0001",
  amount_ore: 123_400,
  donor_name: "Renée Öberg-Ångström",
  donor_email: "renee@exempel.se",
  donor_personnummer: "198112289874",
  donor_street: "Storgatan 12",
  donor_postal_code: "723 45",
  donor_city: "Västerås",
  created_at: "2025-12-31T23:30:00.000Z",
  updated_at: "2025-12-31T23:30:00.000Z",
  paid_at: "2025-12-31T23:30:00.000Z",
});
const payment = {
  id: "p1",
  gift_id: "g1",
  method: "invoice",
  provider: "Invoice",
  provider_reference: "1234567890123",
  status: "pending",
  amount_ore: 123_400,
  created_at: "2025-12-31T23:30:00.000Z",
} as unknown as PaymentRow;

// Not warmed up: the first render loads the fonts, as in a process that makes few documents.
const engine: DocumentRenderer = createDocumentEngine(site);

describe("invoice PDF", () => {
  it("is one A4 page in Swedish with the charity as author and everything needed to pay", async () => {
    const pdf = inspectPdf(await engine.render(invoiceDocument({ gift, payment }), "pdf"));
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]!.width).toBeCloseTo(595.28, 1);
    expect(pdf.pages[0]!.height).toBeCloseTo(841.89, 1);
    expect(pdf.lang).toBe("sv-SE");
    expect(pdf.title).toBe("Faktura – gåva DEMO0001");
    expect(pdf.author).toBe("Föreningen Ärlig Andning");
    const text = plain(pdf.text);
    for (const expected of [
      "Faktura – gåva",
      "Renée Öberg-Ångström",
      "Storgatan 12",
      "723 45 Västerås",
      "1 234 kr",
      "9876-5432",
      "1234567890123",
      // Dates on the Stockholm calendar: 23:30 UTC on New Year's Eve is 1 January there.
      "1 januari 2026",
      "31 januari 2026",
      "DEMO0001",
      INVOICE_NOTE,
      "Organisationsnummer 802999-1234",
      "Box 7, 111 22 Västerås",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Hjärtslag");
  });

  it("writes names from beyond Sweden in the fallback subsets, not as empty boxes", async () => {
    const pdf = inspectPdf(await engine.render(invoiceDocument({ gift: { ...gift, donor_name: "Łukasz Nguyễn Дмитрий" }, payment }), "pdf"));
    // Glyphs from a fallback font are drawn as runs of their own.
    expect(pdf.text.replace(/ /g, "")).toContain("ŁukaszNguyễnДмитрий");
  });

  it("leaves out the address lines a gift does not have", async () => {
    const pdf = inspectPdf(await engine.render(invoiceDocument({ gift: { ...gift, donor_street: null, donor_postal_code: null, donor_city: null }, payment }), "pdf"));
    expect(pdf.lines).toContain("Renée Öberg-Ångström");
    expect(pdf.text).not.toContain("Storgatan");
  });
});

describe("receipt PDF", () => {
  it("says what the e-mailed receipt says, except its web link", async () => {
    const pdf = inspectPdf(await engine.render(receiptDocument(gift, site), "pdf"));
    expect(pdf.title).toBe("Kvitto DEMO0001");
    expect(pdf.lang).toBe("sv-SE");
    const text = plain(pdf.text);
    const mail = receiptMail(gift, site, "https://www.exempel.se").text;
    const paragraphs = mail.split("\n\n").flatMap((block) => block.split("\n"));
    expect(paragraphs.length).toBeGreaterThan(10);
    for (const line of paragraphs.filter((p) => !p.startsWith("Läs mer"))) {
      // The "Kvitto" block is a table on paper: label and value, without the colon.
      const [label, value] = line.includes(": ") ? [line.slice(0, line.indexOf(": ")), line.slice(line.indexOf(": ") + 2)] : [line, ""];
      expect(text).toContain(plain(label));
      expect(text).toContain(plain(value));
    }
    expect(text).not.toContain("https://");
  });

  it("keeps every letter readable after other documents used the same fonts", async () => {
    // fontkit remembers a glyph by the first text it met it in: the O of "Ö" once made "DEMO0001" copy as "DEM0001".
    const other = { ...gift, donor_name: "Åsa Öberg-Ängström", order_reference: "0123456789ABCDEFGHJKMNPQRS" };
    await engine.render(invoiceDocument({ gift: other, payment }), "pdf");
    const pdf = inspectPdf(await engine.render(receiptDocument(gift, site), "pdf"));
    expect(pdf.lines.filter((line) => line.includes("DEMO0001")).length).toBeGreaterThanOrEqual(2);
  });
});

describe("thank-you card", () => {
  const request: DocumentRequest = thankYouCard(gift);

  it("is a 1200 px wide PNG in the card's proportions, in the site's colours", async () => {
    const image = decodePng(await engine.render(request, "png"));
    expect(image.width).toBe(1200);
    expect(image.height).toBe(Math.round((1200 * 297.64) / 419.53));
    // Mostly the paper colour, but with the brand colour's heart and dark text on it: not blank.
    expect(shareOfColour(image, site.colours.surface)).toBeGreaterThan(0.5);
    expect(shareOfColour(image, site.colours.primary)).toBeGreaterThan(0.02);
    expect(shareOfColour(image, site.colours.text, 40)).toBeGreaterThan(0.003);
  });

  it("is the same design as a postcard-sized PDF", async () => {
    const pdf = inspectPdf(await engine.render(request, "pdf"));
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]!.width).toBeCloseTo(419.53, 1);
    expect(pdf.pages[0]!.height).toBeCloseTo(297.64, 1);
    expect(plain(pdf.text)).toContain("Tack, Renée!");
    expect(plain(pdf.text)).toContain("Din gåva på 1 234 kr går till forskning");
    expect(plain(pdf.text)).toContain("Föreningen Ärlig Andning");
  });
});

describe("templates", () => {
  it("may use only the primitives both renderers understand", () => {
    const target = { build: () => null };
    expect(() => lower(createElement(Box, null, createElement("div", null, "x")), target)).toThrow(/not a document primitive/);
  });
});
