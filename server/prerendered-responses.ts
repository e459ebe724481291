import crypto from "node:crypto";
import zlib from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { NONCE_PLACEHOLDER } from "../app/context";

/**
 * Pre-rendered pages answered before the rest of the middleware (issue #18,
 * decision 0032). Everything about such a response is known at boot except
 * the CSP nonce: the security headers are the ones the site's own header
 * middleware sets (run once at boot with the nonce placeholder, so the two
 * cannot drift apart), and the page is split at the placeholder once. Each
 * response then only joins the pieces around a fresh nonce.
 *
 * Compressed the same way: each fixed piece is deflated once at boot (best
 * compression, with the text before it as its dictionary, ending byte-aligned
 * and not final), and a response's gzip body
 * is those pieces with the nonce between them as small uncompressed (stored)
 * deflate blocks, an empty final block, and the CRC-32 and length of the
 * page as sent. No response spends CPU on compression, and the bytes
 * decompress to exactly the page with its nonce.
 */

/** Runs header middleware once against a stand-in response and returns the headers it set, the nonce as the placeholder. */
export function headersFrom(middleware: readonly RequestHandler[]): Array<[string, string]> {
  const headers = new Map<string, [string, string]>();
  const res = {
    locals: { nonce: NONCE_PLACEHOLDER },
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [name, Array.isArray(value) ? value.join(", ") : String(value)]);
      return res;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase())?.[1],
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  const req = { method: "GET", headers: {}, path: "/", url: "/", secure: false };
  for (const handler of middleware) {
    let called = false;
    void handler(req as unknown as Request, res as unknown as Response, (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
      called = true;
    });
    // Header middleware answers synchronously; anything else would not belong here.
    if (!called) throw new Error("a header middleware did not call next() at once");
  }
  return [...headers.values()];
}

interface Piece {
  /** The fixed text between two nonces. */
  text: Buffer;
  /** The same, raw-deflated against the page before it (no match across a nonce), ending on a byte boundary with no final block. */
  deflated: Buffer;
}

export interface PreparedPage {
  pieces: Piece[];
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]);
/** An empty final block with fixed Huffman codes: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** Every nonce is 16 random bytes in base64: 24 characters. */
export const NONCE_LENGTH = 24;
/** Stands for a nonce in the window a piece is compressed against: bytes no page text contains, so no match reaches into it. */
const NONCE_GAP = Buffer.alloc(NONCE_LENGTH, 0);
const WINDOW = 32 * 1024;

export function preparePage(html: string): PreparedPage {
  const pieces: Piece[] = [];
  let before = Buffer.alloc(0);
  for (const part of html.split(NONCE_PLACEHOLDER)) {
    const text = Buffer.from(part, "utf8");
    // Each piece may refer back to the text before it (what deflate would do for the whole page): it is
    // compressed with that text as its dictionary, the nonces there as gaps of the nonce's length, so
    // every distance holds in the page as sent and only a match across a nonce is given up.
    const dictionary = before.subarray(Math.max(0, before.length - WINDOW));
    const options = { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH, ...(dictionary.length > 0 ? { dictionary } : {}) };
    pieces.push({ text, deflated: zlib.deflateRawSync(text, options) });
    before = Buffer.concat([before.subarray(Math.max(0, before.length - WINDOW)), text, NONCE_GAP]);
  }
  return { pieces };
}

/** The page with this nonce, as sent without compression. */
export function plainBody(page: PreparedPage, nonce: string): Buffer {
  const value = Buffer.from(nonce, "latin1");
  const parts: Buffer[] = [];
  page.pieces.forEach((piece, i) => {
    if (i > 0) parts.push(value);
    parts.push(piece.text);
  });
  return Buffer.concat(parts);
}

/** The page with this nonce as a gzip member: the precompressed pieces, the nonce in stored blocks. */
export function gzipBody(page: PreparedPage, nonce: string): Buffer {
  const value = Buffer.from(nonce, "latin1");
  // The pieces' back-references count on the nonce taking exactly the room it had when they were compressed.
  if (value.length !== NONCE_LENGTH || nonce.includes("\0")) throw new Error(`a nonce must be ${NONCE_LENGTH} characters`);
  // A stored, non-final block: BFINAL=0 and BTYPE=00 in a byte of its own (the pieces end byte-aligned), LEN, then its one's complement.
  const stored = Buffer.alloc(5 + value.length);
  stored.writeUInt8(0x00, 0);
  stored.writeUInt16LE(value.length, 1);
  stored.writeUInt16LE(~value.length & 0xffff, 3);
  value.copy(stored, 5);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  page.pieces.forEach((piece, i) => {
    if (i > 0) {
      parts.push(stored);
      crc = zlib.crc32(value, crc);
      size += value.length;
    }
    parts.push(piece.deflated);
    // zlib.crc32 of nothing answers 0 whatever the running value (Node 20), so empty pieces are skipped.
    if (piece.text.length > 0) crc = zlib.crc32(piece.text, crc);
    size += piece.text.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}

/** 16 random bytes, base64: the same nonce the rest of the site makes (server/security-headers.ts). */
function newNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/**
 * Answers GET and HEAD for the pre-rendered pages; anything else goes on. The
 * page's headers are `securityHeaders` (made by `headersFrom` from the site's
 * header middleware) with the nonce put in, then type, caching and encoding.
 */
export function prerenderedResponses(pages: ReadonlyMap<string, string>, securityHeaders: ReadonlyArray<[string, string]>): RequestHandler {
  const prepared = new Map([...pages].map(([pathname, html]) => [pathname, preparePage(html)]));
  const headerParts = securityHeaders.map(([name, value]) => [name, value.split(NONCE_PLACEHOLDER)] as const);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const page = prepared.get(req.path);
    if (!page) return next();
    const nonce = newNonce();
    for (const [name, parts] of headerParts) res.setHeader(name, parts.length === 1 ? parts[0]! : parts.join(nonce));
    res.locals.nonce = nonce;
    const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
    const body = gzip ? gzipBody(page, nonce) : plainBody(page, nonce);
    res.statusCode = 200;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("Vary", "Accept-Encoding");
    if (gzip) res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  };
}
