/**
 * Crockford's base32 (digits and upper-case letters without I, L, O and U):
 * short to read aloud, safe to type from paper, and all in a QR code's
 * compact alphanumeric mode. Used for references printed on letters and
 * envelopes (core/postal-forms, core/letter-links).
 */
export const CROCKFORD_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** Every bit of `bytes`, most significant first, five to a character (the last one padded with zero bits). */
export function encodeCrockfordBase32(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD_ALPHABET[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += CROCKFORD_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** `length` characters of the alphabet, exactly as `encodeCrockfordBase32` writes them. */
export function crockfordPattern(length: number): RegExp {
  return new RegExp(`^[0-9A-HJKMNP-TV-Z]{${length}}$`);
}
