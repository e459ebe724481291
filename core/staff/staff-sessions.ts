import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { Clock } from "../clock";
import { clearCookie, cookieName, readCookie, serializeCookie, type CookieNaming } from "../donors/cookies";
import { hashId } from "../donors/session-service";
import type { StaffMember, StaffRepository } from "./staff-repository";

/** Staff sessions end after 15 idle minutes, and 10 hours after sign-in whatever happens. */
export const STAFF_IDLE_MS = 15 * 60_000;
export const STAFF_ABSOLUTE_MS = 10 * 60 * 60_000;
/** Moving the expiry on every request would make every read a write; 30 s is precise enough for 15 minutes. */
const TOUCH_AFTER_MS = 30_000;

export type StaffSessionCheck =
  | { state: "none" }
  | { state: "expired" }
  /** The cookie came from another address than the one that signed in: the session is ended. */
  | { state: "moved"; staffId: string }
  | { state: "active"; staff: StaffMember; expiresAt: string };

/**
 * Server-side staff sessions, apart from donor sessions: their own cookie
 * (`hl_staff`, `__Host-` on https), their own table, 15 minutes idle, and
 * bound to the address that signed in. The cookie holds 256 random bits, the
 * table their SHA-256 (as decision 0006 does for donors). A donor's cookie
 * never opens the back office: it is another cookie in another table.
 */
export class StaffSessions {
  readonly cookie: string;

  constructor(
    private readonly deps: { db: Kysely<DB>; clock: Clock; staff: StaffRepository },
    private readonly naming: CookieNaming,
  ) {
    this.cookie = cookieName("hl_staff", naming);
  }

  async login(staffId: string, ip: string, cookieHeader: string | null | undefined): Promise<string> {
    const now = this.deps.clock.now();
    const previous = readCookie(cookieHeader, this.cookie);
    if (previous) await this.deps.db.deleteFrom("staff_sessions").where("id_hash", "=", hashId(previous)).execute();
    await this.deps.db.deleteFrom("staff_sessions").where("expires_at", "<", now.toISOString()).execute();
    const id = crypto.randomBytes(32).toString("base64url");
    await this.deps.db
      .insertInto("staff_sessions")
      .values({
        id_hash: hashId(id),
        staff_id: staffId,
        ip,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + STAFF_IDLE_MS).toISOString(),
      })
      .execute();
    return serializeCookie(this.cookie, id, this.naming);
  }

  async check(cookieHeader: string | null | undefined, ip: string): Promise<StaffSessionCheck> {
    const id = readCookie(cookieHeader, this.cookie);
    if (!id || id.length > 100) return { state: "none" };
    const now = this.deps.clock.now().getTime();
    const row = await this.deps.db.selectFrom("staff_sessions").selectAll().where("id_hash", "=", hashId(id)).executeTakeFirst();
    if (!row) return { state: "expired" };
    const absoluteEnd = Date.parse(row.created_at) + STAFF_ABSOLUTE_MS;
    if (Date.parse(row.expires_at) <= now || absoluteEnd <= now) {
      await this.end(row.id_hash);
      return { state: "expired" };
    }
    if (row.ip !== ip) {
      await this.end(row.id_hash);
      return { state: "moved", staffId: row.staff_id };
    }
    const staff = await this.deps.staff.member(row.staff_id);
    if (!staff || !staff.active) {
      await this.end(row.id_hash);
      return { state: "expired" };
    }
    let expiresAt = row.expires_at;
    if (now - Date.parse(row.last_seen_at) >= TOUCH_AFTER_MS) {
      expiresAt = new Date(Math.min(now + STAFF_IDLE_MS, absoluteEnd)).toISOString();
      await this.deps.db
        .updateTable("staff_sessions")
        .set({ last_seen_at: new Date(now).toISOString(), expires_at: expiresAt })
        .where("id_hash", "=", row.id_hash)
        .execute();
    }
    return { state: "active", staff, expiresAt };
  }

  async logout(cookieHeader: string | null | undefined): Promise<string> {
    const id = readCookie(cookieHeader, this.cookie);
    if (id) await this.end(hashId(id));
    return clearCookie(this.cookie, this.naming);
  }

  private async end(idHash: string): Promise<void> {
    await this.deps.db.deleteFrom("staff_sessions").where("id_hash", "=", idHash).execute();
  }
}
