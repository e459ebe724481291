import crypto from "node:crypto";
import { z } from "zod";

/**
 * The signed link token for My data: `v1.<payload>.<signature>`, both parts
 * base64url. The payload names the token (jti, so it can be revoked), the
 * donor (sub), the purpose (pur) and the expiry (exp, Unix seconds); the
 * signature is HMAC-SHA256 over `v1.<payload>` with a key derived from
 * SECRET_KEY for this use only. Nothing secret is in the payload: it is signed,
 * not encrypted, and holds random ids only.
 */
export const TOKEN_VERSION = "v1";

export const tokenPayloadSchema = z.object({
  jti: z.string().min(16).max(64),
  sub: z.string().min(1).max(64),
  pur: z.string().min(1).max(32),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;

/** A key for link tokens only, so that SECRET_KEY can sign other things without a token ever passing for them. */
export function tokenSigningKey(secretKey: string | Buffer): Buffer {
  return crypto.createHmac("sha256", secretKey).update("hl/link-token/v1").digest();
}

export function signToken(payload: TokenPayload, key: Buffer): string {
  const body = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
  const signature = crypto.createHmac("sha256", key).update(`${TOKEN_VERSION}.${body}`).digest("base64url");
  return `${TOKEN_VERSION}.${body}.${signature}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The payload when the signature is right, else null. Expiry and revocation are the caller's checks. */
export function readSignedToken(token: string, key: Buffer): TokenPayload | null {
  if (token.length > 1024) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== TOKEN_VERSION) return null;
  const [, body = "", signature = ""] = parts;
  // Strict: the payload must be canonical base64url, and the signature exactly the string we would write.
  // Decoding is lenient (it ignores trailing characters and the spare bits of the last one), so comparing
  // decoded bytes would take other spellings of the same signature, such as a changed last character or "!!".
  if (!BASE64URL.test(body) || Buffer.from(body, "base64url").toString("base64url") !== body) return null;
  const expected = Buffer.from(crypto.createHmac("sha256", key).update(`${TOKEN_VERSION}.${body}`).digest("base64url"), "utf8");
  const given = Buffer.from(signature, "utf8");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const parsed = tokenPayloadSchema.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
