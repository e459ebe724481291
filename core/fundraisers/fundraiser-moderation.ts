import type { Kysely, Transaction } from "kysely";
import type { DB } from "#db/schema";
import type { Clock } from "../clock";
import { enqueueJob } from "../jobs/job-queue";
import { swedishDate } from "../calendar/swedish-calendar";
import { asFundraiser, FUNDRAISER_REVIEW_JOB, type FundraiserRow } from "./fundraiser-service";
import type { ReviewFundraiserData } from "./fundraiser-forms";
import { markReportsHandled, openReportCounts, reportedPageIds, reportsOf } from "./page-reports";

/**
 * Staff's side of personal fundraisers (decision 0050): the review queue,
 * approving or refusing (the organiser is e-mailed, with the reason when
 * refused), hiding a page or a greeting, and visitors' reports. The back
 * office audit-logs each action (app/admin/admin-fundraisers.tsx).
 */
export interface StaffFundraiserRow {
  fundraiser: FundraiserRow;
  paidGifts: number;
  totalOre: number;
  openReports: number;
}

async function withTotals(db: Kysely<DB>, rows: FundraiserRow[]): Promise<StaffFundraiserRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const online = await db
    .selectFrom("fundraiser_gifts as fg")
    .innerJoin("gifts as g", "g.id", "fg.gift_id")
    .select(["fg.fundraiser_id", (eb) => eb.fn.count<string | number>("g.id").as("n"), (eb) => eb.fn.sum<string | number>("g.amount_ore").as("ore")])
    .where("fg.fundraiser_id", "in", ids)
    .where("g.status", "=", "paid")
    .groupBy("fg.fundraiser_id")
    .execute();
  const offline = await db
    .selectFrom("fundraiser_offline_gifts")
    .select(["fundraiser_id", (eb) => eb.fn.count<string | number>("id").as("n"), (eb) => eb.fn.sum<string | number>("amount_ore").as("ore")])
    .where("fundraiser_id", "in", ids)
    .groupBy("fundraiser_id")
    .execute();
  const reports = await openReportCounts(db, "fundraiser", ids);
  const sum = (list: Array<{ fundraiser_id: string; n: string | number; ore?: string | number | null }>, id: string) => list.find((r) => r.fundraiser_id === id);
  return rows.map((fundraiser) => {
    const a = sum(online, fundraiser.id);
    const b = sum(offline, fundraiser.id);
    return {
      fundraiser,
      paidGifts: Number(a?.n ?? 0) + Number(b?.n ?? 0),
      totalOre: Number(a?.ore ?? 0) + Number(b?.ore ?? 0),
      openReports: reports.get(fundraiser.id) ?? 0,
    };
  });
}

const personal = (rows: Array<Parameters<typeof asFundraiser>[0]>) => rows.map(asFundraiser).filter((r): r is FundraiserRow => r !== undefined);

/** Waiting for review (confirmed by their organiser), oldest first; then every page with an unhandled report. */
export async function reviewQueue(db: Kysely<DB>): Promise<{ pending: StaffFundraiserRow[]; reported: StaffFundraiserRow[] }> {
  const pending = await db
    .selectFrom("fundraisers")
    .selectAll()
    .where("kind", "<>", "memorial")
    .where("review", "=", "pending")
    .where("confirmed_at", "is not", null)
    .orderBy("created_at")
    .limit(200)
    .execute();
  const reportedIds = await reportedPageIds(db, "fundraiser");
  const reported = reportedIds.length === 0 ? [] : await db.selectFrom("fundraisers").selectAll().where("kind", "<>", "memorial").where("id", "in", reportedIds).orderBy("created_at", "desc").execute();
  return { pending: await withTotals(db, personal(pending)), reported: await withTotals(db, personal(reported)) };
}

/** Every personal fundraiser, newest first (the back office's list). */
export async function listFundraisersForStaff(db: Kysely<DB>, limit = 200): Promise<StaffFundraiserRow[]> {
  const rows = await db.selectFrom("fundraisers").selectAll().where("kind", "<>", "memorial").orderBy("created_at", "desc").limit(limit).execute();
  return withTotals(db, personal(rows));
}

export async function fundraiserForStaff(db: Kysely<DB>, id: string) {
  const fundraiser = asFundraiser(await db.selectFrom("fundraisers").selectAll().where("id", "=", id).executeTakeFirst());
  if (!fundraiser) return null;
  const [row] = await withTotals(db, [fundraiser]);
  const reports = await reportsOf(db, { kind: "fundraiser", id });
  const gifts = await db
    .selectFrom("fundraiser_gifts as fg")
    .innerJoin("gifts as g", "g.id", "fg.gift_id")
    .select(["g.id", "g.order_reference", "g.donor_name", "g.amount_ore", "g.status", "g.created_at", "fg.display_name", "fg.greeting", "fg.show_on_page", "fg.hidden_at"])
    .where("fg.fundraiser_id", "=", id)
    .orderBy("g.created_at", "desc")
    .execute();
  return { ...row!, reports, gifts };
}

