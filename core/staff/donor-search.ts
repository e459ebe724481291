import { sql, type Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { DonorRow } from "../donors/donor-repository";
import { parsePersonnummer } from "../identity/personnummer";

/**
 * The fundraising team's donor search: a personnummer exactly (any way it is
 * written), or part of a name or an e-mail address. At most `limit` donors.
 */
export async function searchDonors(db: Kysely<DB>, query: string, now: Date, limit = 50): Promise<DonorRow[]> {
  const text = query.trim();
  if (text.length < 2) return [];
  const personnummer = parsePersonnummer(text, { now })?.canonical;
  if (personnummer) return db.selectFrom("donors").selectAll().where("personnummer", "=", personnummer).limit(1).execute();
  const like = `%${text.toLowerCase()}%`;
  return db
    .selectFrom("donors")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(given_name || ' ' || surname)`, "like", like),
        eb(eb.fn("lower", ["email"]), "like", like),
      ]),
    )
    .orderBy("surname")
    .orderBy("given_name")
    .limit(limit)
    .execute();
}
