import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { DB } from "#db/schema";
import type { Clock } from "../clock";
import { enqueueJob } from "../jobs/job-queue";
import { generatedSlug } from "../memorial/collection-slug";
import { newManageTokenId, readManageLink, sameTokenId, signManageLink } from "../memorial/collection-links";
import { checkRecipientMail, countRecipientMail, type RecipientCounter } from "../mail/recipient-limit";
import { asFundraiser, FundraiserInputError, fundraiserGiftFactsOf, fundraiserPath, fundraisersOrganisedBy, organisedBy, pageVisibility, type FundraiserMailDeps, type ManageProof } from "./fundraiser-service";
import { fundraiserTotals, goalPercent } from "./fundraiser-wall";
import { checkCanJoin, findTeamById, findTeamBySlug, joinableTeam, teamPath, type TeamRow } from "./fundraiser-team-rules";
import type { ReviewFundraiserData, StartTeamData } from "./fundraiser-forms";
import { reviewColumns } from "./fundraiser-moderation";
import { markReportsHandled, openReportCounts, reportedPageIds } from "./page-reports";

/**
 * Teams (lag, decision 0052): a page at /insamling/lag/{slug} that sums its
 * members' personal fundraisers and lists them by amount, with a link to
 * start a page in the team. A team takes no gifts itself; its organiser is
 * identified as a fundraiser's is (BankID at once, or the e-mailed manage
 * link), and staff review it in the same queue as fundraisers.
 */
export const FUNDRAISER_TEAM_LINK_JOB = "fundraiser-team-link";
export const FUNDRAISER_TEAM_REVIEW_JOB = "fundraiser-team-review";

export function teamManagePath(slug: string, token: string | null): string {
  return `${teamPath(slug)}/hantera${token ? `?token=${encodeURIComponent(token)}` : ""}`;
}

const TAKEN = "Den adressen är redan tagen av ett annat lag. Välj en annan, eller lämna fältet tomt så skapar vi en åt dig.";

export interface StartTeamDeps {
  db: Kysely<DB>;
  clock: Clock;
  linkKey: Buffer;
  recipientMail: RecipientCounter;
}

/** Starts a team waiting for review; its manage link is e-mailed by a job queued in the same transaction. */
export async function startTeam(deps: StartTeamDeps, data: StartTeamData, organiser: { donorId: string | null }): Promise<{ team: TeamRow; token: string }> {
  if (data.slug && (await findTeamBySlug(deps.db, data.slug))) throw new FundraiserInputError({ slug: TAKEN });
  const addresses = [{ address: data.organiserEmail, field: "organiserEmail" }];
  await checkRecipientMail(deps.recipientMail, addresses);
  const now = deps.clock.now().toISOString();
  const team: TeamRow = {
    id: crypto.randomUUID(),
    slug: data.slug ?? generatedSlug(data.name),
    name: data.name,
    message: data.message,
    goal_ore: data.goalOre,
    organiser_name: data.organiserName,
    organiser_email: data.organiserEmail,
    organiser_donor_id: organiser.donorId,
    listed: data.listed ? 1 : 0,
    review: "pending",
    review_reason: null,
    reviewed_at: null,
    reviewed_by: null,
    confirmed_at: organiser.donorId ? now : null,
    hidden_at: null,
    hidden_reason: null,
    status: "open",
    closed_at: null,
    manage_token_id: newManageTokenId(),
    created_at: now,
    updated_at: now,
  };
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx.insertInto("fundraiser_teams").values(team).execute();
      await enqueueJob(trx, deps.clock, { type: FUNDRAISER_TEAM_LINK_JOB, payload: { teamId: team.id }, dedupeKey: `${FUNDRAISER_TEAM_LINK_JOB}:${team.id}:${team.manage_token_id}` });
      await countRecipientMail(deps.recipientMail, addresses, trx);
    });
  } catch (error) {
    if (data.slug && (await findTeamBySlug(deps.db, data.slug))) throw new FundraiserInputError({ slug: TAKEN });
    throw error;
  }
  return { team, token: signManageLink(deps.linkKey, { id: team.id, manageTokenId: team.manage_token_id }, deps.clock.now()) };
}

export type TeamManageAccess = { ok: true; team: TeamRow; bySession: boolean } | { ok: false; reason: "invalid" | "expired" };

