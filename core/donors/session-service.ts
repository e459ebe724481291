import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import { clearCookie, cookieName, readCookie, serializeCookie, type CookieNaming } from "./cookies";
import { findDonor, type DonorRow } from "./donor-repository";

export interface SessionOptions extends CookieNaming {
  /** Idle timeout: every request within it moves the expiry forward (sliding). */
  idleMs: number;
  /** However active, a session ends this long after login. */
  absoluteMs: number;
}

export interface CurrentSession {
  donor: DonorRow;
  expiresAt: string;
}

/** Writing last_seen on every request would turn reads into writes; a minute's precision is plenty. */
const TOUCH_AFTER_MS = 60_000;

/**
 * Server-side donor sessions. The cookie holds 256 random bits; the table
 * holds only their SHA-256, so a leaked backup cannot be replayed as cookies.
 * A login always issues a new id and deletes the one the browser came with,
 * so an id planted before login (session fixation) is worthless afterwards.
 */
export class SessionService {
  readonly cookie: string;

  constructor(
    private readonly deps: { db: Kysely<DB>; clock: Clock },
    readonly options: SessionOptions,
  ) {
    this.cookie = cookieName("hl_session", options);
  }

  /** Starts a session for a donor who has just identified. Returns the Set-Cookie header. */
  async login(donorId: string, cookieHeader: string | null | undefined): Promise<string> {
    const now = this.deps.clock.now();
    const previous = readCookie(cookieHeader, this.cookie);
    if (previous) await this.deps.db.deleteFrom("donor_sessions").where("id_hash", "=", hashId(previous)).execute();
    // Housekeeping on the write path: expired rows go when someone logs in.
    await this.deps.db.deleteFrom("donor_sessions").where("expires_at", "<", now.toISOString()).execute();
    const id = crypto.randomBytes(32).toString("base64url");
    await this.deps.db
      .insertInto("donor_sessions")
      .values({
        id_hash: hashId(id),
        donor_id: donorId,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + this.options.idleMs).toISOString(),
      })
      .execute();
    return serializeCookie(this.cookie, id, this.options);
  }

  /** The logged-in donor, or null. A valid session's idle expiry moves forward. */
  async current(cookieHeader: string | null | undefined): Promise<CurrentSession | null> {
    const id = readCookie(cookieHeader, this.cookie);
    if (!id || id.length > 100) return null;
    const now = this.deps.clock.now();
    const row = await this.deps.db.selectFrom("donor_sessions").selectAll().where("id_hash", "=", hashId(id)).executeTakeFirst();
    if (!row) return null;
    const absoluteEnd = Date.parse(row.created_at) + this.options.absoluteMs;
    if (Date.parse(row.expires_at) <= now.getTime() || absoluteEnd <= now.getTime()) {
      await this.deps.db.deleteFrom("donor_sessions").where("id_hash", "=", row.id_hash).execute();
      return null;
    }
    const donor = await findDonor(this.deps.db, row.donor_id);
    if (!donor) return null;
    let expiresAt = row.expires_at;
    if (now.getTime() - Date.parse(row.last_seen_at) >= TOUCH_AFTER_MS) {
      expiresAt = new Date(Math.min(now.getTime() + this.options.idleMs, absoluteEnd)).toISOString();
      await this.deps.db
        .updateTable("donor_sessions")
        .set({ last_seen_at: now.toISOString(), expires_at: expiresAt })
        .where("id_hash", "=", row.id_hash)
        .execute();
    }
    return { donor, expiresAt };
  }

  /** Ends the browser's session (if any). Returns the Set-Cookie header that clears the cookie. */
  async logout(cookieHeader: string | null | undefined): Promise<string> {
    const id = readCookie(cookieHeader, this.cookie);
    if (id) await this.deps.db.deleteFrom("donor_sessions").where("id_hash", "=", hashId(id)).execute();
    return clearCookie(this.cookie, this.options);
  }

  /** Every session of a donor, e.g. after erasure. */
  async endAllFor(donorId: string): Promise<void> {
    await this.deps.db.deleteFrom("donor_sessions").where("donor_id", "=", donorId).execute();
  }
}

export function hashId(id: string): string {
  return crypto.createHash("sha256").update(id).digest("hex");
}
