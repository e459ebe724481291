import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import { newOrderReference } from "../payments/order-reference";
import type { GiftRow } from "../payments/payment-repository";
import { insertOrder, type NewOrder } from "../orders/order-repository";
import type { GiftType } from "./gift-types";

export interface PublicMention {
  firstName: string;
  place: string | null;
}

export interface NewGift {
  giftType: GiftType;
  amountOre: number;
  donorName: string;
  donorEmail: string;
  donorPersonnummer: string | null;
  /** The donor logged in with BankID, when they are; otherwise found by personnummer if already known. */
  donorId?: string | null;
  /** The person a memorial gift remembers (core/memorial). */
  memorialId?: string | null;
  /** A debit of an agreement (core/agreements): the agreement and the date Bankgirot debits it. */
  agreementId?: string | null;
  debitOn?: string | null;
  newsletterConsent: boolean;
  /** Only for invoices. */
  address?: { street: string; postalCode: string; city: string } | null;
  /** What the gift asks us to produce and deliver (a memorial sheet, a card…); stored with the gift or not at all. */
  order?: NewOrder | null;
  /** The giver chose to be named on the live pages (gala, fundraisers): their first name and the place they typed. */
  publicMention?: PublicMention | null;
  /** From the form (a hidden field) or the API caller: the same key means the same gift. */
  idempotencyKey: string;
  /**
   * What the gift's product stores with a new gift, in the same transaction (a
   * memorial collection's link to it); throwing stores nothing at all.
   */
  storeWith?: (trx: Transaction<DB>, gift: GiftRow) => Promise<void>;
}

/** Whether a submit with this idempotency key was already recorded (a retry must be answered, not refused). */
export async function giftRecorded(db: Kysely<DB>, idempotencyKey: string): Promise<boolean> {
  return (await db.selectFrom("gifts").select("id").where("idempotency_key", "=", idempotencyKey).executeTakeFirst()) !== undefined;
}

/**
 * Records a gift (and its order, in the same transaction), once per
 * idempotency key: a double-clicked or retried submit returns the gift the
 * first submit created instead of making a second one.
 */
export async function createGift(db: Kysely<DB>, clock: Clock, gift: NewGift): Promise<{ gift: GiftRow; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const now = clock.now().toISOString();
    const row: GiftRow = {
      id: crypto.randomUUID(),
      order_reference: newOrderReference(),
      gift_type: gift.giftType,
      amount_ore: gift.amountOre,
      donor_id: gift.donorId ?? (await knownDonorId(trx, gift.donorPersonnummer)),
      memorial_id: gift.memorialId ?? null,
      agreement_id: gift.agreementId ?? null,
      debit_on: gift.debitOn ?? null,
      donor_name: gift.donorName,
      donor_email: gift.donorEmail,
      donor_personnummer: gift.donorPersonnummer,
      newsletter_consent: gift.newsletterConsent ? 1 : 0,
      donor_street: gift.address?.street ?? null,
      donor_postal_code: gift.address?.postalCode ?? null,
      donor_city: gift.address?.city ?? null,
      status: "awaiting_payment",
      idempotency_key: gift.idempotencyKey,
      created_at: now,
      updated_at: now,
      paid_at: null,
    };
    const inserted = await trx
      .insertInto("gifts")
      .values(row)
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) {
      const existing = await trx.selectFrom("gifts").selectAll().where("idempotency_key", "=", gift.idempotencyKey).executeTakeFirstOrThrow();
      return { gift: existing, created: false };
    }
    if (gift.order) await insertOrder(trx, clock, row.id, gift.order);
    if (gift.publicMention) {
      await trx
        .insertInto("gift_mentions")
        .values({ gift_id: row.id, first_name: gift.publicMention.firstName, place: gift.publicMention.place, created_at: now })
        .execute();
    }
    if (gift.storeWith) await gift.storeWith(trx, row);
    return { gift: row, created: true };
  });
}

/** A gift given with the personnummer of a donor who has identified before is theirs at once. */
async function knownDonorId(trx: Transaction<DB>, personnummer: string | null): Promise<string | null> {
  if (!personnummer) return null;
  const donor = await trx.selectFrom("donors").select("id").where("personnummer", "=", personnummer).executeTakeFirst();
  return donor?.id ?? null;
}