/** The team organiser's way in: their BankID session, or the signed link (opening it the first time confirms the team). */
export async function teamManageAccess(db: Kysely<DB>, clock: Clock, linkKey: Buffer, slug: string, proof: ManageProof): Promise<TeamManageAccess> {
  const team = await findTeamBySlug(db, slug);
  if (team && proof.donorId && organisedBy(team, proof.donorId)) return { ok: true, team, bySession: true };
  const check = readManageLink(linkKey, proof.token, clock.now());
  if (!check.ok) return check;
  if (!team || team.id !== check.collectionId || !sameTokenId(team.manage_token_id, check.tokenId)) return { ok: false, reason: "invalid" };
  if (team.confirmed_at === null) {
    const now = clock.now().toISOString();
    await db.updateTable("fundraiser_teams").set({ confirmed_at: now, updated_at: now }).where("id", "=", team.id).where("confirmed_at", "is", null).execute();
    return { ok: true, team: { ...team, confirmed_at: now }, bySession: false };
  }
  return { ok: true, team, bySession: false };
}

export interface TeamMember {
  slug: string;
  path: string;
  title: string;
  organiserName: string;
  /** Null when the member's page does not show its total (it still counts in the team's). */
  amountOre: number | null;
  gifts: number;
  open: boolean;
}

export interface TeamTotals {
  amountOre: number;
  gifts: number;
  percent: number | null;
  members: TeamMember[];
}

/**
 * The team's total and member list: each visible member page's total exactly
 * as its own page counts it (core/fundraisers/fundraiser-wall.ts
 * fundraiserTotals over the same facts: paid, anonymous and offline gifts
 * alike), summed; members by amount, largest first, those that keep their
 * total to themselves last. A member page not shown to visitors (waiting,
 * refused, hidden, unconfirmed) is neither listed nor counted.
 */
export async function teamTotals(db: Kysely<DB>, team: Pick<TeamRow, "id" | "goal_ore">, options: { visibleBeforeReview: boolean }): Promise<TeamTotals> {
  const rows = await db.selectFrom("fundraisers").selectAll().where("team_id", "=", team.id).where("kind", "<>", "memorial").orderBy("created_at").limit(1000).execute();
  const members = rows.map(asFundraiser).filter((f): f is NonNullable<typeof f> => f !== undefined && pageVisibility(f, options) === "visible");
  const facts = await fundraiserGiftFactsOf(
    db,
    members.map((m) => m.id),
  );
  let amountOre = 0;
  let gifts = 0;
  const list = members.map((m) => {
    const totals = fundraiserTotals(facts.get(m.id) ?? []);
    amountOre += totals.amountOre;
    gifts += totals.gifts;
    return {
      slug: m.slug,
      path: fundraiserPath(m.slug),
      title: m.title,
      organiserName: m.organiser_name,
      amountOre: m.show_total === 1 ? totals.amountOre : null,
      gifts: totals.gifts,
      open: m.status === "open",
    };
  });
  list.sort((a, b) => (b.amountOre ?? -1) - (a.amountOre ?? -1) || a.title.localeCompare(b.title, "sv"));
  return { amountOre, gifts, percent: goalPercent(amountOre, team.goal_ore), members: list };
}

export interface ListedTeam {
  slug: string;
  path: string;
  name: string;
  organiserName: string;
  goalOre: number | null;
  amountOre: number;
  percent: number | null;
  members: number;
}

/**
 * The teams shown at /insamlingar: those whose organiser chose the list, confirmed, approved by staff,
 * not hidden and still taking members, newest first, each with its members' total as its own page sums it.
 */
export async function listPublicTeams(db: Kysely<DB>, options: { visibleBeforeReview: boolean }, limit = 20): Promise<ListedTeam[]> {
  const rows = await db
    .selectFrom("fundraiser_teams")
    .selectAll()
    .where("listed", "=", 1)
    .where("review", "=", "approved")
    .where("confirmed_at", "is not", null)
    .where("hidden_at", "is", null)
    .where("status", "=", "open")
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
  return Promise.all(
    rows.map(async (team) => {
      const totals = await teamTotals(db, team, options);
      return {
        slug: team.slug,
        path: teamPath(team.slug),
        name: team.name,
        organiserName: team.organiser_name,
        goalOre: team.goal_ore,
        amountOre: totals.amountOre,
        percent: totals.percent,
        members: totals.members.length,
      };
    }),
  );
}

/** A personal fundraiser joins the team at this address (the organiser's tools); the rules are core/fundraisers/fundraiser-team-rules.ts. */
export async function joinTeam(db: Kysely<DB>, clock: Clock, fundraiserId: string, teamSlug: string, options: { visibleBeforeReview: boolean }): Promise<TeamRow> {
  return db.transaction().execute(async (trx) => {
    const fundraiser = await trx.selectFrom("fundraisers").select(["id", "kind", "status"]).where("id", "=", fundraiserId).executeTakeFirst();
    if (!fundraiser) throw new Error(`Unknown fundraiser ${fundraiserId}`);
    checkCanJoin(fundraiser);
    const team = await joinableTeam(trx, teamSlug, options);
    await trx.updateTable("fundraisers").set({ team_id: team.id, updated_at: clock.now().toISOString() }).where("id", "=", fundraiserId).execute();
    return team;
  });
}

