import type { Kysely } from "kysely";

/**
 * Indexes for a database with years of giving (issue #18, decision 0032;
 * `npm run bench:scale` prints the plans they change, on both engines):
 * - `gifts_paid_idx`: the year's paid gifts, for the KU65 report and the back
 *   office's tax page, are a range of `paid_at` instead of every gift ever
 *   given; it carries every column the report reads, so SQLite answers from
 *   the index alone.
 * - `gifts_personnummer_donor_idx` replaces `gifts_personnummer_idx`: a
 *   donor's gifts not linked to them yet (Mina sidor, linking at login) are
 *   `donor_personnummer = ? and donor_id is null`, one range of this index,
 *   where PostgreSQL otherwise intersected the personnummer with the bitmap of
 *   every unlinked gift in the table. Its first column serves every query the
 *   old index did.
 */
export const MIGRATION_0021_INDEXES = ["gifts_paid_idx", "gifts_personnummer_donor_idx"] as const;

/** What 0021 dropped, to put back when showing the plans without it (scripts/bench-scale.ts). */
export const MIGRATION_0021_DROPPED = [{ name: "gifts_personnummer_idx", table: "gifts", columns: ["donor_personnummer"] }] as const;

export async function up0021(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("gifts_paid_idx")
    .on("gifts")
    .columns(["status", "paid_at", "gift_type", "amount_ore", "donor_personnummer", "donor_id"])
    .execute();
  await db.schema.createIndex("gifts_personnummer_donor_idx").on("gifts").columns(["donor_personnummer", "donor_id"]).execute();
  await db.schema.dropIndex("gifts_personnummer_idx").execute();
}
