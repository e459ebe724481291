import { describe, expect, it } from "vitest";
import { createDocumentEngine } from "../document-engine.server";
import { inspectPdf, type TextRun } from "#tests/support/pdf-inspect";
import { decodePng, type PngImage } from "#tests/support/png-inspect";
import { PAGE_SIZES, type PageSize } from "../primitives";
import { loadSiteConfig } from "#core/site/site-config";
import { cardCatalogue } from "#core/cards/card-catalogue";
import { themeFor } from "../design/theme";
import type { DocumentRequest, GiftDocumentData } from "#core/documents/document-renderer";
import { RECIPIENT_NAME_MAX_CHARACTERS, SIGNATURE_MAX_CHARACTERS, TEXT_MAX_CHARACTERS } from "#core/gift-documents/gift-documents";
import { CARD_GREETING_MAX_CHARACTERS, CARD_NAME_MAX_CHARACTERS } from "#core/cards/card-design";
import { GREETING_MAX_CHARACTERS, SIGNATURE_MAX_CHARACTERS as SHEET_SIGNATURE_MAX } from "#core/memorial/sheet-designs";
import { CITY_MAX, PERSON_NAME_MAX, STREET_MAX } from "#core/text/text-fields";
import { COMPANY_NAME_MAX } from "#core/companies/company-gift-form";
import { statementGuidance } from "#core/companies/company-statement";
import type { CompanyYear } from "#core/companies/company-years";
import { FIRST_PAGE_ROWS } from "./company-statement";

