import type { Kysely, Selectable, Transaction } from "kysely";
import type { DB, FundraiserTeamsTable } from "#db/schema";

/**
 * Who may be in a team (decision 0052), in one place for the start form, the
 * organiser's tools and the team page:
 * - a personal fundraiser that is still open joins a team that is confirmed by
 *   its organiser, not hidden or refused by staff, and open;
 * - a memorial collection never joins one (a family's collection in someone's
 *   memory is not a contest with a member list by amount).
 */
export type TeamRow = Selectable<FundraiserTeamsTable>;
type Executor = Kysely<DB> | Transaction<DB>;

export function teamPath(slug: string): string {
  return `/insamling/lag/${slug}`;
}

/** What a visitor at the team's address gets, as for a fundraiser's page (core/fundraisers/fundraiser-service.ts pageVisibility). */
export type TeamVisibility = "visible" | "unconfirmed" | "waiting" | "refused" | "hidden";

export function teamVisibility(team: TeamRow, options: { visibleBeforeReview: boolean }): TeamVisibility {
  if (team.hidden_at !== null) return "hidden";
  if (team.confirmed_at === null) return "unconfirmed";
  if (team.review === "refused") return "refused";
  if (team.review === "pending" && !options.visibleBeforeReview) return "waiting";
  return "visible";
}

/** A fundraiser that cannot join the team it asked for: the Swedish reason, for the field it came from. Nothing was changed. */
export class TeamJoinError extends Error {
  constructor(
    message: string,
    readonly field = "team",
  ) {
    super(message);
    this.name = "TeamJoinError";
  }
}

export const TEAM_NOT_FOUND = "Vi hittar inget lag med den adressen. Kontrollera länken du fick.";
export const TEAM_CLOSED = "Laget tar inte emot nya insamlingar.";
export const MEMORIAL_CANNOT_JOIN = "En minnesinsamling kan inte vara med i ett lag.";
export const FUNDRAISER_CLOSED_CANNOT_JOIN = "Insamlingen är avslutad och kan inte gå med i ett lag.";

export async function findTeamBySlug(db: Executor, slug: string): Promise<TeamRow | undefined> {
  return db.selectFrom("fundraiser_teams").selectAll().where("slug", "=", slug).executeTakeFirst();
}

export async function findTeamById(db: Executor, id: string): Promise<TeamRow | undefined> {
  return db.selectFrom("fundraiser_teams").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The team by its address if it takes members now; throws TeamJoinError otherwise. */
export async function joinableTeam(db: Executor, slug: string, options: { visibleBeforeReview: boolean }): Promise<TeamRow> {
  const team = await findTeamBySlug(db, slug);
  if (!team || teamVisibility(team, options) !== "visible") throw new TeamJoinError(TEAM_NOT_FOUND);
  if (team.status !== "open") throw new TeamJoinError(TEAM_CLOSED);
  return team;
}

/** Whether a fundraiser of this kind and status may be in a team at all. */
export function checkCanJoin(fundraiser: { kind: string; status: string }): void {
  if (fundraiser.kind === "memorial") throw new TeamJoinError(MEMORIAL_CANNOT_JOIN);
  if (fundraiser.status !== "open") throw new TeamJoinError(FUNDRAISER_CLOSED_CANNOT_JOIN);
}
