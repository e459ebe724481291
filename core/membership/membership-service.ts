import crypto from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Clock } from "../clock";
import type { DB, MembersTable, MembershipFeesTable } from "#db/schema";
import type { GiftRow, PaymentRow } from "../payments/payment-repository";
import { findGiftByOrderReference } from "../payments/payment-repository";
import { giveGift, type GiveGiftDeps } from "../gifts/give-gift";
import { createGift } from "../gifts/gift-service";
import { addDays, swedishDate, type IsoDate } from "../calendar/swedish-calendar";
import type { MembershipFormData } from "./membership-form";

/**
 * Membership (decision 0024): a fee is a gift of type `membership` with a
 * `membership_fees` row saying whom it is for. Nothing about the membership
 * happens until the fee is paid: then, in the transaction that marks the gift
 * paid, the payer (or the person given the membership) becomes a member with
 * a number, or a member's year is extended. A fee paid before the current
 * year ends adds the next year, so renewing early loses no days.
 */
export type MemberRow = Selectable<MembersTable>;
export type MembershipFeeRow = Selectable<MembershipFeesTable>;

type Executor = Kysely<DB> | Transaction<DB>;

/** A renewal link whose member we do not know (an old or mistyped link). */
export class UnknownRenewalError extends Error {
  constructor() {
    super("Unknown membership renewal reference");
    this.name = "UnknownRenewalError";
  }
}

export const UNKNOWN_RENEWAL_MESSAGE =
  "Vi hittar inte medlemskapet som länken gäller. Ta bort länken ur adressfältet och fyll i formuläret, eller kontakta oss så hjälper vi dig.";

/** The last day of a year's membership that starts on `from`: the day before the same date a year later (29 February → 28 February). */
export function yearEnding(from: IsoDate): IsoDate {
  const [year, month, day] = from.split("-").map(Number) as [number, number, number];
  const sameDateNextYear = new Date(Date.UTC(year + 1, month - 1, day));
  return addDays(sameDateNextYear.toISOString().slice(0, 10), -1);
}

export async function findMemberByReference(db: Executor, reference: string): Promise<MemberRow | undefined> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(reference)) return undefined;
  return db.selectFrom("members").selectAll().where("reference", "=", reference).executeTakeFirst();
}

/** The member a logged-in donor is, if any (their own membership, not one they gave). */
export async function findMemberOfDonor(db: Executor, donorId: string): Promise<MemberRow | undefined> {
  return db.selectFrom("members").selectAll().where("donor_id", "=", donorId).orderBy("member_number", "desc").executeTakeFirst();
}

/** Called when a yearly debit's gift is stored: the fee row that makes its payment extend the member's year. */
export async function addRenewalFee(trx: Transaction<DB>, clock: Clock, agreement: { donor_id: string | null }, giftId: string): Promise<void> {
  if (!agreement.donor_id) return;
  const member = await findMemberOfDonor(trx, agreement.donor_id);
  if (!member) return;
  await trx
    .insertInto("membership_fees")
    .values({
      gift_id: giftId,
      member_number: member.member_number,
      name: member.name,
      email: member.email,
      street: member.street,
      postal_code: member.postal_code,
      city: member.city,
      is_present: 0,
      greeting: null,
      valid_from: null,
      valid_until: null,
      created_at: clock.now().toISOString(),
    })
    .execute();
}

/**
 * What a membership fee stores with its gift: whom it is for, and the member a
 * renewal extends. A renewal link's unknown reference is refused here, before
 * anything is stored.
 */
async function membershipFeeRow(db: Executor, clock: Clock, form: MembershipFormData) {
  const renewing = form.renewal ? await findMemberByReference(db, form.renewal) : undefined;
  if (form.renewal && !renewing) throw new UnknownRenewalError();
  return async (trx: Transaction<DB>, gift: GiftRow) => {
    await trx
      .insertInto("membership_fees")
      .values({
        gift_id: gift.id,
        member_number: renewing?.member_number ?? null,
        name: form.member.name,
        email: form.member.email,
        street: form.member.street,
        postal_code: form.member.postalCode,
        city: form.member.city,
        is_present: form.isPresent ? 1 : 0,
        greeting: form.greeting,
        valid_from: null,
        valid_until: null,
        created_at: clock.now().toISOString(),
      })
      .execute();
  };
}

/** The membership form's action: records the fee as a gift and starts its payment. */
export async function giveMembership(
  deps: GiveGiftDeps,
  form: MembershipFormData,
  options: { donorId?: string | null } = {},
): Promise<{ gift: GiftRow; payment: PaymentRow }> {
  const storeWith = await membershipFeeRow(deps.db, deps.clock, form);
  return giveGift(deps, form.gift, { giftType: "membership", donorId: options.donorId ?? null, storeWith });
}

