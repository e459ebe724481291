import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { GIFT_TYPE_LABELS, type GiftType } from "../gifts/gift-types";
import type { DonorRow } from "./donor-repository";
import { taxSummaries, type TaxYearSummary } from "./tax-reduction";

const METHOD_LABELS: Record<string, string> = {
  swish: "Swish",
  card: "Kort",
  invoice: "Faktura",
  autogiro: "Autogiro",
  bank: "Banköverföring",
};

const STATUS_LABELS: Record<string, string> = {
  paid: "Betald",
  awaiting_payment: "Inte betald",
};

export interface DonorGift {
  orderReference: string;
  date: string;
  giftType: string;
  typeLabel: string;
  amountOre: number;
  method: string | null;
  methodLabel: string;
  status: string;
  statusLabel: string;
  paid: boolean;
  paidAt: string | null;
}

/**
 * The donor's gifts, newest first. Gifts belong to a donor by personnummer,
 * so gifts given before the donor ever logged in are theirs too. A donor we
 * know only by e-mail (no personnummer) sees the gifts given with that e-mail
 * and no personnummer – never someone else's gifts that carry a number.
 */
export async function donorGifts(db: Kysely<DB>, donor: DonorRow): Promise<DonorGift[]> {
  let query = db.selectFrom("gifts").selectAll();
  if (donor.personnummer) query = query.where("donor_personnummer", "=", donor.personnummer);
  else if (donor.email) query = query.where("donor_email", "=", donor.email).where("donor_personnummer", "is", null);
  else return [];
  const gifts = await query.orderBy("created_at", "desc").execute();
  if (gifts.length === 0) return [];
  const payments = await db
    .selectFrom("payments")
    .select(["gift_id", "method", "status", "created_at"])
    .where(
      "gift_id",
      "in",
      gifts.map((g) => g.id),
    )
    .orderBy("created_at", "desc")
    .execute();
  return gifts.map((gift) => {
    // The paid attempt if there is one, otherwise the newest: that is how the gift was (or is being) paid.
    const attempts = payments.filter((p) => p.gift_id === gift.id);
    const payment = attempts.find((p) => p.status === "paid") ?? attempts[0];
    return {
      orderReference: gift.order_reference,
      date: gift.paid_at ?? gift.created_at,
      giftType: gift.gift_type,
      typeLabel: GIFT_TYPE_LABELS[gift.gift_type as GiftType] ?? "Gåva",
      amountOre: gift.amount_ore,
      method: payment?.method ?? null,
      methodLabel: payment ? (METHOD_LABELS[payment.method] ?? payment.method) : "–",
      status: gift.status,
      statusLabel: STATUS_LABELS[gift.status] ?? gift.status,
      paid: gift.status === "paid",
      paidAt: gift.paid_at,
    };
  });
}

export function isMonthlyGift(gift: DonorGift): boolean {
  return gift.giftType === "monthly_gift" || gift.giftType === "monthly_gift_increase";
}

export interface GivingOverview {
  gifts: DonorGift[];
  monthly: DonorGift[];
  taxYears: TaxYearSummary[];
}

export async function givingOverview(db: Kysely<DB>, donor: DonorRow): Promise<GivingOverview> {
  const gifts = await donorGifts(db, donor);
  const paid = gifts.filter((g) => g.paid && g.paidAt);
  return {
    gifts,
    monthly: gifts.filter(isMonthlyGift),
    // Only donors with a personnummer can have gifts reported to Skatteverket.
    taxYears: donor.personnummer ? taxSummaries(paid.map((g) => ({ amountOre: g.amountOre, paidAt: g.paidAt as string }))) : [],
  };
}
