import { describe, expect, it } from "vitest";
import { createDocumentEngine } from "../document-engine.server";
import { inspectPdf } from "#tests/support/pdf-inspect";
import { decodePng } from "#tests/support/png-inspect";
import { PAGE_SIZES } from "../primitives";
import { loadSiteConfig } from "#core/site/site-config";
import { cardCatalogue } from "#core/cards/card-catalogue";
import type { GiftDocumentData } from "#core/documents/document-renderer";

// Another charity's identity, so nothing found here can be hard-coded in the template.
const site = loadSiteConfig({ SITE_NAME: "Föreningen Ärlig Andning" });
const engine = createDocumentEngine(site);
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ");

const data = (card: string | null): GiftDocumentData => ({
  design: "hjartan",
  heading: "God jul",
  recipientName: "Margareta Lindqvist",
  text: "God jul, mamma!\nEn gåva för fler friska år.",
  signature: "Anna och Per",
  amountOre: 50_000,
  reference: "0123456789ABCDEFGHJKMNPQRS",
  date: "2026-11-23T10:00:00.000Z",
  card: card === null ? null : cardCatalogue().cardByCode(card)!.design,
});

/** The top third of the page, where the art is: the rows as one string to compare. */
function artRows(png: Buffer): string {
  const image = decodePng(png);
  const rows = Math.floor(image.height / 3);
  return Buffer.from(image.pixels.subarray(0, rows * image.width * 4)).toString("base64");
}

describe("the gift card with a card from the catalogue", () => {
  it("is one A5 page with the amount, the names and the reference, whichever art it wears", async () => {
    for (const card of ["JUL_24_12", "GRATULATION_03", null]) {
      const pdf = inspectPdf(await engine.render({ kind: "gift-card", data: data(card) }, "pdf"));
      expect(pdf.pages, String(card)).toHaveLength(1);
      expect(pdf.pages[0]!.width).toBeCloseTo(PAGE_SIZES.A5.width, 0);
      const text = plain(pdf.text);
      expect(text).toContain("Till Margareta Lindqvist");
      expect(text).toContain("En gåva på 500 kr till forskningen om hjärt- och lungsjukdomar har getts i ditt namn.");
      expect(text).toContain("Från Anna och Per");
      expect(text).toContain("nr 0123456789ABCDEFGHJKMNPQRS");
      expect(text).toContain("Föreningen Ärlig Andning");
    }
  });

  it("draws each card's own art at the top, and the band of older cards without one", async () => {
    const tops = await Promise.all(["JUL_24_12", "GRATULATION_03", "TACK_02", null].map(async (card) => artRows(await engine.render({ kind: "gift-card", data: data(card) }, "png"))));
    expect(new Set(tops).size).toBe(4);
  });
});
