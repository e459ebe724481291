import { describe, expect, it } from "vitest";
import { GIFT_TYPE_KEYS, AnalyticsKey, isGiftTypeKey } from "./analytics-keys";
import { FAILURE_EVENTS, isFailureEventName } from "./failure-events";

describe("analytics keys", () => {
  it("lists the ten gift-type keys of the spec", () => {
    expect(GIFT_TYPE_KEYS).toHaveLength(10);
    expect(AnalyticsKey.monthly_gift_increase).toBe("monthly_gift_increase");
    expect(isGiftTypeKey("newsletter_block")).toBe(true);
    expect(isGiftTypeKey("Regular_gift")).toBe(false);
  });

  it("lists the eleven failure events with their exact spelling", () => {
    expect(FAILURE_EVENTS).toHaveLength(11);
    expect(isFailureEventName("FuneralParloursFailed")).toBe(true);
    expect(isFailureEventName("error_gift_card_preview")).toBe(true);
    expect(isFailureEventName("FuneralParlorsFailed")).toBe(false);
  });
});
