/**
 * Keys the analytics set-up (tag manager, reports) already knows. They are
 * data, not labels: never translate or rename them (spec section 9).
 */
export const GIFT_TYPE_KEYS = [
  "regular_gift",
  "memorial_gift",
  "membership_gift",
  "monthly_gift",
  "monthly_gift_increase",
  "extra_gift",
  "list_order",
  "single_order",
  "digital_greeting",
  "newsletter_block",
] as const;
export type GiftTypeKey = (typeof GIFT_TYPE_KEYS)[number];

/** Named access, e.g. `AnalyticsKey.memorial_gift`, so call sites read like an enum. */
export const AnalyticsKey = Object.freeze(
  Object.fromEntries(GIFT_TYPE_KEYS.map((key) => [key, key])) as { readonly [K in GiftTypeKey]: K },
);

export const PAYMENT_METHOD_KEY_SWISH = "swish" as const;
export const DONOR_TYPE_KEY_PRIVATE = "privat" as const;

export const DOWNLOAD_FORMATS = ["pdf", "png"] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export function isGiftTypeKey(value: unknown): value is GiftTypeKey {
  return typeof value === "string" && (GIFT_TYPE_KEYS as readonly string[]).includes(value);
}
