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
