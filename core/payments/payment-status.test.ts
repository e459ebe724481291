import { describe, expect, it } from "vitest";
import { canTransition, PAYMENT_STATUSES } from "./payment-status";

describe("payment status transitions", () => {
  it("moves forward from open states only", () => {
    expect(canTransition("created", "pending")).toBe(true);
    expect(canTransition("created", "paid")).toBe(true);
    expect(canTransition("pending", "paid")).toBe(true);
    expect(canTransition("pending", "expired")).toBe(true);
    expect(canTransition("pending", "created")).toBe(false);
  });

  it("never leaves a final state, nor 'moves' to the same state", () => {
    for (const from of ["declined", "failed", "cancelled", "expired", "refunded"] as const) {
      for (const to of PAYMENT_STATUSES) expect(canTransition(from, to)).toBe(false);
    }
    expect(canTransition("pending", "pending")).toBe(false);
  });

  it("leaves paid only by a refund, and refunds only what was paid", () => {
    for (const to of PAYMENT_STATUSES) expect(canTransition("paid", to)).toBe(to === "refunded");
    for (const from of ["created", "pending", "declined", "failed", "cancelled", "expired"] as const) {
      expect(canTransition(from, "refunded")).toBe(false);
    }
  });
});
