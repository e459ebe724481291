import type { Kysely } from "kysely";
import type { Clock } from "#core/clock";
import type { DB } from "#db/schema";
import { AuditLog } from "#core/audit/audit-log";
import { StaffRepository, staffKey } from "#core/staff/staff-repository";
import { StaffSessions } from "#core/staff/staff-sessions";
import type { ServerConfig } from "./config";
import { MINUTE_MS, type RateLimit, type RateLimiter } from "#core/rate-limits/rate-limiter";

/** The back office's own services (decision 0020): staff and roles, staff sessions, the audit log. */
export interface StaffServices {
  members: StaffRepository;
  sessions: StaffSessions;
  audit: AuditLog;
  /** Per-IP limit on actions that cost money or send messages (refunds, My data links, re-sending). */
  actions: RateLimit;
}

export function buildStaffServices(config: ServerConfig, deps: { db: Kysely<DB>; clock: Clock; rateLimiter: RateLimiter }, secretKey: string): StaffServices {
  const members = new StaffRepository({ db: deps.db, clock: deps.clock, key: staffKey(secretKey) });
  return {
    members,
    sessions: new StaffSessions({ db: deps.db, clock: deps.clock, staff: members }, { secure: config.publicUrl.startsWith("https://") }),
    audit: new AuditLog(deps),
    actions: deps.rateLimiter.limit("staff-actions", 60, MINUTE_MS),
  };
}
