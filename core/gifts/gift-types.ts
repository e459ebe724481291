import type { GiftTypeKey } from "../tracking/analytics-keys";

/**
 * What a donor can give: one type per product, a closed set that is also a
 * CHECK constraint in the database. Each maps once to the analytics key the
 * tag manager and reports already know (spec section 9); the key is data for
 * analytics, the type is the word in our tables, API and code.
 */
export const GIFT_TYPES = [
  "one_off",
  "memorial",
  "membership",
  "monthly",
  "extra",
  "digital_greeting",
  "gift_card",
  "gift_certificate",
  "diploma",
  /** A company's money gift (core/companies): never a person's, reported under its organisationsnummer. */
  "company",
] as const;
export type GiftType = (typeof GIFT_TYPES)[number];

export function isGiftType(value: string): value is GiftType {
  return (GIFT_TYPES as readonly string[]).includes(value);
}

export const ANALYTICS_KEY_FOR_GIFT_TYPE: Readonly<Record<GiftType, GiftTypeKey>> = {
  one_off: "regular_gift",
  memorial: "memorial_gift",
  membership: "membership_gift",
  monthly: "monthly_gift",
  extra: "extra_gift",
  digital_greeting: "digital_greeting",
  // A gift card, certificate or diploma is an ordered document: one recipient
  // is a single order; a company's list of recipients is a list order (its own key).
  gift_card: "single_order",
  gift_certificate: "single_order",
  diploma: "single_order",
  // The spec's keys have none for a company's gift; a money gift is a regular gift to the reports.
  company: "regular_gift",
};

export const GIFT_TYPE_LABELS: Readonly<Record<GiftType, string>> = {
  one_off: "Gåva",
  memorial: "Minnesgåva",
  membership: "Medlemskap",
  monthly: "Månadsgåva",
  extra: "Extra gåva",
  digital_greeting: "Digitalt gratulationskort",
  gift_card: "Gåvokort",
  gift_certificate: "Gåvobevis",
  diploma: "Diplom",
  company: "Företagsgåva",
};

/**
 * A gift waits for its payment, is paid (exactly once, by whichever attempt
 * settles first), and can be refunded by finance. A gift whose attempts all
 * failed keeps waiting: the donor may try again with another method.
 */
export const GIFT_STATUSES = ["awaiting_payment", "paid", "refunded"] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];
