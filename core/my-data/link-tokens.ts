import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import { readSignedToken, signToken, tokenSigningKey } from "./token-format";

export const MY_DATA_PURPOSE = "my-data";

export type TokenCheck =
  | { ok: true; tokenId: string; donorId: string; expiresAt: string }
  | { ok: false; reason: "invalid" | "expired" | "revoked" };

/**
 * Issues and checks the signed links that let a donor see and correct their
 * data without logging in. A token is bound to one donor and one purpose and
 * expires; its id is stored so that it can be revoked. Issuing a new link
 * revokes the donor's older ones for the same purpose: only the newest e-mail
 * works, so a forwarded or leaked older mail stops working.
 */
export class LinkTokens {
  private readonly key: Buffer;

  constructor(
    private readonly deps: { db: Kysely<DB>; clock: Clock },
    secretKey: string,
    readonly ttlMs: number,
  ) {
    this.key = tokenSigningKey(secretKey);
  }

  /**
   * A new link for the donor; older ones for the purpose stop working. `alsoInTransaction`
   * runs in the same transaction as the new token's row (e.g. to queue the e-mail that carries it).
   */
  async issue(
    donorId: string,
    purpose = MY_DATA_PURPOSE,
    alsoInTransaction?: (tx: Transaction<DB>, issued: { tokenId: string; expiresAt: string }) => Promise<void>,
  ): Promise<{ token: string; tokenId: string; expiresAt: string }> {
    const now = this.deps.clock.now();
    const id = crypto.randomBytes(16).toString("base64url");
    const expires = new Date(now.getTime() + this.ttlMs);
    await this.deps.db.transaction().execute(async (tx) => {
      await tx
        .updateTable("my_data_tokens")
        .set({ revoked_at: now.toISOString() })
        .where("donor_id", "=", donorId)
        .where("purpose", "=", purpose)
        .where("revoked_at", "is", null)
        .execute();
      await tx
        .insertInto("my_data_tokens")
        .values({ id, donor_id: donorId, purpose, created_at: now.toISOString(), expires_at: expires.toISOString(), revoked_at: null, last_used_at: null })
        .execute();
      await alsoInTransaction?.(tx, { tokenId: id, expiresAt: expires.toISOString() });
    });
    return { token: this.sign({ id, donor_id: donorId, purpose, created_at: now.toISOString(), expires_at: expires.toISOString() }), tokenId: id, expiresAt: expires.toISOString() };
  }

  /**
   * The link of a stored token, signed again from its row (the same token `issue` returned),
   * so that the e-mail carrying it can be sent by a job without the token itself being stored.
   * Null when the token is gone, revoked (a newer link, erasure) or expired: there is nothing to send.
   */
  async signStored(tokenId: string, purpose = MY_DATA_PURPOSE): Promise<{ token: string; donorId: string; expiresAt: string } | null> {
    const row = await this.deps.db.selectFrom("my_data_tokens").selectAll().where("id", "=", tokenId).executeTakeFirst();
    if (!row || row.purpose !== purpose || row.revoked_at !== null) return null;
    if (Date.parse(row.expires_at) <= this.deps.clock.now().getTime()) return null;
    return { token: this.sign(row), donorId: row.donor_id, expiresAt: row.expires_at };
  }

  private sign(row: { id: string; donor_id: string; purpose: string; created_at: string; expires_at: string }): string {
    return signToken(
      { jti: row.id, sub: row.donor_id, pur: row.purpose, iat: Math.floor(Date.parse(row.created_at) / 1000), exp: Math.floor(Date.parse(row.expires_at) / 1000) },
      this.key,
    );
  }

  /**
   * Signature first (a forged or altered token never reaches the database),
   * then purpose and expiry from the signed payload, then the stored row:
   * it must exist, name the same donor and purpose, and not be revoked.
   */
  async verify(token: string | null | undefined, purpose = MY_DATA_PURPOSE): Promise<TokenCheck> {
    if (!token) return { ok: false, reason: "invalid" };
    const payload = readSignedToken(token, this.key);
    if (!payload || payload.pur !== purpose) return { ok: false, reason: "invalid" };
    const now = this.deps.clock.now();
    if (payload.exp * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
    const row = await this.deps.db.selectFrom("my_data_tokens").selectAll().where("id", "=", payload.jti).executeTakeFirst();
    if (!row || row.donor_id !== payload.sub || row.purpose !== purpose) return { ok: false, reason: "revoked" };
    if (row.revoked_at !== null) return { ok: false, reason: "revoked" };
    // The stored expiry wins if it is earlier (e.g. shortened by staff).
    if (Date.parse(row.expires_at) <= now.getTime()) return { ok: false, reason: "expired" };
    return { ok: true, tokenId: row.id, donorId: row.donor_id, expiresAt: row.expires_at };
  }

  async markUsed(tokenId: string): Promise<void> {
    await this.deps.db.updateTable("my_data_tokens").set({ last_used_at: this.deps.clock.now().toISOString() }).where("id", "=", tokenId).execute();
  }

  async revoke(tokenId: string): Promise<void> {
    await this.deps.db
      .updateTable("my_data_tokens")
      .set({ revoked_at: this.deps.clock.now().toISOString() })
      .where("id", "=", tokenId)
      .where("revoked_at", "is", null)
      .execute();
  }

  async revokeAllFor(donorId: string): Promise<void> {
    await this.deps.db
      .updateTable("my_data_tokens")
      .set({ revoked_at: this.deps.clock.now().toISOString() })
      .where("donor_id", "=", donorId)
      .where("revoked_at", "is", null)
      .execute();
  }
}
