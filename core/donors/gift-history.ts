import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import { GIFT_TYPE_LABELS, type GiftStatus, type GiftType } from "../gifts/gift-types";
import type { DonorRow } from "./donor-repository";
import { countsForTaxReduction, taxSummaries, type TaxYearSummary } from "./tax-reduction";

export const METHOD_LABELS: Record<string, string> = {
  swish: "Swish",
  card: "Kort",
  invoice: "Faktura",
  autogiro: "Autogiro",
  bank: "Banköverföring",
};

const STATUS_LABELS: Readonly<Record<GiftStatus, string>> = {
  paid: "Betald",
  awaiting_payment: "Inte betald",
  refunded: "Återbetald",
};

/**
 * A debit of a monthly gift or renewal whose payment was cancelled – stopped
 * with the agreement, or withdrawn before Bankgirot heard of it – will never
 * be paid and nobody asks for it again: it is "Avbruten", not "Inte betald"
 * (issue #29.3). A one-off gift keeps "Inte betald": the donor may still pay it.
 */
function statusLabelOf(gift: { status: GiftStatus; agreement_id: string | null }, paymentStatus: string | undefined): string {
  if (gift.status === "awaiting_payment" && gift.agreement_id !== null && paymentStatus === "cancelled") return "Avbruten";
  return STATUS_LABELS[gift.status];
}

export interface DonorGift {
  orderReference: string;
  date: string;
  giftType: GiftType;
  typeLabel: string;
  amountOre: number;
  method: string | null;
  methodLabel: string;
  status: GiftStatus;
  statusLabel: string;
  paid: boolean;
  paidAt: string | null;
}

/**
 * The donor's gifts, newest first: those linked to them (gifts.donor_id), and
 * those given in a way that makes them theirs but not linked yet (linking
 * happens when they identify, see linkGiftsToDonor): with their personnummer,
 * or for a donor we know only by e-mail, with that e-mail and no personnummer
 * – never someone else's gifts that carry a number.
 */
export async function donorGifts(db: Kysely<DB>, donor: DonorRow): Promise<DonorGift[]> {
  const gifts = await db
    .selectFrom("gifts")
    .selectAll()
    .where((eb) => {
      const unlinked = donor.personnummer
        ? eb.and([eb("donor_id", "is", null), eb("donor_personnummer", "=", donor.personnummer)])
        : donor.email
          ? eb.and([eb("donor_id", "is", null), eb("donor_email", "=", donor.email), eb("donor_personnummer", "is", null)])
          : eb.val(false);
      return eb.or([eb("donor_id", "=", donor.id), unlinked]);
    })
    // A company's gift is never a person's, whoever its contact person is (decision 0045).
    .where("gift_type", "!=", "company")
    .orderBy("created_at", "desc")
    .execute();
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
  // Each gift's attempts, newest first (the query's order), found by id instead of a scan per gift.
  const attemptsByGift = new Map<string, typeof payments>();
  for (const payment of payments) {
    const list = attemptsByGift.get(payment.gift_id);
    if (list) list.push(payment);
    else attemptsByGift.set(payment.gift_id, [payment]);
  }
  return gifts.map((gift) => {
    // The paid attempt if there is one, otherwise the newest: that is how the gift was (or is being) paid.
    const attempts = attemptsByGift.get(gift.id) ?? [];
    const payment = attempts.find((p) => p.status === "paid") ?? attempts[0];
    return {
      orderReference: gift.order_reference,
      date: gift.paid_at ?? gift.created_at,
      giftType: gift.gift_type,
      typeLabel: GIFT_TYPE_LABELS[gift.gift_type],
      amountOre: gift.amount_ore,
      method: payment?.method ?? null,
      methodLabel: payment ? (METHOD_LABELS[payment.method] ?? payment.method) : "–",
      status: gift.status,
      statusLabel: statusLabelOf(gift, payment?.status),
      paid: gift.status === "paid",
      paidAt: gift.paid_at,
    };
  });
}

export function isMonthlyGift(gift: DonorGift): boolean {
  return gift.giftType === "monthly";
}

export interface GivingOverview {
  gifts: DonorGift[];
  monthly: DonorGift[];
  taxYears: TaxYearSummary[];
}

export async function givingOverview(db: Kysely<DB>, donor: DonorRow): Promise<GivingOverview> {
  const gifts = await donorGifts(db, donor);
  const paid = gifts.filter((g) => g.paid && g.paidAt && countsForTaxReduction(g.giftType));
  return {
    gifts,
    monthly: gifts.filter(isMonthlyGift),
    // Only donors with a personnummer can have gifts reported to Skatteverket.
    taxYears: donor.personnummer ? taxSummaries(paid.map((g) => ({ amountOre: g.amountOre, paidAt: g.paidAt as string }))) : [],
  };
}
