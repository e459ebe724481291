/**
 * Gift types, keyed as the analytics keys in the spec (section 9) so that the
 * same word is used in the database, the API and tracking.
 */
export const GIFT_TYPES = [
  "regular_gift",
  "memorial_gift",
  "membership_gift",
  "monthly_gift",
  "monthly_gift_increase",
  "extra_gift",
] as const;
export type GiftType = (typeof GIFT_TYPES)[number];

export const GIFT_TYPE_LABELS: Record<GiftType, string> = {
  regular_gift: "Gåva",
  memorial_gift: "Minnesgåva",
  membership_gift: "Medlemskap",
  monthly_gift: "Månadsgåva",
  monthly_gift_increase: "Höjd månadsgåva",
  extra_gift: "Extra gåva",
};

export const GIFT_STATUSES = ["awaiting_payment", "paid"] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];
