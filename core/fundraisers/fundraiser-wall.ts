import type { TeamMember } from "./fundraiser-teams";

/**
 * What a personal fundraiser's page shows of its gifts, decided in one place
 * (decision 0050):
 * - the total counts every paid gift and every offline gift the organiser
 *   added, anonymous or not; it is shown unless the organiser turned it off;
 * - the donor wall lists the same gifts, newest first: the giver's name and
 *   greeting when they allowed it and nobody has hidden it, otherwise
 *   "Anonym" (a wall that leaves anonymous gifts out looks like fudged
 *   numbers); an amount only when its giver chose to show it; an offline
 *   gift is marked as one;
 * - unpaid, refunded or cancelled gifts count for nothing.
 */
export interface WallGiftFacts {
  id: string;
  paid: boolean;
  amountOre: number;
  name: string | null;
  greeting: string | null;
  showName: boolean;
  showAmount: boolean;
  hidden: boolean;
  offline: boolean;
  createdAt: string;
}

export const ANONYMOUS = "Anonym";

export interface WallEntry {
  id: string;
  name: string;
  anonymous: boolean;
  /** Null when hidden by the organiser or staff, or never written. */
  greeting: string | null;
  /** Null unless the giver chose to show it. */
  amountOre: number | null;
  offline: boolean;
  createdAt: string;
}

export interface FundraiserTotals {
  amountOre: number;
  gifts: number;
  /** Of which added by the organiser. */
  offlineOre: number;
}

export function fundraiserTotals(gifts: readonly WallGiftFacts[]): FundraiserTotals {
  const counted = gifts.filter((g) => g.paid);
  return {
    amountOre: counted.reduce((sum, g) => sum + g.amountOre, 0),
    gifts: counted.length,
    offlineOre: counted.filter((g) => g.offline).reduce((sum, g) => sum + g.amountOre, 0),
  };
}

/** How many of the wall's gifts the page shows, newest first. */
export const WALL_SHOWN = 100;

export function donorWall(gifts: readonly WallGiftFacts[]): WallEntry[] {
  return gifts
    .filter((g) => g.paid)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
    .map((g) => {
      const named = g.showName && !g.hidden && g.name !== null && g.name !== "";
      return {
        id: g.id,
        name: named ? (g.name as string) : ANONYMOUS,
        anonymous: !named,
        greeting: named && g.greeting ? g.greeting : null,
        amountOre: g.showAmount ? g.amountOre : null,
        offline: g.offline,
        createdAt: g.createdAt,
      };
    });
}

/** The share of the goal reached, 0–100 (a page past its goal shows a full bar). */
export function goalPercent(amountOre: number, goalOre: number | null): number | null {
  if (goalOre === null || goalOre <= 0) return null;
  return Math.min(100, Math.floor((amountOre * 100) / goalOre));
}

/** A total as a page shows it against its goal: the live streams' and the loaders' shape. */
export interface LiveTotal {
  amountOre: number;
  gifts: number;
  percent: number | null;
}

export function liveTotal(totals: { amountOre: number; gifts: number }, goalOre: number | null): LiveTotal {
  return { amountOre: totals.amountOre, gifts: totals.gifts, percent: goalPercent(totals.amountOre, goalOre) };
}

/** How many of the newest gifts a fundraiser's live stream carries. */
export const LIVE_LATEST = 10;

/**
 * What a fundraiser's live stream sends (decisions 0050, 0055): the total
 * (null when the organiser hides it), the newest gifts of the wall, and the
 * ids of the gifts on the shown wall whose name and greeting someone hid –
 * so that a viewer's page drops a hidden greeting further down than the
 * newest gifts too, without a reload.
 */
export interface FundraiserLiveValue {
  total: LiveTotal | null;
  latest: WallEntry[];
  hidden: string[];
}

export function fundraiserLiveValue(page: { showTotal: boolean; goalOre: number | null }, gifts: readonly WallGiftFacts[]): FundraiserLiveValue {
  const wall = donorWall(gifts).slice(0, WALL_SHOWN);
  const hidden = new Set(gifts.filter((g) => g.hidden).map((g) => g.id));
  return {
    total: page.showTotal ? liveTotal(fundraiserTotals(gifts), page.goalOre) : null,
    latest: wall.slice(0, LIVE_LATEST),
    hidden: wall.filter((entry) => hidden.has(entry.id)).map((entry) => entry.id),
  };
}

/** The wall a viewer sees once a live value came: its newest gifts first, then the loaded ones, each hidden one as "Anonym" without its greeting. */
export function liveWall(loaded: readonly WallEntry[], live: Pick<FundraiserLiveValue, "latest" | "hidden">): WallEntry[] {
  const latest = new Set(live.latest.map((entry) => entry.id));
  const hidden = new Set(live.hidden);
  const earlier = loaded.filter((entry) => !latest.has(entry.id)).map((entry) => (hidden.has(entry.id) ? { ...entry, name: ANONYMOUS, anonymous: true, greeting: null } : entry));
  return [...live.latest, ...earlier];
}

/** The most members a team's live stream lists; a larger team's page keeps the list it loaded (its total stays live). */
export const LIVE_TEAM_MEMBERS = 200;

/**
 * What a team's live stream sends (decision 0055): its members' total, summed
 * as the team's page sums it, and its members as the page lists them (null
 * for a team of more than LIVE_TEAM_MEMBERS).
 */
export interface TeamLiveValue {
  total: LiveTotal;
  members: TeamMember[] | null;
}

/**
 * The member list a viewer sees once a live value came, without moving what
 * they are reading: the loaded order kept, each member's figures as streamed,
 * a member no longer shown (left, closed to visitors, hidden by staff) taken
 * out, and a member who joined added at the end. The order by amount is the
 * next load's.
 */
export function liveMembers(loaded: readonly TeamMember[], live: readonly TeamMember[]): TeamMember[] {
  const bySlug = new Map(live.map((member) => [member.slug, member]));
  const kept = loaded.flatMap((member) => bySlug.get(member.slug) ?? []);
  const known = new Set(loaded.map((member) => member.slug));
  return [...kept, ...live.filter((member) => !known.has(member.slug))];
}
