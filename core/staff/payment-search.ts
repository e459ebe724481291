import type { Kysely } from "kysely";
import type { DB } from "#db/schema";

export interface PaymentHit {
  paymentId: string;
  orderReference: string;
  giftType: string;
  donorName: string;
  donorEmail: string;
  amountOre: number;
  method: string;
  status: string;
  providerReference: string | null;
  createdAt: string;
}

/**
 * Finance's search: an order reference or an OCR reference exactly, or part
 * of a name or an e-mail address. Newest first, at most `limit` payments.
 * Without a query, the newest payments (issue #29: the page listed nothing
 * until staff searched); a single character finds nothing.
 */
export async function searchPayments(db: Kysely<DB>, query: string, limit = 50): Promise<PaymentHit[]> {
  const text = query.trim();
  if (text.length === 1) return [];
  const compact = text.replace(/\s+/g, "");
  const like = `%${text.toLowerCase()}%`;
  let search = db
    .selectFrom("payments")
    .innerJoin("gifts", "gifts.id", "payments.gift_id")
    .select([
      "payments.id as paymentId",
      "gifts.order_reference as orderReference",
      "gifts.gift_type as giftType",
      "gifts.donor_name as donorName",
      "gifts.donor_email as donorEmail",
      "payments.amount_ore as amountOre",
      "payments.method",
      "payments.status",
      "payments.provider_reference as providerReference",
      "payments.created_at as createdAt",
    ]);
  if (text !== "") {
    search = search.where((eb) =>
      eb.or([
        eb("gifts.order_reference", "=", compact.toUpperCase()),
        eb("payments.provider_reference", "=", compact),
        eb(eb.fn("lower", ["gifts.donor_name"]), "like", like),
        eb(eb.fn("lower", ["gifts.donor_email"]), "like", like),
      ]),
    );
  }
  const rows = await search.orderBy("payments.created_at", "desc").limit(limit).execute();
  return rows;
}
