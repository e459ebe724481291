import { z } from "zod";
import { SWISH_REFUND_STATUSES, type SwishRefund } from "./types";
import { SwishCallbackError } from "./payment-request-schema";

/**
 * What Swish sends us about a refund (GET and callback). As for payment
 * requests, missing optional fields become null and unknown fields are
 * dropped, so a field Swish adds never breaks a refund.
 */
const nullableString = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

export const swishRefundSchema = z.object({
  id: z.string().min(1),
  paymentReference: nullableString,
  payerPaymentReference: nullableString,
  originalPaymentReference: z.string().min(1),
  callbackUrl: z.string(),
  payerAlias: z.string(),
  payeeAlias: nullableString,
  amount: z.union([
    z.number().finite().nonnegative(),
    z
      .string()
      .regex(/^[0-9]+(\.[0-9]{1,2})?$/)
      .transform(Number),
  ]),
  currency: z.literal("SEK"),
  message: nullableString,
  status: z.enum(SWISH_REFUND_STATUSES as [SwishRefund["status"], ...SwishRefund["status"][]]),
  dateCreated: z.string(),
  datePaid: nullableString,
  errorCode: nullableString,
  errorMessage: nullableString,
}) satisfies z.ZodType<SwishRefund, unknown>;

/**
 * Validates the body Swish POSTs to a refund's callback URL. Like a payment
 * callback it is not signed: it only tells us which refund to re-read with GET.
 */
export function parseSwishRefundCallback(body: unknown): SwishRefund {
  const result = swishRefundSchema.safeParse(body);
  if (!result.success) {
    const fields = [...new Set(result.error.issues.map((i) => i.path.join(".") || "(body)"))].join(", ");
    throw new SwishCallbackError(`Invalid Swish refund callback body (fields: ${fields})`);
  }
  return result.data;
}
