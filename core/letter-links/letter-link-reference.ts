import crypto from "node:crypto";
import { crockfordPattern, encodeCrockfordBase32 } from "../text/crockford-base32";

/**
 * The reference printed on a letter (as a link or QR code) that opens a form
 * pre-filled with the donor's name and address: 128 random bits in 26
 * characters of Crockford base32, never a donor number. Only its SHA-256 is
 * stored (`letter_links.reference_hash`), so a copy of the database opens
 * nothing; a reference is looked up by the hash of exactly the string we
 * wrote (decision 0016: no lenient decoding).
 */
const REFERENCE = crockfordPattern(26);

export function newLetterReference(random: (size: number) => Buffer = crypto.randomBytes): string {
  return encodeCrockfordBase32(random(16));
}

export function isLetterReference(value: string): boolean {
  return REFERENCE.test(value);
}

export function letterReferenceHash(reference: string): string {
  return crypto.createHash("sha256").update(reference, "utf8").digest("hex");
}
