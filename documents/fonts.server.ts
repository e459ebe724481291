import fs from "node:fs";
import { createRequire } from "node:module";
import zlib from "node:zlib";

/**
 * The typefaces every document uses, read from the @fontsource packages in
 * node_modules (never downloaded at run time). They are located through the
 * package resolver, relative to this module – in development that is the
 * source file, in production the server build under build/server/ – so the build
 * needs no copy of the files. WOFF, not WOFF2: satori reads only TTF, OTF and
 * WOFF.
 *
 * The WOFF files are unpacked to plain TrueType once, here, with Node's zlib:
 * fontkit (react-pdf) would otherwise inflate a table in pure JavaScript every
 * time a PDF subsets the font, which was most of a render's time.
 *
 * Each family comes in subsets: "latin" covers Swedish (åäöé, the dashes and
 * spaces Intl prints); the others cover the rest of the names donors have
 * (Łukasz, Nguyễn, Дмитрий). Both renderers get each extra subset as a family
 * of its own, named after the template's family as fallbacks (fallbackChain).
 */
export const SANS = "Source Sans 3";
export const SERIF = "Lora";

export type FontWeight = 400 | 500 | 600 | 700;
export type FontStyle = "normal" | "italic";

export interface FontFace {
  family: string;
  weight: FontWeight;
  style: FontStyle;
  subset: string;
  /** TrueType (sfnt) bytes, unpacked from the package's WOFF file. */
  data: Buffer;
}

const FACES: { family: string; pkg: string; weights: FontWeight[]; styles: FontStyle[]; subsets: string[] }[] = [
  { family: SANS, pkg: "source-sans-3", weights: [400, 600, 700], styles: ["normal"], subsets: ["latin", "latin-ext", "vietnamese", "cyrillic", "greek"] },
  { family: SERIF, pkg: "lora", weights: [500, 600], styles: ["normal", "italic"], subsets: ["latin", "latin-ext", "vietnamese", "cyrillic"] },
];

/** The family name a face is registered under (in both renderers): the subset joins the name unless it is latin. */
export function pdfFamilyName(face: Pick<FontFace, "family" | "subset">): string {
  return face.subset === "latin" ? face.family : `${face.family} ${face.subset}`;
}

/**
 * The families react-pdf tries in turn for a template's font: its own subsets.
 * (Not the sans serif's after the serif's: react-pdf loads every family in the
 * chain in the run's weight and style, and Source Sans is here without italics.)
 */
export function fallbackChain(family: string): string[] {
  const own = FACES.find((f) => f.family === family);
  return own ? own.subsets.map((subset) => pdfFamilyName({ family, subset })) : [family];
}

/** Reads the font files; call once when the engine is built. */
export function loadFontFaces(): FontFace[] {
  const require = createRequire(import.meta.url);
  const faces: FontFace[] = [];
  for (const { family, pkg, weights, styles, subsets } of FACES) {
    for (const subset of subsets) {
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
