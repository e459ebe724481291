import type { Kysely } from "kysely";
import type { DB } from "#db/schema";

/** A giver named on a live page, as they chose: first name and place, never the amount or anything else. */
export interface NamedGiver {
  firstName: string;
  place: string | null;
  /** When the gift was paid (ISO), for the order and "nyss". */
  paidAt: string;
}

export interface CampaignTotal {
  /** Paid gifts since the campaign started, in öre. */
  totalOre: number;
  giftCount: number;
  /** The latest paid gifts whose givers chose to be named, newest first. */
  latest: NamedGiver[];
}

/** How many named givers a live page shows. */
export const LATEST_NAMED_GIVERS = 6;

/**
 * A campaign's total: every gift paid since `startsAt` (a refunded one no
 * longer counts), and the latest givers who chose to be named and whose
 * names staff have not hidden. Two queries
 * over `gifts(status, paid_at)` (migration 0021); the live fan-out runs them
 * at most once a second however many watch (decision 0049).
 */
export async function readCampaignTotal(db: Kysely<DB>, startsAt: string): Promise<CampaignTotal> {
  const [sums, latest] = await Promise.all([
    db
      .selectFrom("gifts")
      .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>("amount_ore"), eb.lit(0)).as("ore"), eb.fn.countAll<number>().as("count")])
      .where("status", "=", "paid")
      .where("paid_at", ">=", startsAt)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("gifts")
      .innerJoin("gift_mentions", "gift_mentions.gift_id", "gifts.id")
      .select(["gift_mentions.first_name", "gift_mentions.place", "gifts.paid_at"])
      .where("gifts.status", "=", "paid")
      .where("gifts.paid_at", ">=", startsAt)
      // A name staff hid (offensive, or a giver who regrets it) is gone from every screen; the gift still counts (decision 0054).
      .where("gift_mentions.hidden_at", "is", null)
      .orderBy("gifts.paid_at", "desc")
      .limit(LATEST_NAMED_GIVERS)
      .execute(),
  ]);
  return {
    totalOre: Number(sums.ore),
    giftCount: Number(sums.count),
    latest: latest.map((row) => ({ firstName: row.first_name, place: row.place, paidAt: row.paid_at as string })),
  };
}
