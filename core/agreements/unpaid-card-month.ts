import type { Kysely, Transaction } from "kysely";
import type { DB } from "#db/schema";

/**
 * The month a card agreement's stored card could not pay, which the donor
 * pays with a new card from the "Ge ett nytt kort" link (card-link.ts,
 * decision 0028): the latest unpaid debit with nothing being tried for it
 * right now. Undefined when there is none (or a retry is under way).
 */
export async function unpaidCardMonth(db: Kysely<DB> | Transaction<DB>, agreementId: string) {
  return db
    .selectFrom("gifts")
    .select(["id", "order_reference", "amount_ore", "debit_on"])
    .where("agreement_id", "=", agreementId)
    .where("status", "=", "awaiting_payment")
    .where((eb) => eb.not(eb.exists(eb.selectFrom("payments").select("payments.id").whereRef("payments.gift_id", "=", "gifts.id").where("payments.status", "in", ["created", "pending"]))))
    .orderBy("debit_on", "desc")
    .executeTakeFirst();
}
