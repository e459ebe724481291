/**
 * Estimates of how many rows a text takes in a box, from its length: the
 * templates size names and greetings with them so that the longest text a
 * form accepts still fits its part of the page (issue #30.6). Both renderers
 * wrap on their own and break a word that is wider than its box
 * (render/pdf.server.tsx, render/png.server.tsx); these only decide the size.
 */
/** Lora italic averages about half an em per character; a little more leaves room at line ends (PDF and PNG wrap differently). */
export const AVERAGE_CHARACTER_EM = 0.52;
/** Lora semibold, the names' face, is wider. */
const NAME_CHARACTER_EM = 0.56;

export function estimatedRows(text: string, size: number, width: number, em: number = AVERAGE_CHARACTER_EM): number {
  const perRow = Math.max(1, Math.floor(width / (em * size)));
  return Math.max(1, Math.ceil([...text].length / perRow));
}

/** The largest of `sizes` (largest first) at which a name keeps to `maxRows` rows, or the smallest, with the rows it takes. */
export function fitName(name: string, sizes: readonly number[], width: number, maxRows: number): { fontSize: number; rows: number } {
  for (const fontSize of sizes) {
    const rows = estimatedRows(name, fontSize, width, NAME_CHARACTER_EM);
    if (rows <= maxRows) return { fontSize, rows };
  }
  const fontSize = sizes[sizes.length - 1]!;
  return { fontSize, rows: estimatedRows(name, fontSize, width, NAME_CHARACTER_EM) };
}
