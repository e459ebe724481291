import { describe, expect, it } from "vitest";
import { PAYMENT_STARTS_LIMITED_MESSAGE, PaymentStartsLimitedError } from "#core/payments/payment-start-limits";
import { startGiftPayment } from "./start-gift-payment.server";

const started = (provider: string, status = "pending", client_url: string | null = null) => async () => ({
  gift: { order_reference: "HL-ABC123" },
  payment: { provider, status, client_url },
});

describe("startGiftPayment", () => {
  it("sends a Swish, card or invoice gift to our payment page", async () => {
    const { redirect } = await startGiftPayment(started("Swish"));
    expect(redirect?.status).toBe(303);
    expect(redirect?.headers.get("location")).toBe("/ge-en-gava/betalning/HL-ABC123");
  });

  it("sends a pending bank payment to the bank's own page", async () => {
    const { redirect } = await startGiftPayment(started("Brite", "pending", "http://127.0.0.1:9/brite/pay"));
    expect(redirect?.headers.get("location")).toBe("http://127.0.0.1:9/brite/pay");
  });

  it("answers the Swedish reason, not a server error, when payment starts are limited", async () => {
    const outcome = await startGiftPayment(async () => {
      throw new PaymentStartsLimitedError("payer");
    });
    expect(outcome).toEqual({ refusal: PAYMENT_STARTS_LIMITED_MESSAGE });
  });

  it("leaves every other error to the caller", async () => {
    await expect(
      startGiftPayment(async () => {
        throw new Error("database gone");
      }),
    ).rejects.toThrow("database gone");
  });
});
