import type { Kysely, Selectable, Transaction } from "kysely";
import { csvLine } from "../site/csv";
import type { AuditLogTable, DB } from "#db/schema";
import type { Clock } from "../clock";
import { redactPersonnummerDeep } from "../identity/redact-personnummer";

type Executor = Kysely<DB> | Transaction<DB>;
export type AuditRow = Selectable<AuditLogTable>;

/** Who did something in the back office, and from where. */
export interface Actor {
  staffId: string | null;
  staffName: string | null;
  ip: string;
}

export interface AuditEntry {
  action: string;
  outcome?: "ok" | "refused";
  subjectType?: string | null;
  subjectId?: string | null;
  /** What changed or was seen; personnummer are blanked out before it is stored. */
  details?: Record<string, unknown>;
}

/**
 * The back office's audit log: every change and every view of a donor's
 * personal data, and every refused request (who, what, when, from where).
 * Append-only – this module has no update or delete, and the database refuses
 * both (migration 0012). Written in the same transaction as the change it
 * records when the caller passes one, so a change is never without its entry.
 */
export class AuditLog {
  constructor(private readonly deps: { db: Kysely<DB>; clock: Clock }) {}

  async record(actor: Actor, entry: AuditEntry, db: Executor = this.deps.db): Promise<void> {
    await db
      .insertInto("audit_log")
      .values({
        at: this.deps.clock.now().toISOString(),
        staff_id: actor.staffId,
        staff_name: actor.staffName,
        ip: actor.ip,
        action: entry.action,
        outcome: entry.outcome ?? "ok",
        subject_type: entry.subjectType ?? null,
        subject_id: entry.subjectId ?? null,
        details: JSON.stringify(redactPersonnummerDeep(entry.details ?? {})),
      })
      .execute();
  }

  /** The newest entries that match, `limit` of them from `offset` on (the back office's pages, the CSV export). */
  async search(filter: AuditFilter, limit = 200, offset = 0): Promise<AuditRow[]> {
    return this.matching(filter).selectAll().orderBy("id", "desc").limit(limit).offset(offset).execute();
  }

  /** How many entries match, for the page count. */
  async count(filter: AuditFilter): Promise<number> {
    const row = await this.matching(filter).select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private matching(filter: AuditFilter) {
    let query = this.deps.db.selectFrom("audit_log");
    if (filter.text) {
      // % and _ typed by staff act as wildcards, which is harmless here.
      const like = `%${filter.text}%`;
      query = query.where((eb) =>
        eb.or([
          eb("action", "like", like),
          eb("staff_name", "like", like),
          eb("subject_id", "like", like),
          eb("ip", "like", like),
          eb("details", "like", like),
        ]),
      );
    }
    if (filter.outcome) query = query.where("outcome", "=", filter.outcome);
    if (filter.from) query = query.where("at", ">=", `${filter.from}T00:00:00.000Z`);
    if (filter.to) query = query.where("at", "<=", `${filter.to}T23:59:59.999Z`);
    return query;
  }
}

export interface AuditFilter {
  text?: string;
  outcome?: "ok" | "refused";
  /** Whole days, YYYY-MM-DD (UTC). */
  from?: string;
  to?: string;
}

const CSV_COLUMNS: Array<[string, (row: AuditRow) => string | number | null]> = [
  ["id", (r) => r.id],
  ["tid", (r) => r.at],
  ["personal_id", (r) => r.staff_id],
  ["personal", (r) => r.staff_name],
  ["ip", (r) => r.ip],
  ["handling", (r) => r.action],
  ["utfall", (r) => r.outcome],
  ["objekttyp", (r) => r.subject_type],
  ["objekt", (r) => r.subject_id],
  ["detaljer", (r) => r.details],
];

/** RFC 4180 CSV (comma separated, CRLF), with a formula guard for spreadsheets (core/site/csv.ts). */
export function auditCsv(rows: readonly AuditRow[]): string {
  const lines = [csvLine(CSV_COLUMNS.map(([name]) => name)), ...rows.map((row) => csvLine(CSV_COLUMNS.map(([, get]) => get(row))))];
  return `${lines.join("\r\n")}\r\n`;
}
