import type { Kysely, Transaction } from "kysely";
import type { Clock } from "#core/clock";
import type { DB } from "#db/schema";

/** A named gift as staff see it on the gala's moderation list: what /gala shows, and whether it is hidden. */
export interface GalaMentionForStaff {
  giftId: string;
  firstName: string;
  place: string | null;
  paidAt: string;
  hiddenAt: string | null;
}

/** How many of the latest named gifts staff see (the gala shows six; a few screens more lets them catch one that just scrolled off). */
export const STAFF_MENTIONS_SHOWN = 40;

/**
 * The latest paid gifts whose givers chose to be named since `startsAt`,
 * hidden ones included (staff may show one again), newest first – the same
 * query /gala's live total runs, without its filter on `hidden_at`.
 */
export async function galaMentionsForStaff(db: Kysely<DB>, startsAt: string, limit = STAFF_MENTIONS_SHOWN): Promise<GalaMentionForStaff[]> {
  const rows = await db
    .selectFrom("gifts")
    .innerJoin("gift_mentions", "gift_mentions.gift_id", "gifts.id")
    .select(["gifts.id", "gift_mentions.first_name", "gift_mentions.place", "gifts.paid_at", "gift_mentions.hidden_at"])
    .where("gifts.status", "=", "paid")
    .where("gifts.paid_at", ">=", startsAt)
    .orderBy("gifts.paid_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ giftId: row.id, firstName: row.first_name, place: row.place, paidAt: row.paid_at as string, hiddenAt: row.hidden_at }));
}

/**
 * Hides a giver's name on the gala, or shows it again. `changed` runs inside
 * the same transaction – the live totals' change notice, so that every
 * instance reads the total again when (and only if) this commits. Answers
 * false when there is no such named gift or it is already in that state
 * (nothing changed, nobody is told).
 */
export async function setGalaMentionHidden(
  db: Kysely<DB>,
  clock: Clock,
  change: { giftId: string; hidden: boolean; by: string },
  changed: (trx: Transaction<DB>) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("gift_mentions")
      .set(change.hidden ? { hidden_at: clock.now().toISOString(), hidden_by: change.by } : { hidden_at: null, hidden_by: null })
      .where("gift_id", "=", change.giftId)
      .where("hidden_at", change.hidden ? "is" : "is not", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await changed(trx);
    return true;
  });
}
