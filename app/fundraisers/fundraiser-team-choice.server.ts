import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { AppContainer } from "#server/container";
import { findTeamById, teamPath, TeamJoinError } from "#core/fundraisers/fundraiser-team-rules";
import { joinTeam, leaveTeam } from "#core/fundraisers/fundraiser-teams";
import type { FundraiserRow } from "#core/fundraisers/fundraiser-service";

/** The manage page's team part (decision 0052): which team the page is in, and joining or leaving one. */
export const TEAM_DONE = {
  lag: "Insamlingen är med i laget.",
  utanlag: "Insamlingen är inte längre med i laget.",
} as const;

export async function organiserTeamView(db: Kysely<DB>, fundraiser: FundraiserRow) {
  const team = fundraiser.team_id ? await findTeamById(db, fundraiser.team_id) : undefined;
  return team ? { name: team.name, path: teamPath(team.slug) } : null;
}

export async function organiserTeamAction(
  container: AppContainer,
  fundraiserId: string,
  intent: "join" | "leave",
  value: Record<string, unknown>,
): Promise<{ ok: true; done: keyof typeof TEAM_DONE } | { ok: false; message: string }> {
  if (intent === "leave") {
    await leaveTeam(container.db, container.clock, fundraiserId);
    return { ok: true, done: "utanlag" };
  }
  try {
    await joinTeam(container.db, container.clock, fundraiserId, String(value.team), { visibleBeforeReview: container.fundraisers.visibleBeforeReview });
    return { ok: true, done: "lag" };
  } catch (error) {
    if (error instanceof TeamJoinError) return { ok: false, message: error.message };
    throw error;
  }
}