/** What staff's decision writes on a fundraiser or a team (the same review columns on both tables). */
export function reviewColumns(decision: ReviewFundraiserData, staffRef: string, now: string) {
  return {
    review: decision.decision === "approve" ? ("approved" as const) : ("refused" as const),
    review_reason: decision.decision === "refuse" ? decision.reason : null,
    reviewed_at: now,
    reviewed_by: staffRef,
    updated_at: now,
  };
}

/**
 * Staff decide: approved or refused with a reason, and the organiser is
 * e-mailed by a job queued in the same transaction. A later decision
 * replaces an earlier one (a refused page put right is approved).
 */
export async function reviewFundraiser(db: Kysely<DB>, clock: Clock, fundraiserId: string, staffRef: string, decision: ReviewFundraiserData): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = clock.now().toISOString();
    const result = await trx
      .updateTable("fundraisers")
      .set(reviewColumns(decision, staffRef, now))
      .where("id", "=", fundraiserId)
      .where("kind", "<>", "memorial")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await enqueueJob(trx, clock, { type: FUNDRAISER_REVIEW_JOB, payload: { fundraiserId }, dedupeKey: `${FUNDRAISER_REVIEW_JOB}:${fundraiserId}:${now}` });
    return true;
  });
}

/**
 * Staff hide a page (it answers "hidden" at its address and leaves every list) or show it again; handles its open reports.
 * `changed` runs in the same transaction, as for a hidden greeting: the live pages read the page again at once, so
 * its stream and its team's member list stop showing it within a second, not at the next refresh.
 */
export async function setFundraiserHidden(
  db: Kysely<DB>,
  clock: Clock,
  fundraiserId: string,
  staffRef: string,
  hidden: { reason: string } | null,
  changed: (trx: Transaction<DB>) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = clock.now().toISOString();
    const result = await trx
      .updateTable("fundraisers")
      .set({ hidden_at: hidden ? now : null, hidden_reason: hidden?.reason ?? null, updated_at: now })
      .where("id", "=", fundraiserId)
      .where("kind", "<>", "memorial")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await markReportsHandled(trx, clock, { kind: "fundraiser", id: fundraiserId }, staffRef);
    await changed(trx);
    return true;
  });
}

/**
 * Hides a greeting on the donor wall (the organiser or staff) or shows it
 * again. False when the gift is not this page's. `changed` runs in the same
 * transaction when a row changed: the site tells the live pages there
 * (decision 0055), so every viewer's wall drops the name and greeting within
 * a second on every instance, and hears nothing if the change rolls back.
 */
export async function setWallGreetingHidden(
  db: Kysely<DB>,
  clock: Clock,
  change: { fundraiserId: string; giftId: string; hidden: boolean },
  changed: (trx: Transaction<DB>) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("fundraiser_gifts")
      .set({ hidden_at: change.hidden ? clock.now().toISOString() : null })
      .where("fundraiser_id", "=", change.fundraiserId)
      .where("gift_id", "=", change.giftId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await changed(trx);
    return true;
  });
}

export interface ListedFundraiser {
  slug: string;
  kind: FundraiserRow["kind"];
  title: string;
  picture: FundraiserRow["picture"];
  organiserName: string;
  goalOre: number | null;
  totalOre: number;
  showTotal: boolean;
  endsOn: string | null;
}

/** /insamlingar: approved, listed, confirmed, not hidden and still taking gifts; newest first. */
export async function listPublicFundraisers(db: Kysely<DB>, clock: Clock, limit = 60): Promise<ListedFundraiser[]> {
  const today = swedishDate(clock.now());
  const rows = await db
    .selectFrom("fundraisers")
    .selectAll()
    .where("kind", "<>", "memorial")
    .where("review", "=", "approved")
    .where("listed", "=", 1)
    .where("confirmed_at", "is not", null)
    .where("hidden_at", "is", null)
    .where("status", "=", "open")
    .where((eb) => eb.or([eb("ends_on", "is", null), eb("ends_on", ">=", today)]))
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
  return (await withTotals(db, personal(rows))).map(({ fundraiser: f, totalOre }) => ({
    slug: f.slug,
    kind: f.kind,
    title: f.title,
    picture: f.picture,
    organiserName: f.organiser_name,
    goalOre: f.goal_ore,
    totalOre,
    showTotal: f.show_total === 1,
    endsOn: f.ends_on,
  }));
}

