import crypto from "node:crypto";
import { readSignedToken, signToken } from "../my-data/token-format";

/**
 * The organiser's manage link (no account): `/minnesinsamling/{slug}/hantera?token=…`,
 * a token in My data's signed format (decision 0006: `v1.<payload>.<signature>`,
 * HMAC-SHA256 with the link-token key derived from SECRET_KEY) with its own
 * purpose, the collection's id as subject and a random id (jti) that the
 * collection row stores. Checks, in order: the signature (constant time, so a
 * forged or altered link never reaches the database), the purpose, the expiry,
 * then that the collection exists, has this id and still names this jti.
 */
export const COLLECTION_LINK_PURPOSE = "memorial-collection";
/** A collection is usually open for a few weeks around a funeral; the link outlasts it so the family can fetch the sheets later. */
export const COLLECTION_LINK_TTL_DAYS = 400;

export function newManageTokenId(): string {
  return crypto.randomBytes(16).toString("base64url");
}

export function signManageLink(key: Buffer, collection: { id: string; manageTokenId: string }, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  return signToken({ jti: collection.manageTokenId, sub: collection.id, pur: COLLECTION_LINK_PURPOSE, iat, exp: iat + COLLECTION_LINK_TTL_DAYS * 86_400 }, key);
}

export type ManageLinkCheck = { ok: true; collectionId: string; tokenId: string } | { ok: false; reason: "invalid" | "expired" };

/** The signed part only; the caller then checks the row (exists, same slug, same jti). */
export function readManageLink(key: Buffer, token: string | null | undefined, now: Date): ManageLinkCheck {
  if (!token) return { ok: false, reason: "invalid" };
  const payload = readSignedToken(token, key);
  if (!payload || payload.pur !== COLLECTION_LINK_PURPOSE) return { ok: false, reason: "invalid" };
  if (payload.exp * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, collectionId: payload.sub, tokenId: payload.jti };
}

/** Constant-time comparison of the stored and the presented token id. */
export function sameTokenId(stored: string, presented: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(presented);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
