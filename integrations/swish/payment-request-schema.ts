import { z } from "zod";
import { SWISH_PAYMENT_STATUSES, type SwishErrorObject, type SwishPaymentRequest } from "./types";

/**
 * Zod schemas for what Swish sends us. Missing optional fields become null so
 * the rest of our code has one shape to deal with; unknown extra fields (Swish
 * adds some over time, e.g. `callbackIdentifier`) are dropped rather than
 * rejected, so a new field never breaks payments.
 */

const nullableString = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

const amount = z.union([
  z.number().finite().nonnegative(),
  z
    .string()
    .regex(/^[0-9]+(\.[0-9]{1,2})?$/)
    .transform(Number),
]);

export const swishPaymentRequestSchema = z.object({
  id: z.string().min(1),
  payeePaymentReference: nullableString,
  paymentReference: nullableString,
  callbackUrl: z.string(),
  payerAlias: nullableString,
  payeeAlias: z.string(),
  amount,
  currency: z.literal("SEK"),
  message: nullableString,
  status: z.enum(SWISH_PAYMENT_STATUSES as [SwishPaymentRequest["status"], ...SwishPaymentRequest["status"][]]),
  dateCreated: z.string(),
  datePaid: nullableString,
  errorCode: nullableString,
  errorMessage: nullableString,
}) satisfies z.ZodType<SwishPaymentRequest, unknown>;

export const swishErrorListSchema = z.array(
  z.object({
    errorCode: z.string(),
    errorMessage: z.string().nullish().transform((v) => v ?? ""),
    additionalInformation: nullableString,
  }),
) satisfies z.ZodType<SwishErrorObject[], unknown>;

export class SwishCallbackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SwishCallbackError";
  }
}

/**
 * Validates the body Swish POSTs to our callback URL. The callback is not
 * signed, so treat it only as a hint: the caller must confirm the status with
 * GET before marking anything paid.
 */
export function parseSwishCallback(body: unknown): SwishPaymentRequest {
  const result = swishPaymentRequestSchema.safeParse(body);
  if (!result.success) {
    const fields = [...new Set(result.error.issues.map((i) => i.path.join(".") || "(body)"))].join(", ");
    throw new SwishCallbackError(`Invalid Swish callback body (fields: ${fields})`);
  }
  return result.data;
}
