import { describe, expect, it } from "vitest";
import { createDocumentEngine } from "./document-engine.server";
import { loadFontFaces } from "./fonts.server";
import { fontCodePoints } from "#tests/support/font-cmap";
import { inspectPdf } from "#tests/support/pdf-inspect";
import { isPrintableCodePoint, PRINTABLE_RANGES } from "#core/text/printable-characters";
import { loadSiteConfig } from "#core/site/site-config";
import { cardCatalogue } from "#core/cards/card-catalogue";
import { plainText } from "#core/text/plain-text";

/**
 * Decision 0040: a text field accepts exactly the characters every document
 * font draws. core/text/printable-characters.ts writes the ranges out (core
 * reads no font files); this reads the fonts the engine loads and fails when
 * the two disagree – after a font package is updated or a subset added –
 * printing the table to paste.
 */
function rangesOf(points: number[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const point of points) {
    const last = ranges[ranges.length - 1];
    if (last && last[1] === point - 1) last[1] = point;
    else ranges.push([point, point]);
  }
  return ranges;
}

const hex = (n: number) => `0x${n.toString(16)}`;

describe("the characters the document fonts draw", () => {
  it("are the table core checks text against: what every face of both families has", () => {
    const byFace = new Map<string, Set<number>>();
    for (const face of loadFontFaces()) {
      const key = `${face.family} ${face.weight} ${face.style}`;
      const points = byFace.get(key) ?? new Set<number>();
      for (const point of fontCodePoints(face.data)) points.add(point);
      byFace.set(key, points);
    }
    const [first, ...rest] = [...byFace.values()];
    const common = [...first!].filter((point) => rest.every((points) => points.has(point)) && point >= 0x20).sort((a, b) => a - b);
    const table = rangesOf(common).map(([a, b]) => `[${hex(a)}, ${hex(b)}]`).join(", ");
    expect(table, "paste this into core/text/printable-characters.ts").toBe(PRINTABLE_RANGES.map(([a, b]) => `[${hex(a)}, ${hex(b)}]`).join(", "));
  });

  it("leave out what the decision refuses: emoji, Greek, Hebrew, Arabic, CJK, separators and zero-width characters", () => {
    for (const point of [0x1f600, 0x2764, 0x3b1, 0x5d0, 0x627, 0x5c71, 0x2028, 0x2029, 0x200b, 0x200d, 0xfeff]) expect(isPrintableCodePoint(point), hex(point)).toBe(false);
    for (const point of [..."Åsa Öberg Łukasz Nguyễn Дмитрий ß ÿ – … € ’"].map((c) => c.codePointAt(0)!)) expect(isPrintableCodePoint(point), hex(point)).toBe(true);
  });
});

describe("a text of accepted characters from every script", () => {
  const engine = createDocumentEngine(loadSiteConfig({}));
  const card = cardCatalogue().cardByCode("JUL_24_12")!;
  // Swedish, the rest of Latin, Vietnamese, Cyrillic and the punctuation a donor types; each passes the form's rules.
  const samples = ["Åsa Öberg", "Łukasz Żółć", "Şükrü Ğ", "Nguyễn Thị Ánh", "Дмитрий Ёж", "Ґанна", "Æøß ÿ", "„citat” – … € ™ №"];
  const request = (greeting: string) => ({ kind: "greeting-card" as const, data: { cardCode: card.code, design: card.design, greeting, recipientName: "Anna", giverName: "Bo" } });

  it("is accepted by the fields", () => {
    for (const sample of samples) expect(plainText({ max: 100, tooLong: "" }).safeParse(sample).success, sample).toBe(true);
  });

  it("prints in the PDF with every character's own glyph (a reader copies it back as written)", async () => {
    // A font change (a fallback subset) starts a run of its own: the runs together are the text.
    const text = inspectPdf(await engine.render(request(samples.join("\n")), "pdf")).lines.join("").replace(/\s/g, "");
    for (const sample of samples) expect(text).toContain(sample.replace(/\s/g, ""));
  });

  it("draws the characters in the PNG, where emoji, CJK and Hebrew would be the empty box of a missing glyph", async () => {
    const image = async (greeting: string) => (await engine.render({ ...request(greeting), kind: "greeting-card-thumbnail" }, "png")).toString("base64");
    // U+E000 (private use) is in no font: every letter replaced by it is what a missing glyph looks like.
    const boxes = (text: string) => text.replace(/\S/gu, "\ue000");
    for (const sample of ["Łukasz Żółć", "Nguyễn Thị Ánh", "Дмитрий Ёж", "„citat” – … €"]) expect(await image(sample), sample).not.toBe(await image(boxes(sample)));
    for (const refused of ["😀😀", "山田", "שלום"]) expect(await image(refused), refused).toBe(await image(boxes(refused)));
  });
});
