import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "../../db/schema";
import { newOrderReference } from "../payments/order-reference";
import type { GiftRow } from "../payments/payment-repository";
import type { GiftType } from "./gift-types";

export interface NewGift {
  giftType: GiftType;
  amountOre: number;
  donorName: string;
  donorEmail: string;
  donorPersonnummer: string | null;
  newsletterConsent: boolean;
  /** Only for invoices. */
  address?: { street: string; postalCode: string; city: string } | null;
  /** From the form (a hidden field) or the API caller: the same key means the same gift. */
  idempotencyKey: string;
}

/**
 * Records a gift, once per idempotency key: a double-clicked or retried submit
 * returns the gift the first submit created instead of making a second one.
 */
export async function createGift(db: Kysely<DB>, clock: Clock, gift: NewGift): Promise<{ gift: GiftRow; created: boolean }> {
  const now = clock.now().toISOString();
  const row: GiftRow = {
    id: crypto.randomUUID(),
    order_reference: newOrderReference(),
    gift_type: gift.giftType,
    amount_ore: gift.amountOre,
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
  const inserted = await db
    .insertInto("gifts")
    .values(row)
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return { gift: row, created: true };
  const existing = await db.selectFrom("gifts").selectAll().where("idempotency_key", "=", gift.idempotencyKey).executeTakeFirstOrThrow();
  return { gift: existing, created: false };
}
