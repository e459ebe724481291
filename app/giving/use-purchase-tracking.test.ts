import { describe, expect, it } from "vitest";
import { purchaseEvent } from "./use-purchase-tracking";

describe("purchase event", () => {
  it("tracks a paid gift under its type's analytics key, in kronor", () => {
    const event = purchaseEvent({ transactionId: "REF", amountOre: 25_000, giftType: "memorial" });
    expect(event).toEqual({
      transactionId: "REF",
      transactionTotal: 250,
      transactionProducts: [{ sku: "memorial_gift", name: "memorial_gift", category: "memorial_gift", price: 250, quantity: 1 }],
    });
  });
});
