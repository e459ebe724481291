import crypto from "node:crypto";
import { readSignedToken, signToken } from "../my-data/token-format";

/**
 * "Höj ditt månadsbelopp" from an e-mail, without logging in: a link with a
 * token in My data's signed format (decision 0006: `v1.<payload>.<signature>`,
 * HMAC-SHA256 with the link-token key) whose purpose allows nothing but a
 * raise of this one agreement. Lowering, pausing or stopping needs BankID on
 * Mina sidor. The signature is checked first (constant time, strict
 * decoding), then purpose and expiry; the caller then reads the agreement.
 */
export const RAISE_LINK_PURPOSE = "monthly-raise";
export const RAISE_LINK_TTL_DAYS = 60;

export function signRaiseLink(key: Buffer, agreementId: string, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  return signToken({ jti: crypto.randomBytes(16).toString("base64url"), sub: agreementId, pur: RAISE_LINK_PURPOSE, iat, exp: iat + RAISE_LINK_TTL_DAYS * 86_400 }, key);
}

export type RaiseLinkCheck = { ok: true; agreementId: string } | { ok: false; reason: "invalid" | "expired" };

export function readRaiseLink(key: Buffer, token: string | null | undefined, now: Date): RaiseLinkCheck {
  if (!token) return { ok: false, reason: "invalid" };
  const payload = readSignedToken(token, key);
  if (!payload || payload.pur !== RAISE_LINK_PURPOSE) return { ok: false, reason: "invalid" };
  if (payload.exp * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, agreementId: payload.sub };
}
