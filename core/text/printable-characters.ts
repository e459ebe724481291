/**
 * The characters every document font can draw (decision 0040): the code
 * points that Source Sans 3 and Lora, in every weight and style the
 * templates use, both have a glyph for, across the @fontsource subsets the
 * document engine loads (documents/fonts.server.ts). A text a person writes
 * may be printed in either family, so only what both draw is accepted.
 * That is Latin with its extensions (Swedish, the Nordic and other European
 * languages, Vietnamese), Cyrillic, and the common punctuation, dashes,
 * quotes and currency signs; not emoji, Greek (Lora has none), Hebrew,
 * Arabic or CJK, which would print as empty boxes or wrong glyphs.
 *
 * Inclusive [first, last] ranges, sorted. Written out here because core may
 * not read font files (and the browser checks forms with it too);
 * documents/font-coverage.test.ts reads the fonts and fails when this table
 * and the fonts disagree, printing the table to paste here.
 */
export const PRINTABLE_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], [0xa0, 0xac], [0xae, 0x137], [0x139, 0x17f], [0x18f, 0x18f], [0x192, 0x192], [0x1a0, 0x1a1], [0x1af, 0x1b0],
  [0x1b7, 0x1b7], [0x1cd, 0x1ce], [0x1d3, 0x1d4], [0x1e4, 0x1e7], [0x1ee, 0x1ef], [0x1fe, 0x1ff], [0x218, 0x21b], [0x21e, 0x21f],
  [0x237, 0x237], [0x259, 0x259], [0x292, 0x292], [0x2bb, 0x2bc], [0x2c6, 0x2c7], [0x2c9, 0x2c9], [0x2da, 0x2da], [0x2dc, 0x2dd],
  [0x300, 0x301], [0x303, 0x304], [0x308, 0x309], [0x323, 0x323], [0x400, 0x45f], [0x490, 0x491], [0x4b0, 0x4b1], [0x1e80, 0x1e85],
  [0x1e9e, 0x1e9e], [0x1ea0, 0x1ef9], [0x2013, 0x2014], [0x2018, 0x201a], [0x201c, 0x201e], [0x2020, 0x2020], [0x2022, 0x2022], [0x2026, 0x2026],
  [0x2032, 0x2033], [0x2039, 0x203a], [0x2044, 0x2044], [0x20ac, 0x20ac], [0x20ae, 0x20ae], [0x20b4, 0x20b4], [0x20b8, 0x20b8], [0x20ba, 0x20ba],
  [0x20bd, 0x20bd], [0x2113, 0x2113], [0x2116, 0x2116], [0x2122, 0x2122], [0x2212, 0x2212], [0x2215, 0x2215],
];

/** Whether the document fonts draw this code point (binary search in PRINTABLE_RANGES). */
export function isPrintableCodePoint(codePoint: number): boolean {
  let low = 0;
  let high = PRINTABLE_RANGES.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = PRINTABLE_RANGES[middle]!;
    if (codePoint < first) high = middle - 1;
    else if (codePoint > last) low = middle + 1;
    else return true;
  }
  return false;
}
