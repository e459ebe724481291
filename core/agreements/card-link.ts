import crypto from "node:crypto";
import { readSignedToken, signToken } from "../my-data/token-format";

/**
 * "Ge ett nytt kort" from the e-mail about a declined or expired card: a link
 * in My data's signed format (decision 0006), as the raise link, whose purpose
 * allows nothing but paying this agreement's unpaid month in the card window
 * and so storing a new card (decision 0028). It shows only the amount and
 * date; anything else needs BankID on Mina sidor.
 */
export const CARD_LINK_PURPOSE = "monthly-card";
export const CARD_LINK_TTL_DAYS = 30;

export function signCardLink(key: Buffer, agreementId: string, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  return signToken({ jti: crypto.randomBytes(16).toString("base64url"), sub: agreementId, pur: CARD_LINK_PURPOSE, iat, exp: iat + CARD_LINK_TTL_DAYS * 86_400 }, key);
}

export type CardLinkCheck = { ok: true; agreementId: string } | { ok: false; reason: "invalid" | "expired" };

export function readCardLink(key: Buffer, token: string | null | undefined, now: Date): CardLinkCheck {
  if (!token) return { ok: false, reason: "invalid" };
  const payload = readSignedToken(token, key);
  if (!payload || payload.pur !== CARD_LINK_PURPOSE) return { ok: false, reason: "invalid" };
  if (payload.exp * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, agreementId: payload.sub };
}