/** A wide logo, as a company would upload it (sanitised SVG). */
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="80" viewBox="0 0 300 80"><rect width="300" height="80" rx="12" fill="#0b3d6b"></rect><circle cx="40" cy="40" r="24" fill="#f2c14e"></circle></svg>`;

/**
 * Issue #30.6: every document holds the longest text its forms accept –
 * names of the most characters, a word without a break as long as the field,
 * the longest greeting – inside its frame, and nothing drawn over anything
 * else. In the PDF each run of text is measured from its font's widths
 * (tests/support/pdf-inspect.ts): inside the frame, overlapping no other run.
 * In the PNG, the margins outside the frame hold no ink. Every test failed
 * before the fix: a long word ran out of the frame on every template (in both
 * formats), the certificate's signature was drawn over the date, the greeting
 * card's foot was pushed off the card and the member card's name over its
 * number.
 */
const site = loadSiteConfig({});
const engine = createDocumentEngine(site);
const background = themeFor(site).colour.background;

/** One unbroken word of `n` characters, of Swedish letters. */
const word = (n: number) => "Hjärtlungforskningsstiftelsens".repeat(Math.ceil(n / 30)).slice(0, n);
/** Words of ordinary length, `n` characters in all. */
const words = (n: number) => "Margareta Elisabet Lindqvist-Öberg Andersson Johansson Karlsson Nilsson Eriksson Ågren Östberg Wallin".repeat(3).slice(0, n).trimEnd().padEnd(n, "x");

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
interface Case {
  name: string;
  request: DocumentRequest;
  size: PageSize;
  /** Where text may be drawn, in points from the top left. */
  frame: Rect;
  /** Margins outside the frame that hold no art, so no ink either. */
  margins: Rect[];
}

const giftDocument = (long: (n: number) => string): GiftDocumentData => ({
  design: "lager",
  heading: "Grattis på födelsedagen",
  recipientName: long(RECIPIENT_NAME_MAX_CHARACTERS),
  text: long(TEXT_MAX_CHARACTERS),
  signature: long(SIGNATURE_MAX_CHARACTERS),
  amountOre: 123_456_700,
  reference: "0123456789ABCDEFGHJKMNPQRS",
  date: "2026-11-23T10:00:00.000Z",
  card: null,
});

function cases(long: (n: number) => string): Case[] {
  const a4 = PAGE_SIZES.A4;
  const a5 = PAGE_SIZES.A5;
  const card = PAGE_SIZES.card;
  const greetingCard = cardCatalogue().cardByCode("JUL_24_12")!;
  // The certificate's and diploma's inner frame is 32 pt in; the margins are outside the outer one (24 pt), clear of the corner hearts.
  const framed: Pick<Case, "size" | "frame" | "margins"> = {
    size: "A4",
    frame: { left: 33, top: 33, right: a4.width - 33, bottom: a4.height - 33 },
    margins: [
      { left: 0, top: 40, right: 18, bottom: a4.height - 40 },
      { left: a4.width - 18, top: 40, right: a4.width, bottom: a4.height - 40 },
    ],
  };
  const letter: Pick<Case, "size" | "frame" | "margins"> = {
    size: "A4",
    frame: { left: 40, top: 20, right: a4.width - 40, bottom: a4.height - 20 },
    margins: [
      { left: 0, top: 20, right: 40, bottom: a4.height },
      { left: a4.width - 40, top: 20, right: a4.width, bottom: a4.height },
    ],
  };
  return [
    { name: "gift certificate", request: { kind: "gift-certificate", data: giftDocument(long) }, ...framed },
    {
      name: "company certificate",
      request: {
        kind: "company-certificate",
        data: {
          companyName: long(COMPANY_NAME_MAX),
          amountOre: 500_000_000,
          date: "2026-11-23T10:00:00.000Z",
          reference: "0123456789ABCDEFGHJKMNPQRS",
          logo: { src: `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString("base64")}`, width: 300, height: 80 },
        },
      },
      ...framed,
    },
    { name: "diploma", request: { kind: "diploma", data: { ...giftDocument(long), design: "sigill" } }, ...framed },
    {
      name: "gift card",
      request: { kind: "gift-card", data: { ...giftDocument(long), design: "hjartan", card: greetingCard.design } },
      size: "A5",
      frame: { left: 24, top: 0, right: a5.width - 24, bottom: a5.height - 12 },
      margins: [
        { left: 0, top: 220, right: 24, bottom: a5.height },
        { left: a5.width - 24, top: 220, right: a5.width, bottom: a5.height },
      ],
    },
    {
      name: "greeting card",
      request: {
        kind: "greeting-card",
        data: {
          cardCode: greetingCard.code,
          design: greetingCard.design,
          greeting: long(CARD_GREETING_MAX_CHARACTERS),
          recipientName: long(CARD_NAME_MAX_CHARACTERS),
          giverName: long(CARD_NAME_MAX_CHARACTERS),
        },
      },
      size: "card",
      frame: { left: 178, top: 12, right: card.width - 12, bottom: card.height - 8 },
      margins: [
        { left: card.width - 12, top: 0, right: card.width, bottom: card.height },
        { left: 190, top: card.height - 8, right: card.width, bottom: card.height },
      ],
    },
    {
      name: "memorial sheet",
      request: {
        kind: "memorial-sheet",
        data: { design: "lilja", deceasedName: long(PERSON_NAME_MAX), birthYear: 1931, dateOfDeath: "2026-11-20", greeting: long(GREETING_MAX_CHARACTERS), signature: long(SHEET_SIGNATURE_MAX), amountOre: 123_456_700 },
      },
      size: "A5",
      frame: { left: 22, top: 22, right: a5.width - 22, bottom: a5.height - 22 },
      margins: [
        { left: 0, top: 30, right: 12, bottom: a5.height - 30 },
        { left: a5.width - 12, top: 30, right: a5.width, bottom: a5.height - 30 },
      ],
    },
    {
      name: "member card",
      request: {
        kind: "member-card",
        data: { memberNumber: 123456, name: long(PERSON_NAME_MAX), validFrom: "2026-11-23", validUntil: "2027-11-22", renewal: false, givenBy: long(PERSON_NAME_MAX), greeting: long(200) },
      },
      ...letter,
    },
    {
      name: "invoice",
      request: {
        kind: "invoice",
        data: {
          orderReference: "DEMO0001",
          amountOre: 123_456_700,
          invoiceDate: "2026-11-23T10:00:00.000Z",
          dueDate: "2026-12-23T10:00:00.000Z",
          ocr: "1234567890123",
          recipient: { name: long(PERSON_NAME_MAX), street: long(STREET_MAX), postalCode: "123 45", city: long(CITY_MAX) },
          note: "Tack för din gåva.",
        },
      },
      ...letter,
    },
    {
      name: "company statement",
      request: {
        kind: "company-statement",
        data: {
          year: 2026,
          companyName: long(COMPANY_NAME_MAX),
          organisationsnummer: "556677-8899",
          legalForm: "Aktiebolag",
          gifts: Array.from({ length: FIRST_PAGE_ROWS }, (_, i) => ({ paidAt: `2026-0${i + 1}-15T10:00:00.000Z`, orderReference: "0123456789ABCDEFGHJKMNPQRS", amountOre: 12_345_600 })),
          qualifyingOre: 74_073_600,
          baseOre: 74_073_600,
          ceilingOre: 80_000_000,
          reductionOre: 15_259_161,
          rate: "20,6 %",
          issuedAt: "2027-01-20T10:00:00.000Z",
          // The most the statement says: the paragraph for a year over the ceiling too.
          guidance: statementGuidance(site, { tax: { year: 2026, qualifyingOre: 90_000_000, baseOre: 80_000_000 } } as CompanyYear),
        },
      },
      ...letter,
    },
  ];
}

/** The runs that overlap another by more than a hair, as "a / b". */
function overlaps(runs: TextRun[]): string[] {
  const out: string[] = [];
  runs.forEach((a, i) =>
    runs.slice(i + 1).forEach((b) => {
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (a.page === b.page && across > 1 && down > 1) out.push(`${a.text.slice(0, 30)} / ${b.text.slice(0, 30)}`);
    }),
  );
  return out;
}

/** Pixels in a rectangle (points) that are not the page's background. */
function inkIn(image: PngImage, size: PageSize, rect: Rect): number {
  const scale = image.width / PAGE_SIZES[size].width;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(background.slice(i, i + 2), 16)) as [number, number, number];
  let count = 0;
  for (let y = Math.floor(rect.top * scale); y < Math.min(image.height, Math.ceil(rect.bottom * scale)); y++) {
    for (let x = Math.floor(rect.left * scale); x < Math.min(image.width, Math.ceil(rect.right * scale)); x++) {
      const at = (y * image.width + x) * 4;
      const p = image.pixels;
      if (Math.abs(p[at]! - r) > 24 || Math.abs(p[at + 1]! - g) > 24 || Math.abs(p[at + 2]! - b) > 24) count++;
    }
  }
  return count;
}

/** Each template with the two longest kinds of text: one unbroken word as long as the field, and ordinary words as long as the field. */
const both = cases(word).map((c, i) => [c.name, [c, cases(words)[i]!]] as const);

// Two full-size renders a test, on a shared machine: more time than the default.
describe("documents with the longest text their forms accept", { timeout: 60_000 }, () => {
  it.each(both)("the %s PDF keeps every line inside its frame, none over another", async (_name, variants) => {
    for (const c of variants) {
      const pdf = inspectPdf(await engine.render(c.request, "pdf"));
      expect(pdf.pages.length).toBe(1);
      const outside = pdf.runs.filter((r) => r.left < c.frame.left || r.right > c.frame.right || r.top < c.frame.top || r.bottom > c.frame.bottom);
      expect(outside.map((r) => `${r.text.slice(0, 30)} at ${r.left.toFixed(0)}–${r.right.toFixed(0)}, ${r.top.toFixed(0)}–${r.bottom.toFixed(0)}`)).toEqual([]);
      expect(overlaps(pdf.runs)).toEqual([]);
    }
  });

  it.each(both)("the %s PNG has no ink outside its frame", async (_name, variants) => {
    for (const c of variants) {
      const image = decodePng(await engine.render(c.request, "png"));
      expect(c.margins.map((m) => inkIn(image, c.size, m))).toEqual(c.margins.map(() => 0));
    }
  });
});
