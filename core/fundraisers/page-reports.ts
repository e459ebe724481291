import crypto from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "#db/schema";
import type { Clock } from "../clock";

/**
 * Visitors' "report this page" (decisions 0050, 0055), one way for both kinds
 * of page people share: a personal fundraiser's and a team's. Each kind keeps
 * its reports in a table of its own (a team is not a fundraiser, decision
 * 0052) with the same columns; these functions are the only place that
 * knows which. Nothing about the visitor is stored; staff mark reports
 * handled, or hiding the page does.
 */
export type ReportedKind = "fundraiser" | "team";
export interface ReportedPage {
  kind: ReportedKind;
  id: string;
}

export interface PageReport {
  id: string;
  reason: string;
  createdAt: string;
  handled: boolean;
}

type Executor = Kysely<DB> | Transaction<DB>;

/** The page's reports table and the column naming the page. */
const REPORTS = {
  fundraiser: { table: "fundraiser_reports", page: "fundraiser_id" },
  team: { table: "fundraiser_team_reports", page: "team_id" },
} as const;

/** A visitor's report, for staff's queue. */
export async function reportPage(db: Executor, clock: Clock, page: ReportedPage, reason: string): Promise<void> {
  const report = { id: crypto.randomUUID(), reason, created_at: clock.now().toISOString(), handled_at: null, handled_by: null };
  if (page.kind === "team") await db.insertInto("fundraiser_team_reports").values({ ...report, team_id: page.id }).execute();
  else await db.insertInto("fundraiser_reports").values({ ...report, fundraiser_id: page.id }).execute();
}

/** Staff have read the page's open reports (or hid the page): how many were marked. */
export async function markReportsHandled(db: Executor, clock: Clock, page: ReportedPage, staffRef: string): Promise<number> {
  const { table, page: column } = REPORTS[page.kind];
  const result = await db
    .updateTable(table)
    .set({ handled_at: clock.now().toISOString(), handled_by: staffRef })
    .where(db.dynamic.ref(column), "=", page.id)
    .where("handled_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Every report of the page, newest first (staff's page of it). */
export async function reportsOf(db: Executor, page: ReportedPage): Promise<PageReport[]> {
  const { table, page: column } = REPORTS[page.kind];
  const rows = await db
    .selectFrom(table)
    .select(["id", "reason", "created_at", "handled_at"])
    .where(db.dynamic.ref(column), "=", page.id)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, reason: r.reason, createdAt: r.created_at, handled: r.handled_at !== null }));
}

/** Open (unhandled) reports per page, for the pages of one kind given: a page without any is left out. */
export async function openReportCounts(db: Executor, kind: ReportedKind, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const { table, page: column } = REPORTS[kind];
  const ref = db.dynamic.ref<string>(column);
  const rows = await db
    .selectFrom(table)
    .select([sql<string>`${sql.ref(column)}`.as("page_id"), (eb) => eb.fn.countAll<string | number>().as("n")])
    .where(ref, "in", ids)
    .where("handled_at", "is", null)
    .groupBy(ref)
    .execute();
  return new Map(rows.map((r) => [r.page_id, Number(r.n)]));
}

/** The ids of the pages of one kind with an open report, among at most `limit` (newest reported first). */
export async function reportedPageIds(db: Executor, kind: ReportedKind, limit = 200): Promise<string[]> {
  const { table, page: column } = REPORTS[kind];
  const ref = db.dynamic.ref<string>(column);
  const rows = await db
    .selectFrom(table)
    .select([sql<string>`${sql.ref(column)}`.as("page_id"), (eb) => eb.fn.max("created_at").as("latest")])
    .where("handled_at", "is", null)
    .groupBy(ref)
    .orderBy("latest", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => r.page_id);
}
