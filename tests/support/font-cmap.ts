/**
 * The code points a TrueType/OpenType font (sfnt bytes) maps to a glyph, from
 * its cmap table's Unicode subtables (formats 4 and 12), for tests that check
 * what the document fonts can draw. Pure JavaScript, no font library.
 */
export function fontCodePoints(sfnt: Buffer): Set<number> {
  const numTables = sfnt.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < numTables; i++) {
    if (sfnt.toString("latin1", 12 + i * 16, 16 + i * 16) === "cmap") cmap = sfnt.readUInt32BE(20 + i * 16);
  }
  if (cmap < 0) throw new Error("The font has no cmap table");
  const points = new Set<number>();
  const subtables = sfnt.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const platform = sfnt.readUInt16BE(cmap + 4 + i * 8);
    const encoding = sfnt.readUInt16BE(cmap + 6 + i * 8);
    if (!(platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10)))) continue;
    const at = cmap + sfnt.readUInt32BE(cmap + 8 + i * 8);
    const format = sfnt.readUInt16BE(at);
    if (format === 4) readFormat4(sfnt, at, points);
    else if (format === 12) readFormat12(sfnt, at, points);
  }
  return points;
}

function readFormat4(sfnt: Buffer, at: number, points: Set<number>): void {
  const segments = sfnt.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const offsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = sfnt.readUInt16BE(ends + s * 2);
    const start = sfnt.readUInt16BE(starts + s * 2);
    const delta = sfnt.readInt16BE(deltas + s * 2);
    const offset = sfnt.readUInt16BE(offsets + s * 2);
    for (let code = start; code <= end && code !== 0xffff; code++) {
      const glyph = offset === 0 ? (code + delta) & 0xffff : glyphAt(sfnt, offsets + s * 2 + offset + (code - start) * 2, delta);
      if (glyph !== 0) points.add(code);
    }
  }
}

function glyphAt(sfnt: Buffer, at: number, delta: number): number {
  const glyph = sfnt.readUInt16BE(at);
  return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
}

function readFormat12(sfnt: Buffer, at: number, points: Set<number>): void {
  const groups = sfnt.readUInt32BE(at + 12);
  for (let g = 0; g < groups; g++) {
    const start = sfnt.readUInt32BE(at + 16 + g * 12);
    const end = sfnt.readUInt32BE(at + 20 + g * 12);
    const glyph = sfnt.readUInt32BE(at + 24 + g * 12);
    for (let code = start; code <= end; code++) if (glyph + code - start !== 0) points.add(code);
  }
}
