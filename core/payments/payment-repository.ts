import type { Kysely, Selectable, Transaction } from "kysely";
import type { DB, GiftsTable, PaymentsTable } from "#db/schema";
import type { ProviderName } from "./payment-status";

export type PaymentRow = Selectable<PaymentsTable>;
export type GiftRow = Selectable<GiftsTable>;
type Executor = Kysely<DB> | Transaction<DB>;

/** Reads of payments and gifts. Writes that change status go through payment-transitions.ts. */
export async function findPayment(db: Executor, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findPaymentByProviderReference(
  db: Executor,
  provider: ProviderName,
  providerReference: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("provider", "=", provider)
    .where("provider_reference", "=", providerReference)
    .executeTakeFirst();
}

export async function findGiftByOrderReference(db: Executor, orderReference: string): Promise<GiftRow | undefined> {
  return db.selectFrom("gifts").selectAll().where("order_reference", "=", orderReference).executeTakeFirst();
}

export async function findGift(db: Executor, id: string): Promise<GiftRow | undefined> {
  return db.selectFrom("gifts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The newest attempt is the one the donor is looking at. */
export async function latestPaymentForGift(db: Executor, giftId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("gift_id", "=", giftId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export async function paymentsForGift(db: Executor, giftId: string): Promise<PaymentRow[]> {
  return db.selectFrom("payments").selectAll().where("gift_id", "=", giftId).orderBy("created_at").execute();
}

export async function paymentEvents(db: Executor, paymentId: string) {
  return db.selectFrom("payment_events").selectAll().where("payment_id", "=", paymentId).orderBy("id").execute();
}

export async function openPaymentsDueForCheck(db: Executor, provider: ProviderName, checkedBefore: string, limit: number) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("provider", "=", provider)
    .where("status", "in", ["created", "pending"])
    .where((eb) => eb.or([eb("last_checked_at", "is", null), eb("last_checked_at", "<", checkedBefore)]))
    .orderBy("created_at")
    .limit(limit)
    .execute();
}
