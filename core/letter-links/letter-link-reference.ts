import crypto from "node:crypto";
import { crockfordPattern, encodeCrockfordBase32 } from "../text/crockford-base32";

/**
 * The reference printed on a letter (as a link or QR code) that opens a form
 * pre-filled with the donor's name and address: 128 random bits in 26
 * characters of Crockford base32, never a donor number. Only its SHA-256 is
 * stored (`letter_links.reference_hash`), so a copy of the database opens
 * nothing; a reference is looked up by the hash of the string we wrote
 * (decision 0016: no lenient decoding – an O is not read as a 0), after
 * `normaliseLetterReference`.
 */
const REFERENCE = crockfordPattern(26);

export function newLetterReference(random: (size: number) => Buffer = crypto.randomBytes): string {
  return encodeCrockfordBase32(random(16));
}

/**
 * The reference as we wrote it, from what a donor typed or scanned: Crockford
 * base32 reads the same in either case, so a link copied from the letter in
 * small letters works. The one rule for every door a reference comes in by –
 * /brev/{reference} and GET /api/donor/{reference} – so they never disagree.
 */
export function normaliseLetterReference(value: string): string {
  return value.trim().toUpperCase();
}

export function isLetterReference(value: string): boolean {
  return REFERENCE.test(value);
}

export function letterReferenceHash(reference: string): string {
  return crypto.createHash("sha256").update(reference, "utf8").digest("hex");
}