/** Leaves its team (its gifts leave the team's total with it). */
export async function leaveTeam(db: Kysely<DB>, clock: Clock, fundraiserId: string): Promise<void> {
  await db.updateTable("fundraisers").set({ team_id: null, updated_at: clock.now().toISOString() }).where("id", "=", fundraiserId).execute();
}

export async function editTeamText(db: Kysely<DB>, clock: Clock, teamId: string, message: string): Promise<void> {
  await db.updateTable("fundraiser_teams").set({ message, updated_at: clock.now().toISOString() }).where("id", "=", teamId).execute();
}

/** Closes the team to new members (its members' pages go on as they are). Twice is once. */
export async function closeTeam(db: Kysely<DB>, clock: Clock, teamId: string): Promise<boolean> {
  const now = clock.now().toISOString();
  const result = await db.updateTable("fundraiser_teams").set({ status: "closed", closed_at: now, updated_at: now }).where("id", "=", teamId).where("status", "=", "open").executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The teams a donor started with BankID, newest first (Mina sidor). */
export async function teamsOrganisedBy(db: Kysely<DB>, donorId: string): Promise<TeamRow[]> {
  return db.selectFrom("fundraiser_teams").selectAll().where("organiser_donor_id", "=", donorId).orderBy("created_at", "desc").limit(100).execute();
}

// Staff: the same review queue, decisions and visitors' reports as fundraisers (app/admin/admin-fundraisers.tsx).

export interface StaffTeamRow {
  team: TeamRow;
  /** Visitors' reports staff have not handled yet (decision 0055). */
  openReports: number;
}

/** Teams waiting for review (confirmed by their organiser), oldest first; teams with an unhandled report; and the newest of all. */
export async function teamsForStaff(db: Kysely<DB>): Promise<{ pending: StaffTeamRow[]; reported: StaffTeamRow[]; all: StaffTeamRow[] }> {
  const pending = await db.selectFrom("fundraiser_teams").selectAll().where("review", "=", "pending").where("confirmed_at", "is not", null).orderBy("created_at").limit(200).execute();
  const reportedIds = await reportedPageIds(db, "team");
  const reported = reportedIds.length === 0 ? [] : await db.selectFrom("fundraiser_teams").selectAll().where("id", "in", reportedIds).orderBy("created_at", "desc").execute();
  const all = await db.selectFrom("fundraiser_teams").selectAll().orderBy("created_at", "desc").limit(200).execute();
  const counts = await openReportCounts(db, "team", [...new Set([...pending, ...reported, ...all].map((t) => t.id))]);
  const rows = (list: TeamRow[]) => list.map((team) => ({ team, openReports: counts.get(team.id) ?? 0 }));
  return { pending: rows(pending), reported: rows(reported), all: rows(all) };
}

/** Staff decide on a team as on a fundraiser; the organiser is e-mailed by a job queued in the same transaction. */
export async function reviewTeam(db: Kysely<DB>, clock: Clock, teamId: string, staffRef: string, decision: ReviewFundraiserData): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = clock.now().toISOString();
    const result = await trx
      .updateTable("fundraiser_teams")
      .set(reviewColumns(decision, staffRef, now))
      .where("id", "=", teamId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await enqueueJob(trx, clock, { type: FUNDRAISER_TEAM_REVIEW_JOB, payload: { teamId }, dedupeKey: `${FUNDRAISER_TEAM_REVIEW_JOB}:${teamId}:${now}` });
    return true;
  });
}

/**
 * Staff hide a team's page or show it again, as a fundraiser's (core/fundraisers/fundraiser-moderation.ts); hiding or
 * showing handles its open reports, and `changed` tells the live pages in the same transaction.
 */
export async function setTeamHidden(
  db: Kysely<DB>,
  clock: Clock,
  teamId: string,
  staffRef: string,
  hidden: { reason: string } | null,
  changed: (trx: Transaction<DB>) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = clock.now().toISOString();
    const result = await trx.updateTable("fundraiser_teams").set({ hidden_at: hidden ? now : null, hidden_reason: hidden?.reason ?? null, updated_at: now }).where("id", "=", teamId).executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await markReportsHandled(trx, clock, { kind: "team", id: teamId }, staffRef);
    await changed(trx);
    return true;
  });
}

