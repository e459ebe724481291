import type { Kysely, Transaction } from "kysely";
import type { DB } from "#db/schema";
import { recipientKey } from "../mail/recipient-limit";

/**
 * Each address that gave a paid gift on a fundraiser, once, with the name of its first gift: whom the
 * organiser's updates (only those who asked for them) and the thank-you when it ends are mailed to.
 */
export async function paidGiverAddresses(
  db: Kysely<DB> | Transaction<DB>,
  fundraiserId: string,
  options: { onlyWantingUpdates?: boolean } = {},
): Promise<Array<{ address: string; name: string }>> {
  let query = db
    .selectFrom("fundraiser_gifts as fg")
    .innerJoin("gifts as g", "g.id", "fg.gift_id")
    .select(["g.donor_email", "g.donor_name"])
    .where("fg.fundraiser_id", "=", fundraiserId)
    .where("g.status", "=", "paid");
  if (options.onlyWantingUpdates) query = query.where("fg.wants_updates", "=", 1);
  const givers = await query.orderBy("g.created_at").execute();
  const seen = new Map<string, string>();
  for (const giver of givers) {
    const address = recipientKey(giver.donor_email ?? "");
    if (address.includes("@") && !seen.has(address)) seen.set(address, giver.donor_name ?? "");
  }
  return [...seen].map(([address, name]) => ({ address, name }));
}
