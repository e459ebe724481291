import type { PaymentRow } from "#core/payments/payment-repository";
import type { RefundAdapter, RefundOutcome, RefundRow } from "#core/payments/refund-provider";
import { SwishApiError, SwishHttpError, newInstructionId, oreToSwishAmount, type SwishClient } from "./client";
import type { SwishRefund } from "./types";

export interface SwishRefundAdapterOptions {
  client: SwishClient;
  /** Full URL of our refund callback endpoint, e.g. https://www.exempel.se/api/swish/refund-callback. */
  callbackUrl: string;
}

/** Swish's refund status in our terms: PAID is money back with the donor; ERROR a refusal. */
export function swishRefundOutcome(refund: SwishRefund): RefundOutcome {
  switch (refund.status) {
    case "PAID":
      return { status: "confirmed", providerReference: refund.id, data: { swishStatus: refund.status, paymentReference: refund.paymentReference ?? undefined } };
    case "ERROR":
      return { status: "refused", code: refund.errorCode ?? "ERROR", message: refund.errorMessage ?? "Swish refused the refund" };
    default:
      return { status: "pending", providerReference: refund.id };
  }
}

/**
 * Swish refunds behind the common refund interface. Our instruction id is
 * chosen and stored before the call, so Swish knows a refund by it: before
 * any send we ask (GET) whether Swish already has it, and a second PUT with
 * the same id is refused by Swish (RP09) rather than paid twice.
 */
export class SwishRefundAdapter implements RefundAdapter {
  readonly label = "Swish";
  readonly resendIsSafe = true;

  constructor(private readonly options: SwishRefundAdapterOptions) {}

  newRefundReference(): string {
    return newInstructionId();
  }

  async send(payment: PaymentRow, refund: RefundRow): Promise<RefundOutcome> {
    const id = refund.provider_reference as string;
    const known = await this.fetch(payment, refund);
    if (known) return known;
    // Swish's own reference of the paid request, which only it knows.
    const original = await this.options.client.getPaymentRequest(payment.provider_reference as string);
    if (original.status !== "PAID" || !original.paymentReference) {
      return { status: "refused", code: "RF02", message: `The payment request is ${original.status} at Swish, not PAID` };
    }
    try {
      await this.options.client.createRefund(id, {
        originalPaymentReference: original.paymentReference,
        payerPaymentReference: original.payeePaymentReference ?? undefined,
        callbackUrl: this.options.callbackUrl,
        amount: oreToSwishAmount(refund.amount_ore),
        message: "Återbetalning av din gåva",
      });
    } catch (error) {
      // RP09: a send of ours got through after all; read it.
      if (error instanceof SwishApiError && error.hasCode("RP09")) return (await this.fetch(payment, refund)) ?? { status: "pending", providerReference: id };
      if (error instanceof SwishApiError) {
        return { status: "refused", code: error.codes[0] ?? "PA01", message: error.errors.map((e) => e.errorMessage).join("; ") };
      }
      throw error;
    }
    return { status: "pending", providerReference: id };
  }

  async fetch(_payment: PaymentRow, refund: RefundRow): Promise<RefundOutcome | null> {
    try {
      return swishRefundOutcome(await this.options.client.getRefund(refund.provider_reference as string));
    } catch (error) {
      if (error instanceof SwishHttpError && error.status === 404) return null;
      throw error;
    }
  }
}
