import crypto from "node:crypto";

/**
 * Order references open pages (thank-you, gift cards, ordered documents), so
 * they must be unguessable: 130 random bits, written in Crockford base32 without
 * look-alike letters, 26 characters, upper-case so they also fit Swish's
 * payeePaymentReference (≤35 of [a-öA-Ö0-9-]).
 */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export function newOrderReference(random: (size: number) => Buffer = crypto.randomBytes): string {
  const bytes = random(17);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let out = "";
  for (let i = 0; i < 26; i++) {
    out += ALPHABET[Number(bits & 31n)];
    bits >>= 5n;
  }
  return out;
}

export function isOrderReference(value: string): boolean {
  return /^[0-9A-HJKMNP-TV-Z]{26}$/.test(value);
}