/** POST /api/MembershipGift/Add: records the fee as a gift, once per idempotency key; the caller starts the payment (Payments/Create). */
export async function recordMembership(db: Kysely<DB>, clock: Clock, form: MembershipFormData): Promise<{ gift: GiftRow; created: boolean }> {
  const storeWith = await membershipFeeRow(db, clock, form);
  return createGift(db, clock, {
    giftType: "membership",
    amountOre: form.gift.amountOre,
    donorName: form.gift.name,
    donorEmail: form.gift.email,
    donorPersonnummer: form.gift.personnummer,
    newsletterConsent: form.gift.newsletter,
    address: form.gift.address,
    idempotencyKey: form.gift.idempotencyKey,
    storeWith,
  });
}

/**
 * Called in the transaction that marks a gift paid. For a membership fee not
 * yet counted: finds the member it is for (the renewal's, or the paying
 * donor's own membership) or makes a new one, and adds a year from today or
 * from the day after the member's paid year ends, whichever is later.
 */
export async function recordPaidMembershipFee(trx: Transaction<DB>, clock: Clock, giftId: string): Promise<void> {
  // Asked of every paid gift, so the fee first: most gifts have none, and need no second read.
  const fee = await trx.selectFrom("membership_fees").selectAll().where("gift_id", "=", giftId).where("valid_from", "is", null).executeTakeFirst();
  if (!fee) return;
  // The paying donor: the member a fee for oneself extends or makes; a present's member is the recipient.
  const donorId = fee.is_present ? null : (await trx.selectFrom("gifts").select("donor_id").where("id", "=", giftId).executeTakeFirstOrThrow()).donor_id;
  const now = clock.now();
  const today = swedishDate(now);
  const member =
    fee.member_number !== null
      ? await trx.selectFrom("members").selectAll().where("member_number", "=", fee.member_number).executeTakeFirst()
      : donorId
        ? await findMemberOfDonor(trx, donorId)
        : undefined;

  const validFrom = member && member.paid_until >= today ? addDays(member.paid_until, 1) : today;
  const validUntil = yearEnding(validFrom);
  const details = { name: fee.name, email: fee.email, street: fee.street, postal_code: fee.postal_code, city: fee.city };
  let memberNumber: number;
  if (member) {
    memberNumber = member.member_number;
    await trx
      .updateTable("members")
      // A renewal carries the member's latest address; an e-mail is kept when the renewal gave none.
      .set({ ...details, email: fee.email ?? member.email, paid_until: validUntil, updated_at: now.toISOString() })
      .where("member_number", "=", memberNumber)
      .execute();
  } else {
    const inserted = await trx
      .insertInto("members")
      .values({
        reference: crypto.randomBytes(18).toString("base64url"),
        donor_id: donorId,
        ...details,
        paid_until: validUntil,
        reminded_for: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning("member_number")
      .executeTakeFirstOrThrow();
    memberNumber = inserted.member_number;
  }
  await trx
    .updateTable("membership_fees")
    .set({ member_number: memberNumber, valid_from: validFrom, valid_until: validUntil })
    .where("gift_id", "=", giftId)
    .execute();
}

/** A refunded fee takes its year back, when it is the member's latest. */
export async function revokeRefundedMembershipFee(trx: Transaction<DB>, clock: Clock, giftId: string): Promise<void> {
  const fee = await trx.selectFrom("membership_fees").selectAll().where("gift_id", "=", giftId).executeTakeFirst();
  if (!fee?.member_number || !fee.valid_from || !fee.valid_until) return;
  await trx
    .updateTable("members")
    .set({ paid_until: addDays(fee.valid_from, -1), updated_at: clock.now().toISOString() })
    .where("member_number", "=", fee.member_number)
    .where("paid_until", "=", fee.valid_until)
    .execute();
}

export interface MembershipOrder {
  gift: GiftRow;
  fee: MembershipFeeRow;
  /** Null until the fee is paid. */
  member: MemberRow | null;
}

/** A membership fee by its gift's order reference (the thank-you page, the member card's download). */
export async function findMembershipByOrderReference(db: Executor, orderReference: string): Promise<MembershipOrder | null> {
  const gift = await findGiftByOrderReference(db, orderReference);
  if (!gift || gift.gift_type !== "membership") return null;
  const fee = await db.selectFrom("membership_fees").selectAll().where("gift_id", "=", gift.id).executeTakeFirst();
  if (!fee) return null;
  const member =
    fee.member_number === null ? null : ((await db.selectFrom("members").selectAll().where("member_number", "=", fee.member_number).executeTakeFirst()) ?? null);
  return { gift, fee, member };
}
