import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { Clock } from "../clock";
import type { DonorRow } from "../donors/donor-repository";
import { isLetterReference, letterReferenceHash, newLetterReference, normaliseLetterReference } from "./letter-link-reference";

/**
 * Links printed on letters the charity posts (decision 0023). Staff make one
 * per letter (`npm run letter:link`); the donor's browser asks
 * GET /api/donor/{reference} for what the form needs – name and postal
 * address, nothing else (never a personnummer, e-mail or gifts). A link works
 * for a short time (LETTER_LINK_TTL_DAYS, 60 by default), several may be out
 * at once (one per letter), and all of a donor's go when the donor is erased.
 */
export interface LetterPrefill {
  name: string;
  street: string;
  postalCode: string;
  city: string;
}

export interface IssuedLetterLink {
  reference: string;
  expiresAt: string;
}

/** Why staff cannot make a link for this donor: there is no address to pre-fill, or it must not be shown. */
export class LetterLinkRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LetterLinkRefusal";
  }
}

export function letterPrefillOf(donor: Pick<DonorRow, "given_name" | "surname" | "street" | "postal_code" | "city" | "protected_identity">): LetterPrefill | null {
  if (donor.protected_identity || !donor.street || !donor.postal_code || !donor.city) return null;
  return { name: `${donor.given_name} ${donor.surname}`.trim(), street: donor.street, postalCode: donor.postal_code, city: donor.city };
}

export async function issueLetterLink(deps: { db: Kysely<DB>; clock: Clock }, donor: DonorRow, ttlDays: number): Promise<IssuedLetterLink> {
  if (donor.protected_identity) throw new LetterLinkRefusal("The donor has a protected identity: their address is never shown, so no link can pre-fill it.");
  if (!letterPrefillOf(donor)) throw new LetterLinkRefusal("We have no complete postal address for the donor, so a link would have nothing to pre-fill.");
  const reference = newLetterReference();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + ttlDays * 86_400_000).toISOString();
  await deps.db
    .insertInto("letter_links")
    .values({ reference_hash: letterReferenceHash(reference), donor_id: donor.id, created_at: now.toISOString(), expires_at: expiresAt })
    .execute();
  return { reference, expiresAt };
}

/**
 * What a letter's link pre-fills (the reference in either letter case), or null – one answer for a malformed,
 * unknown or expired reference and for a donor whose address is gone. Unknown
 * and expired are one indexed look-up by the hash, so they take the same time.
 */
export async function letterPrefill(deps: { db: Kysely<DB>; clock: Clock }, given: string): Promise<LetterPrefill | null> {
  const reference = normaliseLetterReference(given);
  if (!isLetterReference(reference)) return null;
  const donor = await deps.db
    .selectFrom("letter_links")
    .innerJoin("donors", "donors.id", "letter_links.donor_id")
    .select(["donors.given_name", "donors.surname", "donors.street", "donors.postal_code", "donors.city", "donors.protected_identity"])
    .where("letter_links.reference_hash", "=", letterReferenceHash(reference))
    .where("letter_links.expires_at", ">", deps.clock.now().toISOString())
    .executeTakeFirst();
  return donor ? letterPrefillOf(donor) : null;
}

/** The donor staff mean: by id, or by e-mail address (any letter case; several donors may share one). */
export async function donorsForLetter(db: Kysely<DB>, who: string): Promise<DonorRow[]> {
  const value = who.trim();
  if (value.includes("@")) {
    return db
      .selectFrom("donors")
      .selectAll()
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", value.toLowerCase()))
      .orderBy("created_at")
      .execute();
  }
  return db.selectFrom("donors").selectAll().where("id", "=", value).execute();
}