const payloadSchema = z.object({ teamId: z.string().min(1) });
const signOff = (deps: FundraiserMailDeps) => ["", "Varma hälsningar,", deps.site.name, `${deps.site.phone} · ${deps.site.email}`];

async function teamForJob(db: Kysely<DB>, payload: unknown): Promise<TeamRow> {
  const { teamId } = payloadSchema.parse(payload);
  const team = await findTeamById(db, teamId);
  if (!team) throw new Error(`Unknown team ${teamId}`);
  return team;
}

/** The job after starting a team: its manage link (which confirms the team when its organiser did not use BankID) and the link to share. */
export async function sendTeamLink(deps: FundraiserMailDeps, payload: unknown): Promise<void> {
  const team = await teamForJob(deps.db, payload);
  const token = signManageLink(deps.linkKey, { id: team.id, manageTokenId: team.manage_token_id }, deps.clock.now());
  const confirmed = team.confirmed_at !== null;
  await deps.mailer.send({
    to: team.organiser_email,
    subject: confirmed ? `Ditt lag ”${team.name}” är startat` : `Bekräfta ditt lag ”${team.name}”`,
    text: [
      `Hej ${team.organiser_name},`,
      "",
      confirmed
        ? `Tack för att du samlar ett lag för hjärt- och lungforskningen! Laget ”${team.name}” är startat.`
        : `Tack för att du vill samla ett lag för hjärt- och lungforskningen! Öppna länken nedan för att bekräfta laget ”${team.name}”. Sidan syns inte förrän du har gjort det.`,
      "",
      "Med den här länken hanterar du laget: ändrar texten och stänger laget för nya medlemmar. Spara mejlet och dela inte länken.",
      `${deps.publicUrl}${teamManagePath(team.slug, token)}`,
      "",
      `Dela lagets sida, där var och en startar sin egen insamling i laget: ${deps.publicUrl}${teamPath(team.slug)}`,
      ...signOff(deps),
    ].join("\n"),
  });
}

/** The job after staff's review of a team. */
export async function sendTeamReview(deps: FundraiserMailDeps, payload: unknown): Promise<void> {
  const team = await teamForJob(deps.db, payload);
  if (team.review === "pending") return;
  const approved = team.review === "approved";
  await deps.mailer.send({
    to: team.organiser_email,
    subject: approved ? `Ditt lag ”${team.name}” är godkänt` : `Ditt lag ”${team.name}” kan inte visas`,
    text: [
      `Hej ${team.organiser_name},`,
      "",
      approved
        ? team.listed === 1
          ? "Vi har läst lagets sida och den visas nu bland insamlingarna på vår webbplats. Tack för ditt engagemang!"
          : "Vi har läst lagets sida och godkänt den. Den visas bara för dem som har adressen, som du valde. Tack för ditt engagemang!"
        : "Vi har läst lagets sida och kan tyvärr inte visa den på webbplatsen. Så här motiverar vi beslutet:",
      ...(approved ? [] : ["", team.review_reason ?? "", "", "Har du frågor, eller vill du ändra något och prova igen? Svara på det här mejlet eller ring oss."]),
      "",
      `${deps.publicUrl}${teamPath(team.slug)}`,
      ...signOff(deps),
    ].join("\n"),
  });
}

export interface OrganisedPage {
  type: "fundraiser" | "team";
  title: string;
  path: string;
  managePath: string;
  open: boolean;
  review: TeamRow["review"];
  hidden: boolean;
  createdAt: string;
}

/** What a donor started with BankID – fundraisers and teams – with their manage pages, which their session opens (Mina sidor, decision 0052). */
export async function pagesOrganisedBy(db: Kysely<DB>, donorId: string): Promise<OrganisedPage[]> {
  const [fundraisers, teams] = await Promise.all([fundraisersOrganisedBy(db, donorId), teamsOrganisedBy(db, donorId)]);
  return [
    ...fundraisers.map((f) => ({
      type: "fundraiser" as const,
      title: f.title,
      path: fundraiserPath(f.slug),
      managePath: `${fundraiserPath(f.slug)}/hantera`,
      open: f.status === "open",
      review: f.review,
      hidden: f.hidden_at !== null,
      createdAt: f.created_at,
    })),
    ...teams.map((t) => ({
      type: "team" as const,
      title: t.name,
      path: teamPath(t.slug),
      managePath: teamManagePath(t.slug, null),
      open: t.status === "open",
      review: t.review,
      hidden: t.hidden_at !== null,
      createdAt: t.created_at,
    })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
