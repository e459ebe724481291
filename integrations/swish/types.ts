/**
 * Wire types of the Swish Commerce API (payment requests), shared by the real
 * client and the local simulator so both speak exactly the same protocol.
 * Field names are the provider's; do not rename them.
 */

export type SwishPaymentStatus = "CREATED" | "PAID" | "DECLINED" | "ERROR" | "CANCELLED";

export const SWISH_PAYMENT_STATUSES: readonly SwishPaymentStatus[] = [
  "CREATED",
  "PAID",
  "DECLINED",
  "ERROR",
  "CANCELLED",
];

/** Body of `PUT /v2/paymentrequests/{instructionUUID}`. */
export interface SwishCreatePaymentRequestBody {
  /** Our own reference, shown in the merchant's reconciliation files. ≤35 `[a-öA-Ö0-9-]`. */
  payeePaymentReference?: string;
  /** Where Swish POSTs the result. Must be https in the real service. */
  callbackUrl: string;
  /** Present: e-commerce (the payer's phone gets the request). Absent: m-commerce (app switch with a token). */
  payerAlias?: string;
  /** The merchant's Swish number (e.g. 123xxxxxxx). */
  payeeAlias: string;
  /** Decimal string in SEK with at most two decimals, e.g. "100" or "100.50". */
  amount: string;
  currency: "SEK";
  /** Shown to the payer in the app. ≤50 characters of a restricted set. */
  message?: string;
}

/**
 * The payment request object returned by `GET /v1/paymentrequests/{id}` and
 * POSTed to `callbackUrl`. Swish sends `amount` as a JSON number.
 */
export interface SwishPaymentRequest {
  id: string;
  payeePaymentReference: string | null;
  /** Swish's own payment reference, set when PAID. */
  paymentReference: string | null;
  callbackUrl: string;
  payerAlias: string | null;
  payeeAlias: string;
  amount: number;
  currency: "SEK";
  message: string | null;
  status: SwishPaymentStatus;
  dateCreated: string;
  datePaid: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

/** One element of the JSON array Swish answers with on 422. */
export interface SwishErrorObject {
  errorCode: string;
  errorMessage: string;
  additionalInformation: string | null;
}

/** What a successful create gives back (from the 201 response headers). */
export interface SwishCreatedPaymentRequest {
  id: string;
  /** URL of the payment request, from the `Location` header. */
  location: string;
  /** Only for m-commerce (no payerAlias): the token to open the Swish app with. */
  paymentRequestToken: string | null;
}

/** The only operation the cancel endpoint accepts (JSON Patch). */
export const SWISH_CANCEL_PATCH = [{ op: "replace", path: "/status", value: "cancelled" }] as const;

/**
 * Refunds (`PUT /v2/refunds/{instructionUUID}`, `GET /v1/refunds/{id}`).
 * CREATED when Swish has it, DEBITED when the money has left the merchant's
 * account, PAID when it reached the payer, ERROR when it failed (with a code).
 * Some integrations also see VALIDATED between CREATED and DEBITED
 * (unverified, see README), so it is accepted as "still under way".
 */
export type SwishRefundStatus = "CREATED" | "VALIDATED" | "DEBITED" | "PAID" | "ERROR";

export const SWISH_REFUND_STATUSES: readonly SwishRefundStatus[] = ["CREATED", "VALIDATED", "DEBITED", "PAID", "ERROR"];

/** Body of `PUT /v2/refunds/{instructionUUID}`. For a refund the merchant is the payer. */
export interface SwishCreateRefundBody {
  /** Swish's `paymentReference` of the paid payment request being refunded. */
  originalPaymentReference: string;
  /** Our own reference for the refund. ≤35 `[a-öA-Ö0-9-]`. */
  payerPaymentReference?: string;
  callbackUrl: string;
  /** The merchant's Swish number (the one that was paid). */
  payerAlias: string;
  amount: string;
  currency: "SEK";
  /** Shown to the person getting the money back. ≤50 characters. */
  message?: string;
}

/** The refund object returned by `GET /v1/refunds/{id}` and POSTed to `callbackUrl`. */
export interface SwishRefund {
  id: string;
  /** Swish's own reference for the refund payment, set once it is paid out. */
  paymentReference: string | null;
  payerPaymentReference: string | null;
  originalPaymentReference: string;
  callbackUrl: string;
  payerAlias: string;
  /** The person getting the money back (the original payer). */
  payeeAlias: string | null;
  amount: number;
  currency: "SEK";
  message: string | null;
  status: SwishRefundStatus;
  dateCreated: string;
  datePaid: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}
