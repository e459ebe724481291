import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { AgreementStatus, ProviderFileDirection, ProviderFileStatus } from "../agreements/agreement-status";
import { AGREEMENT_STATUSES } from "../agreements/agreement-status";
import type { ReceivedFileSummary } from "../agreements/autogiro-exchange";

/**
 * What finance follows up in autogiro (issue #17): the files exchanged with
 * Bankgirot and their state, the requests still waiting for the next file,
 * mandates Bankgirot refused or cancelled, and debits that failed – each with
 * the donor, so someone can call or write. Read-only; the exchange itself runs
 * on its own (core/agreements/autogiro-exchange.ts).
 */
export interface AutogiroFileRow {
  fileName: string;
  direction: ProviderFileDirection;
  layout: string;
  status: ProviderFileStatus;
  /** What the file held, in words staff read ("12 begäranden", "8 svar, 1 utan match", "Fel på rad 3: …"). */
  summary: string;
  at: string;
}

export interface RefusedMandateRow {
  /** Null when the donor has been erased (decision 0035). */
  donorId: string | null;
  donorName: string;
  agreementId: string | null;
  status: "refused" | "cancelled";
  reason: string;
  bankName: string;
  accountEnding: string;
  at: string;
}

export interface FailedDebitRow {
  donorId: string | null;
  donorName: string;
  agreementId: string | null;
  debitOn: string;
  amountOre: number;
  status: string;
  errorCode: string | null;
}

export interface AutogiroOverview {
  agreementsByStatus: Array<{ status: AgreementStatus; count: number }>;
  waitingRequests: number;
  files: AutogiroFileRow[];
  refusedMandates: RefusedMandateRow[];
  failedDebits: FailedDebitRow[];
}

/** Follow-ups older than this are done or lost; the list shows the recent ones. */
export const FOLLOW_UP_DAYS = 90;

export function describeFileSummary(direction: ProviderFileDirection, raw: string | null): string {
  if (!raw) return "";
  const summary = JSON.parse(raw) as Partial<ReceivedFileSummary> & { requests?: number };
  if (direction === "out") return summary.requests === undefined ? "" : `${summary.requests} begäranden`;
  if (summary.error) return `Avvisad: rad ${summary.error.line}, ${summary.error.reason}`;
  const unmatched = summary.unmatched?.length ?? 0;
  return `${summary.events ?? 0} svar${unmatched > 0 ? `, ${unmatched} utan match` : ""}`;
}

export async function autogiroOverview(db: Kysely<DB>, now: Date): Promise<AutogiroOverview> {
  const since = new Date(now.getTime() - FOLLOW_UP_DAYS * 86_400_000).toISOString();
  const counts = await db.selectFrom("agreements").select(["status", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("status").execute();
  const waiting = await db
    .selectFrom("autogiro_requests")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("provider_file_id", "is", null)
    .executeTakeFirstOrThrow();
  const files = await db
    .selectFrom("provider_files")
    .select(["file_name", "direction", "layout", "status", "summary", "created_at", "processed_at"])
    .orderBy("created_at", "desc")
    .limit(50)
    .execute();
  const mandates = await db
    .selectFrom("mandates as m")
    // A mandate of an erased donor is still listed: its cancellation is Bankgirot's business until it is done.
    .leftJoin("donors as d", "d.id", "m.donor_id")
    .leftJoin("agreements as a", "a.mandate_id", "m.id")
    .select(["m.donor_id", "d.given_name", "d.surname", "a.id as agreement_id", "m.status", "m.reason_text", "m.reason_code", "m.bank_name", "m.account", "m.updated_at"])
    .where("m.status", "in", ["refused", "cancelled"])
    .where("m.updated_at", ">=", since)
    .orderBy("m.updated_at", "desc")
    .limit(200)
    .execute();
  const debits = await db
    .selectFrom("gifts as g")
    .innerJoin("payments as p", "p.gift_id", "g.id")
    .select(["g.donor_id", "g.donor_name", "g.agreement_id", "g.debit_on", "g.amount_ore", "p.status", "p.error_code"])
    .where("g.agreement_id", "is not", null)
    .where("p.status", "in", ["failed", "declined", "expired"])
    .where("p.updated_at", ">=", since)
    .orderBy("g.debit_on", "desc")
    .limit(200)
    .execute();
  const byStatus = new Map(counts.map((c) => [c.status, Number(c.n)]));
  return {
    agreementsByStatus: AGREEMENT_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
    waitingRequests: Number(waiting.n),
    files: files.map((f) => ({
      fileName: f.file_name,
      direction: f.direction,
      layout: f.layout,
      status: f.status,
      summary: describeFileSummary(f.direction, f.summary),
      at: f.processed_at ?? f.created_at,
    })),
    refusedMandates: mandates.map((m) => ({
      donorId: m.donor_id,
      donorName: m.donor_id === null ? "Raderad givare" : `${m.given_name ?? ""} ${m.surname ?? ""}`.trim() || "Okänd givare",
      agreementId: m.agreement_id,
      status: m.status as "refused" | "cancelled",
      reason: m.reason_text ?? m.reason_code ?? "",
      bankName: m.bank_name,
      accountEnding: m.account.slice(-4),
      at: m.updated_at,
    })),
    failedDebits: debits.map((d) => ({
      donorId: d.donor_id,
      donorName: d.donor_name,
      agreementId: d.agreement_id,
      debitOn: d.debit_on ?? "",
      amountOre: d.amount_ore,
      status: d.status,
      errorCode: d.error_code,
    })),
  };
}
