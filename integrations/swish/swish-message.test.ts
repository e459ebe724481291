import { describe, expect, it } from "vitest";
import { swishMessage } from "./swish-payment-provider";
import { isValidMessage } from "./validation";

describe("the message in the donor's Swish app", () => {
  it("thanks for a gift, and calls a membership fee what it is, within Swish's rules", () => {
    expect(swishMessage({ gift_type: "one_off" })).toBe("Tack för din gåva till forskningen");
    expect(swishMessage({ gift_type: "membership" })).not.toMatch(/gåva/i);
    for (const type of ["one_off", "membership"] as const) expect(isValidMessage(swishMessage({ gift_type: type }))).toBe(true);
  });
});
