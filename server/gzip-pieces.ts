import zlib from "node:zlib";

/**
 * A page whose text is fixed except for values of a known length in known
 * places (CSP nonces, form tokens), sent gzip'd without compressing anything
 * per response (decision 0032). Each fixed piece is deflated once (best
 * compression, with the text before it as its dictionary, ending
 * byte-aligned and not final); a response's gzip body is those pieces with
 * its values between them as small uncompressed (stored) deflate blocks, an
 * empty final block, and the CRC-32 and length of the page as sent. The bytes
 * decompress to exactly the page with its values.
 *
 * A place may also take a value of any length (the visitor's own address on
 * the kept not-found page, decision 0054; a logged-in donor's details on the
 * kept gift form, decision 0058): the piece after it is compressed without
 * the text before it, since no distance across a value of unknown length can
 * be known in advance.
 */

interface Piece {
  /** The fixed text between two values. */
  text: Buffer;
  /** The same, raw-deflated against the page before it (no match across a value), ending on a byte boundary with no final block. */
  deflated: Buffer;
}

export interface PreparedPieces {
  pieces: Piece[];
  /** The length in bytes of the value between piece i and piece i + 1; null: any length. */
  slotLengths: Array<number | null>;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]);
/** An empty final block with fixed Huffman codes: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const WINDOW = 32 * 1024;

/** A stored deflate block holds at most this many bytes: a value of any length is held to it. */
const MAX_STORED = 0xffff;

/**
 * `parts` are the fixed texts; between parts i and i + 1 goes a value of `slotLengths[i]` ASCII characters,
 * or any text (up to 65,535 bytes of UTF-8) where it is null.
 */
export function preparePieces(parts: readonly string[], slotLengths: ReadonlyArray<number | null>): PreparedPieces {
  if (slotLengths.length !== Math.max(0, parts.length - 1)) throw new Error("one slot length between each two parts");
  const pieces: Piece[] = [];
  let before = Buffer.alloc(0);
  parts.forEach((part, i) => {
    const text = Buffer.from(part, "utf8");
    // Each piece may refer back to the text before it (what deflate would do for the whole page): it is
    // compressed with that text as its dictionary, the values there as zero bytes of their length (bytes no
    // page text contains, so no match reaches into them), so every distance holds in the page as sent and
    // only a match across a value is given up.
    const dictionary = before.subarray(Math.max(0, before.length - WINDOW));
    const options = { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH, ...(dictionary.length > 0 ? { dictionary } : {}) };
    pieces.push({ text, deflated: zlib.deflateRawSync(text, options) });
    const length = i < slotLengths.length ? slotLengths[i] : 0;
    // After a value of any length, nothing before it is at a distance known now: the next piece starts afresh.
    before = length === null ? Buffer.alloc(0) : Buffer.concat([before.subarray(Math.max(0, before.length - WINDOW)), text, Buffer.alloc(length!, 0)]);
  });
  return { pieces, slotLengths: [...slotLengths] };
}

function checkedValues(prepared: PreparedPieces, values: readonly string[]): Buffer[] {
  if (values.length !== prepared.slotLengths.length) throw new Error(`${prepared.slotLengths.length} values expected`);
  return values.map((value, i) => {
    const length = prepared.slotLengths[i];
    if (length === null) {
      // Any text (a logged-in donor's name with its spaces and letters, decision 0058): nothing after it refers back across it.
      const text = Buffer.from(value, "utf8");
      if (text.length > MAX_STORED) throw new Error(`a value here must be at most ${MAX_STORED} bytes`);
      return text;
    }
    const bytes = Buffer.from(value, "latin1");
    // The pieces' back-references count on each value taking exactly the room it had when they were compressed.
    if (bytes.length !== length || !/^[\x21-\x7e]*$/.test(value)) {
      throw new Error(`a value here must be ${length} characters of printable ASCII`);
    }
    return bytes;
  });
}

/** The page with these values, as sent without compression. */
export function plainPieces(prepared: PreparedPieces, values: readonly string[]): Buffer {
  const bytes = checkedValues(prepared, values);
  const parts: Buffer[] = [];
  prepared.pieces.forEach((piece, i) => {
    if (i > 0) parts.push(bytes[i - 1]!);
    parts.push(piece.text);
  });
  return Buffer.concat(parts);
}

/** The page with these values as a gzip member: the precompressed pieces, the values in stored blocks. */
export function gzipPieces(prepared: PreparedPieces, values: readonly string[]): Buffer {
  const bytes = checkedValues(prepared, values);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  prepared.pieces.forEach((piece, i) => {
    if (i > 0) {
      const value = bytes[i - 1]!;
      // A stored, non-final block: BFINAL=0 and BTYPE=00 in a byte of its own (the pieces end byte-aligned), LEN, then its one's complement.
      const stored = Buffer.alloc(5 + value.length);
      stored.writeUInt8(0x00, 0);
      stored.writeUInt16LE(value.length, 1);
      stored.writeUInt16LE(~value.length & 0xffff, 3);
      value.copy(stored, 5);
      parts.push(stored);
      // zlib.crc32 of nothing answers 0 whatever the running value (Node 20), so empty values and pieces are skipped.
      if (value.length > 0) crc = zlib.crc32(value, crc);
      size += value.length;
    }
    parts.push(piece.deflated);
    if (piece.text.length > 0) crc = zlib.crc32(piece.text, crc);
    size += piece.text.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}
