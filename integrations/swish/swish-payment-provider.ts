import type { GiftRow, PaymentRow } from "#core/payments/payment-repository";
import type { PaymentProvider, ProviderStatus, StartOptions, StartResult } from "#core/payments/payment-provider";
import type { PaymentStatus } from "#core/payments/payment-status";
import { SwishApiError, SwishHttpError, newInstructionId, oreToSwishAmount, type SwishClient } from "./client";
import type { SwishPaymentRequest } from "./types";

/**
 * Swish behind the common payment interface. Swish itself ends an unanswered
 * request after three minutes (ERROR/TM01), so our attempt expires a little
 * after that.
 */
export const SWISH_EXPIRES_AFTER_MS = 3 * 60_000 + 30_000;

export interface SwishPaymentProviderOptions {
  client: SwishClient;
  /** Full URL of our callback endpoint, e.g. https://www.exempel.se/api/swish/callback. */
  callbackUrl: string;
}

export function swishStatusToPaymentStatus(request: Pick<SwishPaymentRequest, "status" | "errorCode">): PaymentStatus {
  switch (request.status) {
    case "CREATED":
      return "pending";
    case "PAID":
      return "paid";
    case "DECLINED":
      return "declined";
    case "CANCELLED":
      return "cancelled";
    case "ERROR":
      return request.errorCode === "TM01" ? "expired" : "failed";
  }
}

/** What the donor reads in the Swish app (at most 50 characters of Swish's own set): a membership fee is not a gift. */
export function swishMessage(gift: Pick<GiftRow, "gift_type">): string {
  return gift.gift_type === "membership" ? "Medlemsavgift. Tack för att du är medlem!" : "Tack för din gåva till forskningen";
}

export class SwishPaymentProvider implements PaymentProvider {
  readonly name = "HLFSwish" as const;
  readonly method = "swish" as const;
  readonly expiresAfterMs = SWISH_EXPIRES_AFTER_MS;

  constructor(private readonly options: SwishPaymentProviderOptions) {}

  newProviderReference(): string {
    return newInstructionId();
  }

  async start(payment: PaymentRow, gift: GiftRow, options: StartOptions): Promise<StartResult> {
    const instructionId = payment.provider_reference as string;
    try {
      const created = await this.options.client.createPaymentRequest(instructionId, {
        callbackUrl: this.options.callbackUrl,
        amount: oreToSwishAmount(payment.amount_ore),
        payeePaymentReference: gift.order_reference,
        message: swishMessage(gift),
        ...(options.payerAlias ? { payerAlias: options.payerAlias } : {}),
      });
      return { status: "pending", clientToken: created.paymentRequestToken };
    } catch (error) {
      // RP09: this instruction id exists already – an earlier try of ours got through.
      if (error instanceof SwishApiError && error.hasCode("RP09")) return { status: "pending" };
      if (error instanceof SwishApiError) return { status: "failed", errorCode: error.codes[0] ?? "PA01" };
      throw error;
    }
  }

  async fetchStatus(payment: PaymentRow): Promise<ProviderStatus | null> {
    try {
      const request = await this.options.client.getPaymentRequest(payment.provider_reference as string);
      return {
        status: swishStatusToPaymentStatus(request),
        errorCode: request.errorCode,
        data: { swishStatus: request.status, paymentReference: request.paymentReference ?? undefined },
      };
    } catch (error) {
      if (error instanceof SwishHttpError && error.status === 404) return null;
      throw error;
    }
  }

  async cancel(payment: PaymentRow): Promise<"cancelled" | "too-late"> {
    try {
      await this.options.client.cancelPaymentRequest(payment.provider_reference as string);
      return "cancelled";
    } catch (error) {
      if (error instanceof SwishApiError) return "too-late";
      if (error instanceof SwishHttpError && error.status === 404) return "cancelled";
      throw error;
    }
  }
}
