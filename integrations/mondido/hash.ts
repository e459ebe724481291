import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Mondido's MD5 "hash recipes". MD5 is the provider's choice, not ours; the
 * secret in the input is what makes it an authenticator. The amount must be
 * the exact two-decimal string sent in the form.
 */
export interface MondidoHashFields {
  merchantId: string | number;
  paymentRef: string;
  customerRef: string;
  amount: string;
  currency: string;
  secret: string;
}

/** Hash sent with the payment form: proves the amount and references are ours. */
export function mondidoRequestHash(fields: MondidoHashFields & { test: boolean }): string {
  return md5Hex(concat(fields, fields.test ? "test" : ""));
}

/** Hash Mondido sends back (redirect `hash`, webhook `response_hash`): the status replaces the test part. */
export function mondidoResponseHash(fields: MondidoHashFields & { status: string }): string {
  return md5Hex(concat(fields, fields.status.toLowerCase()));
}

/** Constant-time comparison so a forger cannot learn the hash byte by byte from timings. */
export function hashesEqual(expected: string, received: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), "utf8");
  const b = Buffer.from(received.toLowerCase(), "utf8");
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}

function concat(f: MondidoHashFields, variablePart: string): string {
  return `${f.merchantId}${f.paymentRef}${f.customerRef}${f.amount}${f.currency.toLowerCase()}${variablePart}${f.secret}`;
}

function md5Hex(text: string): string {
  return createHash("md5").update(text, "utf8").digest("hex");
}
