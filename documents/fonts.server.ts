import fs from "node:fs";
import { createRequire } from "node:module";
import zlib from "node:zlib";

/**
 * The typefaces every document uses, read from the @fontsource packages in
 * node_modules (never downloaded at run time). They are located through the
 * package resolver, relative to this module – in development that is the
 * source file, in production the bundled build/server-main.js – so the build
 * needs no copy of the files. WOFF, not WOFF2: satori reads only TTF, OTF and
 * WOFF.
 *
 * The WOFF files are unpacked to plain TrueType once, here, with Node's zlib:
 * fontkit (react-pdf) would otherwise inflate a table in pure JavaScript every
 * time a PDF subsets the font, which was most of a render's time.
 *
 * Each family comes in two subsets: "latin" covers Swedish (åäöé, the dashes
 * and spaces Intl prints) and "latin-ext" the rest of Europe's names. The PDF
 * renderer uses the second as a fallback family; satori falls back on its own.
 */
export const SANS = "Source Sans 3";
export const SERIF = "Lora";
export const FALLBACK_SUFFIX = " Ext";

export type FontWeight = 400 | 500 | 600 | 700;
export type FontStyle = "normal" | "italic";

export interface FontFace {
  family: string;
  weight: FontWeight;
  style: FontStyle;
  subset: "latin" | "latin-ext";
  /** TrueType (sfnt) bytes, unpacked from the package's WOFF file. */
  data: Buffer;
}

const FACES: { family: string; pkg: string; weights: FontWeight[]; styles: FontStyle[] }[] = [
  { family: SANS, pkg: "source-sans-3", weights: [400, 600, 700], styles: ["normal"] },
  { family: SERIF, pkg: "lora", weights: [500, 600], styles: ["normal", "italic"] },
];

/** Reads the font files; call once when the engine is built. */
export function loadFontFaces(): FontFace[] {
  const require = createRequire(import.meta.url);
  const faces: FontFace[] = [];
  for (const { family, pkg, weights, styles } of FACES) {
    for (const subset of ["latin", "latin-ext"] as const) {
      for (const weight of weights) {
        for (const style of styles) {
          const file = require.resolve(`@fontsource/${pkg}/files/${pkg}-${subset}-${weight}-${style}.woff`);
          faces.push({ family, weight, style, subset, data: woffToSfnt(fs.readFileSync(file)) });
        }
      }
    }
  }
  return faces;
}

/** WOFF 1.0 to the sfnt it wraps: the same tables, inflated, behind a plain table directory. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("Not a WOFF 1.0 font");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? zlib.inflateSync(raw) : raw };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const chunks: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    header.writeUInt32BE(table.tag, 12 + i * 16);
    header.writeUInt32BE(table.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(table.data.length, 24 + i * 16);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    chunks.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(chunks);
}
