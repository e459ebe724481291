import crypto from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Clock } from "../clock";
import type { DB, DonorsTable } from "#db/schema";
import type { DonorDetails } from "./donor-details";

export type DonorRow = Selectable<DonorsTable>;
type Executor = Kysely<DB> | Transaction<DB>;

export interface PostalAddress {
  street: string;
  postalCode: string;
  city: string;
}

/** A person as an identification or the population register describes them. */
export interface IdentifiedPerson {
  personnummer: string;
  givenName: string;
  surname: string;
  protectedIdentity?: boolean;
  address?: PostalAddress | null;
}

export async function findDonor(db: Executor, id: string): Promise<DonorRow | undefined> {
  return db.selectFrom("donors").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findDonorByPersonnummer(db: Executor, personnummer: string): Promise<DonorRow | undefined> {
  return db.selectFrom("donors").selectAll().where("personnummer", "=", personnummer).executeTakeFirst();
}

/** The donor with this e-mail address (as stored: lower case), if any. */
export async function findDonorByEmail(db: Executor, email: string): Promise<DonorRow | undefined> {
  return db.selectFrom("donors").selectAll().where("email", "=", email).executeTakeFirst();
}

/**
 * The address the donor typed in a form they signed or paid with becomes the
 * one we write to (issue #29: a donor who signed up again with a new address
 * got every letter at the old one). Answers whether it replaced another
 * address, so that the page can tell the donor.
 */
export async function takeEmailFromForm(db: Executor, clock: Clock, donor: DonorRow, email: string): Promise<{ donor: DonorRow; replaced: boolean }> {
  if (donor.email?.toLowerCase() === email.toLowerCase()) return { donor, replaced: false };
  const update = { email, updated_at: clock.now().toISOString() };
  await db.updateTable("donors").set(update).where("id", "=", donor.id).execute();
  return { donor: { ...donor, ...update }, replaced: donor.email !== null };
}

/**
 * The donor for a personnummer that has just been proven (BankID), created on
 * first login. An existing donor keeps the details they have given us; only
 * gaps are filled from the identification and the register. A protected
 * identity never gets an address, and one stored earlier is removed.
 */
export async function upsertIdentifiedDonor(db: Kysely<DB>, clock: Clock, person: IdentifiedPerson): Promise<DonorRow> {
  const now = clock.now().toISOString();
  const isProtected = person.protectedIdentity === true;
  const address = isProtected ? null : (person.address ?? null);
  const existing = await findDonorByPersonnummer(db, person.personnummer);
  if (!existing) {
    // Earlier gifts tell us the e-mail the donor used; receipts went there, so it is theirs.
    const lastGift = await db
      .selectFrom("gifts")
      .select(["donor_email", "newsletter_consent"])
      .where("donor_personnummer", "=", person.personnummer)
      .orderBy("created_at", "desc")
      .executeTakeFirst();
    const row: DonorRow = {
      id: crypto.randomUUID(),
      personnummer: person.personnummer,
      given_name: person.givenName,
      surname: person.surname,
      street: address?.street ?? null,
      postal_code: address?.postalCode ?? null,
      city: address?.city ?? null,
      protected_identity: isProtected ? 1 : 0,
      email: lastGift?.donor_email || null,
      pending_email: null,
      phone: null,
      contact_email: 1,
      contact_post: 1,
      contact_phone: 0,
      newsletter: lastGift?.newsletter_consent ?? 0,
      created_at: now,
      updated_at: now,
      last_login_at: now,
    };
    // Two logins at once for a new donor: the unique personnummer lets one insert win.
    await db.insertInto("donors").values(row).onConflict((oc) => oc.column("personnummer").doNothing()).execute();
    const stored = await findDonorByPersonnummer(db, person.personnummer);
    if (!stored) throw new Error("donor row vanished after insert");
    await linkGiftsToDonor(db, stored);
    return stored;
  }
  const update: Partial<DonorRow> = { last_login_at: now, updated_at: now, protected_identity: isProtected ? 1 : existing.protected_identity };
  if (isProtected) Object.assign(update, { street: null, postal_code: null, city: null });
  else if (!existing.street && address) Object.assign(update, { street: address.street, postal_code: address.postalCode, city: address.city });
  await db.updateTable("donors").set(update).where("id", "=", existing.id).execute();
  // Gifts given with this personnummer since the last login (without logging in) become theirs too.
  await linkGiftsToDonor(db, existing);
  return { ...existing, ...update };
}

/**
 * Gives a donor the gifts that are theirs but not yet linked: those given
 * with their personnummer, or – for a donor we know only by e-mail – those
 * given with that e-mail and no personnummer. A gift is never moved from one
 * donor to another, and a company's gift is never a donor's.
 */
export async function linkGiftsToDonor(db: Executor, donor: DonorRow): Promise<number> {
  // A company's gift carries its contact person's e-mail and no personnummer: it is never a person's (decision 0045).
  let update = db.updateTable("gifts").set({ donor_id: donor.id }).where("donor_id", "is", null).where("gift_type", "!=", "company");
  if (donor.personnummer) update = update.where("donor_personnummer", "=", donor.personnummer);
  else if (donor.email) update = update.where("donor_email", "=", donor.email).where("donor_personnummer", "is", null);
  else return 0;
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Saves what the donor changed. The address is dropped for a protected identity, whatever was sent.
 * `pendingEmail` is a new address waiting for its confirmation (core/donors/email-change.ts):
 * callers that change `email` itself pass the confirmed one only.
 */
export async function updateDonorDetails(db: Executor, clock: Clock, donor: DonorRow, details: DonorDetails, pendingEmail: string | null = null): Promise<DonorRow> {
  const address = donor.protected_identity ? null : details.address;
  const update = {
    given_name: details.givenName,
    surname: details.surname,
    street: address?.street ?? null,
    postal_code: address?.postalCode ?? null,
    city: address?.city ?? null,
    email: details.email,
    pending_email: pendingEmail,
    phone: details.phone,
    contact_email: details.contactEmail ? 1 : 0,
    contact_post: details.contactPost ? 1 : 0,
    contact_phone: details.contactPhone ? 1 : 0,
    newsletter: details.newsletter ? 1 : 0,
    updated_at: clock.now().toISOString(),
  };
  await db.updateTable("donors").set(update).where("id", "=", donor.id).execute();
  return { ...donor, ...update };
}

/** The donor as the pages and the API show them: no internal columns, booleans as booleans. */
export function donorView(donor: DonorRow) {
  return {
    givenName: donor.given_name,
    surname: donor.surname,
    name: `${donor.given_name} ${donor.surname}`.trim(),
    personnummer: donor.personnummer,
    protectedIdentity: donor.protected_identity === 1,
    address: donor.street && donor.postal_code && donor.city ? { street: donor.street, postalCode: donor.postal_code, city: donor.city } : null,
    email: donor.email,
    /** A new address waiting for its confirmation link to be opened (core/donors/email-change.ts). */
    pendingEmail: donor.pending_email,
    phone: donor.phone,
    contactPreferences: {
      email: donor.contact_email === 1,
      post: donor.contact_post === 1,
      phone: donor.contact_phone === 1,
      newsletter: donor.newsletter === 1,
    },
    createdAt: donor.created_at,
    updatedAt: donor.updated_at,
  };
}

export type DonorView = ReturnType<typeof donorView>;

/**
 * The donor for a personnummer or e-mail address, made from their latest gift
 * when they have never logged in: staff can then send a My data link to
 * anyone who has given. Null when nothing is known about them.
 */
export async function ensureDonorFromGifts(db: Kysely<DB>, clock: Clock, who: { personnummer: string } | { email: string }): Promise<DonorRow | null> {
  const existing =
    "personnummer" in who
      ? await findDonorByPersonnummer(db, who.personnummer)
      : await db.selectFrom("donors").selectAll().where("email", "=", who.email).where("personnummer", "is", null).executeTakeFirst();
  if (existing) return existing;
  // A company's gift makes no private donor of its contact person (decision 0045).
  let query = db.selectFrom("gifts").select(["donor_name", "donor_email", "newsletter_consent"]).where("gift_type", "!=", "company");
  query = "personnummer" in who ? query.where("donor_personnummer", "=", who.personnummer) : query.where("donor_email", "=", who.email).where("donor_personnummer", "is", null);
  const gift = await query.orderBy("created_at", "desc").executeTakeFirst();
  if (!gift) return null;
  const [givenName = "", ...rest] = gift.donor_name.trim().split(/\s+/);
  const now = clock.now().toISOString();
  const row: DonorRow = {
    id: crypto.randomUUID(),
    personnummer: "personnummer" in who ? who.personnummer : null,
    given_name: givenName,
    surname: rest.join(" "),
    street: null,
    postal_code: null,
    city: null,
    protected_identity: 0,
    email: gift.donor_email || null,
    pending_email: null,
    phone: null,
    contact_email: 1,
    contact_post: 1,
    contact_phone: 0,
    newsletter: gift.newsletter_consent,
    created_at: now,
    updated_at: now,
    last_login_at: null,
  };
  await db.insertInto("donors").values(row).execute();
  await linkGiftsToDonor(db, row);
  return row;
}
