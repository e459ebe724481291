import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import { readSignedToken, signToken, tokenSigningKey } from "./token-format";

export const MY_DATA_PURPOSE = "my-data";

export type TokenCheck =
  | { ok: true; tokenId: string; subject: string; expiresAt: string }
  | { ok: false; reason: "invalid" | "expired" | "revoked" };

/** A stored token: whom it is for (`subject`: a donor's id, a company's organisationsnummer), why and until when. */
export interface StoredLinkToken {
  id: string;
  subject: string;
  purpose: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Where one kind of link keeps its tokens: a donor's in `my_data_tokens`
 * (deleted with the donor), a company's in `company_link_tokens` (decision
 * 0047: a company is its organisationsnummer, not a donor). The signing,
 * checking and revoking are the same for both (LinkTokens).
 */
export interface LinkTokenTable {
  insert(db: Db, token: StoredLinkToken): Promise<void>;
  find(db: Db, id: string): Promise<StoredLinkToken | undefined>;
  /** Sets revoked_at on the subject's unrevoked tokens, for one purpose or (null) every purpose, or on one token by id. */
  revoke(db: Db, which: { subject: string; purpose: string | null } | { id: string }, at: string): Promise<void>;
  markUsed(db: Db, id: string, at: string): Promise<void>;
}

/** A donor's links (My data, confirming a new e-mail address). */
export const DONOR_LINK_TOKENS: LinkTokenTable = {
  async insert(db, t) {
    await db.insertInto("my_data_tokens").values({ ...withoutSubject(t), donor_id: t.subject, last_used_at: null }).execute();
  },
  async find(db, id) {
    const row = await db.selectFrom("my_data_tokens").selectAll().where("id", "=", id).executeTakeFirst();
    return row && { ...row, subject: row.donor_id };
  },
  async revoke(db, which, at) {
    let query = db.updateTable("my_data_tokens").set({ revoked_at: at }).where("revoked_at", "is", null);
    if ("id" in which) query = query.where("id", "=", which.id);
    else {
      query = query.where("donor_id", "=", which.subject);
      if (which.purpose !== null) query = query.where("purpose", "=", which.purpose);
    }
    await query.execute();
  },
  async markUsed(db, id, at) {
    await db.updateTable("my_data_tokens").set({ last_used_at: at }).where("id", "=", id).execute();
  },
};

/** A company's links to its own page (core/companies/company-page.ts). */
export const COMPANY_LINK_TOKENS: LinkTokenTable = {
  async insert(db, t) {
    await db.insertInto("company_link_tokens").values({ ...withoutSubject(t), organisationsnummer: t.subject, last_used_at: null }).execute();
  },
  async find(db, id) {
    const row = await db.selectFrom("company_link_tokens").selectAll().where("id", "=", id).executeTakeFirst();
    return row && { ...row, subject: row.organisationsnummer };
  },
  async revoke(db, which, at) {
    let query = db.updateTable("company_link_tokens").set({ revoked_at: at }).where("revoked_at", "is", null);
    if ("id" in which) query = query.where("id", "=", which.id);
    else {
      query = query.where("organisationsnummer", "=", which.subject);
      if (which.purpose !== null) query = query.where("purpose", "=", which.purpose);
    }
    await query.execute();
  },
  async markUsed(db, id, at) {
    await db.updateTable("company_link_tokens").set({ last_used_at: at }).where("id", "=", id).execute();
  },
};

function withoutSubject({ subject: _subject, ...rest }: StoredLinkToken) {
  return rest;
}

/**
 * Issues and checks the signed links that let a donor see and correct their
 * data without logging in, or a company see its gifts (decision 0047). A
 * token is bound to one subject (a donor, a company) and one purpose and
 * expires; its id is stored so that it can be revoked. Issuing a new link
 * revokes the subject's older ones for the same purpose: only the newest
 * e-mail works, so a forwarded or leaked older mail stops working.
 */
export class LinkTokens {
  private readonly key: Buffer;

  constructor(
    private readonly deps: { db: Kysely<DB>; clock: Clock },
    secretKey: string,
    readonly ttlMs: number,
    private readonly table: LinkTokenTable = DONOR_LINK_TOKENS,
  ) {
    this.key = tokenSigningKey(secretKey);
  }

  /**
   * A new link for the subject; older ones for the purpose stop working. `alsoInTransaction`
   * runs in the same transaction as the new token's row (e.g. to queue the e-mail that carries it).
   */
  async issue(
    subject: string,
    purpose = MY_DATA_PURPOSE,
    alsoInTransaction?: (tx: Transaction<DB>, issued: { tokenId: string; expiresAt: string }) => Promise<void>,
  ): Promise<{ token: string; tokenId: string; expiresAt: string }> {
    const now = this.deps.clock.now();
    const id = crypto.randomBytes(16).toString("base64url");
    const expires = new Date(now.getTime() + this.ttlMs);
    const row: StoredLinkToken = { id, subject, purpose, created_at: now.toISOString(), expires_at: expires.toISOString(), revoked_at: null };
    await this.deps.db.transaction().execute(async (tx) => {
      await this.table.revoke(tx, { subject, purpose }, now.toISOString());
      await this.table.insert(tx, row);
      await alsoInTransaction?.(tx, { tokenId: id, expiresAt: row.expires_at });
    });
    return { token: this.sign(row), tokenId: id, expiresAt: row.expires_at };
  }

  /**
   * The link of a stored token, signed again from its row (the same token `issue` returned),
   * so that the e-mail carrying it can be sent by a job without the token itself being stored.
   * Null when the token is gone, revoked (a newer link, erasure) or expired: there is nothing to send.
   */
  async signStored(tokenId: string, purpose = MY_DATA_PURPOSE): Promise<{ token: string; subject: string; expiresAt: string } | null> {
    const row = await this.table.find(this.deps.db, tokenId);
    if (!row || row.purpose !== purpose || row.revoked_at !== null) return null;
    if (Date.parse(row.expires_at) <= this.deps.clock.now().getTime()) return null;
    return { token: this.sign(row), subject: row.subject, expiresAt: row.expires_at };
  }

  private sign(row: StoredLinkToken): string {
    return signToken(
      { jti: row.id, sub: row.subject, pur: row.purpose, iat: Math.floor(Date.parse(row.created_at) / 1000), exp: Math.floor(Date.parse(row.expires_at) / 1000) },
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
    const row = await this.table.find(this.deps.db, payload.jti);
    if (!row || row.subject !== payload.sub || row.purpose !== purpose) return { ok: false, reason: "revoked" };
    if (row.revoked_at !== null) return { ok: false, reason: "revoked" };
    // The stored expiry wins if it is earlier (e.g. shortened by staff).
    if (Date.parse(row.expires_at) <= now.getTime()) return { ok: false, reason: "expired" };
    return { ok: true, tokenId: row.id, subject: row.subject, expiresAt: row.expires_at };
  }

  async markUsed(tokenId: string): Promise<void> {
    await this.table.markUsed(this.deps.db, tokenId, this.deps.clock.now().toISOString());
  }

  async revoke(tokenId: string): Promise<void> {
    await this.table.revoke(this.deps.db, { id: tokenId }, this.deps.clock.now().toISOString());
  }

  /** Every link of the subject, whatever its purpose. */
  async revokeAllFor(subject: string): Promise<void> {
    await this.table.revoke(this.deps.db, { subject, purpose: null }, this.deps.clock.now().toISOString());
  }
}
