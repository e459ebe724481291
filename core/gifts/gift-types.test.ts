import { describe, expect, it } from "vitest";
import { isGiftTypeKey } from "../tracking/analytics-keys";
import { ANALYTICS_KEY_FOR_GIFT_TYPE, GIFT_TYPE_LABELS, GIFT_TYPES } from "./gift-types";

describe("gift types", () => {
  it("map each product to the analytics key the tag manager knows, the money products one to one", () => {
    for (const type of GIFT_TYPES) expect(isGiftTypeKey(ANALYTICS_KEY_FOR_GIFT_TYPE[type])).toBe(true);
    const money = ["one_off", "memorial", "membership", "monthly", "extra", "digital_greeting"] as const;
    expect(money.map((t) => ANALYTICS_KEY_FOR_GIFT_TYPE[t])).toEqual([
      "regular_gift",
      "memorial_gift",
      "membership_gift",
      "monthly_gift",
      "extra_gift",
      "digital_greeting",
    ]);
    expect(new Set(Object.values(GIFT_TYPE_LABELS)).size).toBe(GIFT_TYPES.length);
  });
});
