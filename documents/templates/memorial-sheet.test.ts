import { describe, expect, it } from "vitest";
import { createDocumentEngine } from "../document-engine.server";
import { inspectPdf } from "#tests/support/pdf-inspect";
import { decodePng, shareOfColour } from "#tests/support/png-inspect";
import { PAGE_SIZES } from "../primitives";
import { loadSiteConfig } from "#core/site/site-config";
import { memorialSheetData, memorialSheetDocument, type MemorialSheetInput } from "#core/memorial/memorial-sheet";
import { MEMORIAL_SHEET_DESIGNS } from "#core/memorial/sheet-designs";
import { fitGreeting, nameSize } from "./memorial-sheet";

// Another charity's identity, so nothing found here can be hard-coded in the template.
const site = loadSiteConfig({ SITE_NAME: "Föreningen Ärlig Andning", SITE_COLOUR_PRIMARY: "#0a6e3c" });
const engine = createDocumentEngine(site);
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ");

const sheet: MemorialSheetInput = {
  design: "lilja",
  deceasedName: "Märta Öberg-Ångström",
  birthYear: 1938,
  dateOfDeath: "2026-11-14",
  greeting: "Tack för alla år.\nVi saknar dig – Åsa och Örjan",
  signature: "Åsa och Örjan Lindqvist",
  showAmount: false,
  amountOre: 50_000,
};

describe("memorial sheet", () => {
  it("is one A5 portrait page with the words, in Swedish letters, and no amount unless chosen", async () => {
    const pdf = inspectPdf(await engine.render(memorialSheetDocument(sheet), "pdf"));
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]!.width).toBeCloseTo(PAGE_SIZES.A5.width, 0);
    expect(pdf.pages[0]!.height).toBeCloseTo(PAGE_SIZES.A5.height, 0);
    expect(pdf.lang).toBe("sv-SE");
    expect(pdf.title).toBe("Till minne av Märta Öberg-Ångström");
    const text = plain(pdf.text);
    // Set in small capitals on the page.
    expect(text.toLowerCase()).toContain("till minne av");
    for (const expected of [
      "Märta Öberg-Ångström",
      "1938 – 14 november 2026",
      "En minnesgåva har lämnats till forskningen om hjärt- och lungsjukdomar genom Föreningen Ärlig Andning.",
      "Tack för alla år.",
      "Vi saknar dig – Åsa och Örjan",
      "Hälsningar",
      "Åsa och Örjan Lindqvist",
      "Föreningen Ärlig Andning",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("kr");
    // The giver's line break is kept: the two lines are drawn apart.
    expect(pdf.lines.some((line) => line.includes("Tack för alla år.") && line.includes("Vi saknar dig"))).toBe(false);
  });

  it("shows the amount when the donor chose to", async () => {
    const text = plain(inspectPdf(await engine.render(memorialSheetDocument({ ...sheet, showAmount: true }), "pdf")).text);
    expect(text).toContain("En minnesgåva på 500 kr har lämnats");
  });

  it.each(MEMORIAL_SHEET_DESIGNS)("draws the %s design as PDF and as a PNG of the page's shape", async (design) => {
    const request = memorialSheetDocument({ ...sheet, design });
    const pdf = await engine.render(request, "pdf");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const png = decodePng(await engine.render(request, "png"));
    expect(png.width).toBe(840);
    expect(png.height / png.width).toBeCloseTo(PAGE_SIZES.A5.height / PAGE_SIZES.A5.width, 2);
    // Mostly paper, with the site's colour in the art and the rule.
    expect(shareOfColour(png, "#ffffff")).toBeGreaterThan(0.6);
    expect(shareOfColour(png, "#0a6e3c", 40)).toBeGreaterThan(0.0005);
  });

  it("draws the four designs differently", async () => {
    const images = await Promise.all(MEMORIAL_SHEET_DESIGNS.map((design) => engine.render(memorialSheetDocument({ ...sheet, design }), "png")));
    expect(new Set(images.map((image) => image.toString("base64"))).size).toBe(4);
  });

  it("fits a 300-character greeting and a long name on the page", async () => {
    const greeting = "Kära Margareta, du var ljuset i vår trappuppgång och i våra liv. ".repeat(5).slice(0, 300);
    const name = "Maximiliana Wilhelmina Charlotta Östergren-Åkerlund af Ödmark";
    const pdf = inspectPdf(await engine.render(memorialSheetDocument({ ...sheet, deceasedName: name, greeting, showAmount: true }), "pdf"));
    expect(pdf.pages).toHaveLength(1);
    const text = plain(pdf.text);
    expect(text).toContain(name);
    expect(text).toContain(plain(greeting.trim()).slice(-40));
    expect(text).toContain("Föreningen Ärlig Andning");
  });

  it("sets long words smaller and joins too many short lines rather than overflowing", () => {
    expect(nameSize("Eva Ek")).toBeGreaterThan(nameSize("Maximiliana Wilhelmina Charlotta Östergren"));
    expect(fitGreeting("Vila i frid.", 150)).toEqual({ lines: ["Vila i frid."], fontSize: 15 });
    expect(fitGreeting("a\n\n\n\nb\n", 150).lines).toEqual(["a", "", "b"]);
    const long = fitGreeting("x".repeat(300), 150);
    expect(long.fontSize).toBeLessThan(15);
    const many = fitGreeting(Array.from({ length: 60 }, (_, i) => `r${i}`).join("\n"), 150);
    expect(many.lines).toHaveLength(1);
    expect(many.lines[0]).toContain("r0 / r1 / r2");
  });

  it("prints the day's post as address pages for a window envelope, each before its sheet", async () => {
    const item = (reference: string, name: string) => ({
      reference,
      dueDate: "2026-11-26",
      urgent: reference.endsWith("1"),
      address: { name: "Familjen Öberg", street: "Storgatan 1", postalCode: "111 22", city: "Västerås" },
      enclosure: "Minnesblad",
      letter: null,
      documents: [{ kind: "memorial-sheet" as const, data: memorialSheetData({ ...sheet, deceasedName: name }) }],
    });
    const pdf = inspectPdf(await engine.render({ kind: "post-batch", data: { entries: [item("REF1", "Märta Öberg"), item("REF2", "Örjan Åkesson")] } }, "pdf"));
    expect(pdf.pages).toHaveLength(4);
    for (const page of pdf.pages) expect(page.width).toBeCloseTo(PAGE_SIZES.A5.width, 0);
    const text = plain(pdf.text);
    expect(text).toContain("111 22 VÄSTERÅS");
    expect(text).toContain("Minnesblad REF1 · ska fram senast 26 november 2026 · BRÅDSKANDE");
    expect(text.indexOf("REF1")).toBeLessThan(text.indexOf("Märta Öberg"));
    expect(text.indexOf("Märta Öberg")).toBeLessThan(text.indexOf("REF2"));
    expect(text.indexOf("REF2")).toBeLessThan(text.indexOf("Örjan Åkesson"));
  });
});
