import crypto from "node:crypto";
import { readSignedToken, signToken } from "../my-data/token-format";

/**
 * A link from an e-mail that lets a donor do one thing to one agreement
 * without logging in: a token in My data's signed format (decision 0006:
 * `v1.<payload>.<signature>`, HMAC-SHA256 with the link-token key) whose
 * purpose names that one thing. The signature is checked first (constant
 * time, strict decoding), then purpose and expiry; the caller then reads the
 * agreement. Each kind of link (raise-link.ts, card-link.ts) is a purpose and
 * a lifetime.
 */
export interface AgreementLinkKind {
  purpose: string;
  ttlDays: number;
}

export type AgreementLinkCheck = { ok: true; agreementId: string } | { ok: false; reason: "invalid" | "expired" };

export function signAgreementLink(kind: AgreementLinkKind, key: Buffer, agreementId: string, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  return signToken({ jti: crypto.randomBytes(16).toString("base64url"), sub: agreementId, pur: kind.purpose, iat, exp: iat + kind.ttlDays * 86_400 }, key);
}

export function readAgreementLink(kind: AgreementLinkKind, key: Buffer, token: string | null | undefined, now: Date): AgreementLinkCheck {
  if (!token) return { ok: false, reason: "invalid" };
  const payload = readSignedToken(token, key);
  if (!payload || payload.pur !== kind.purpose) return { ok: false, reason: "invalid" };
  if (payload.exp * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, agreementId: payload.sub };
}
