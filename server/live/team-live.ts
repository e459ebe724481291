import type { RequestHandler } from "express";
import type { AppContainer } from "../container";
import { findTeamBySlug, teamVisibility } from "#core/fundraisers/fundraiser-team-rules";
import { teamTotals } from "#core/fundraisers/fundraiser-teams";
import { LIVE_TEAM_MEMBERS, liveTotal, type TeamLiveValue } from "#core/fundraisers/fundraiser-wall";
import type { LiveFeed } from "./live-fan-out";
import { pageFeed, pageLive } from "./page-live";

export type { TeamLiveValue };

/** The team at this address as its live stream shows it – its members' total, summed as its page sums it, and its member list – or null while visitors are not shown the team. */
export function teamFeed(container: AppContainer, slug: string): LiveFeed<TeamLiveValue | null> {
  return pageFeed(`team:${slug}`, async () => {
    const options = { visibleBeforeReview: container.fundraisers.visibleBeforeReview };
    const team = await findTeamBySlug(container.db, slug);
    if (!team || teamVisibility(team, options) !== "visible") return null;
    const totals = await teamTotals(container.db, team, options);
    return { total: liveTotal(totals, team.goal_ore), members: totals.members.length <= LIVE_TEAM_MEMBERS ? totals.members : null };
  });
}

/**
 * GET /insamling/lag/{slug}/live (decision 0055 over 0049): the team's total
 * and member list as server-sent events, one key per team in the shared fan-out beside its
 * members' own – read at most once a second however many watch, when a gift
 * to any page is paid or refunded, and every few seconds while watched (a
 * member joining or leaving, an offline gift). The team page works without it.
 */
export function teamLive(container: AppContainer): RequestHandler {
  return pageLive(container, (slug) => teamFeed(container, slug), "Laget finns inte.");
}
