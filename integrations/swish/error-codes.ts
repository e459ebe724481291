import type { SwishPaymentStatus } from "./types";

/**
 * Swish error codes with the provider's English messages. The simulator answers
 * with these, and our own code can map them to donor-facing texts.
 */

/** Errors the create call answers with (HTTP 422). */
export const SWISH_CREATE_ERRORS = {
  FF08: "PaymentReference is invalid",
  RP03: "Callback URL is missing or does not use HTTPS",
  BE18: "Payer alias is invalid",
  RP01: "Missing Merchant Swish Number",
  PA02: "Amount value is missing or not a valid number",
  AM06: "Specified transaction amount is less than agreed minimum",
  AM02: "Amount value is too large",
  AM03: "Invalid or missing Currency",
  RP02: "Wrong formatted message",
  RP06: "A payment request already exists for that payer",
  ACMT03: "Payer not Enrolled",
  ACMT01: "Counterpart is not activated",
  ACMT07: "Payee not Enrolled",
  RP09: "The given instructionUUID is not available",
  PA01: "Parameter is not correct",
} as const;

export type SwishCreateErrorCode = keyof typeof SWISH_CREATE_ERRORS;

/**
 * Errors that end a payment request after it was created; they arrive in the
 * callback and in GET. Which of them Swish reports as DECLINED rather than ERROR
 * is *unverified*: we treat the payer's own refusals (RF07, BANKIDCL) as
 * DECLINED and failures of the system as ERROR. Change it here if the MSS shows
 * otherwise; nothing else depends on the split.
 */
export const SWISH_RESULT_ERRORS = {
  RF07: { status: "DECLINED", errorMessage: "Transaction declined" },
  BANKIDCL: { status: "DECLINED", errorMessage: "Payer cancelled BankID signing" },
  FF10: { status: "ERROR", errorMessage: "Bank system processing error" },
  TM01: { status: "ERROR", errorMessage: "Swish timed out before the payment was started" },
  DS24: {
    status: "ERROR",
    errorMessage: "Swish timed out waiting for an answer from the banks after payment was started",
  },
} as const satisfies Record<string, { status: Extract<SwishPaymentStatus, "DECLINED" | "ERROR">; errorMessage: string }>;

export type SwishResultErrorCode = keyof typeof SWISH_RESULT_ERRORS;

/**
 * Answer to a cancel of a request that is no longer CREATED. The guides we have
 * only say "422 if too late" and name no code, so RP07 is our choice and
 * *unverified*. Our client therefore treats any 422 on cancel as "too late"
 * rather than matching on this code.
 */
export const SWISH_CANCEL_TOO_LATE = {
  errorCode: "RP07",
  errorMessage: "Transaction status was not CREATED, the payment request cannot be cancelled",
} as const;

export function isSwishCreateErrorCode(code: string): code is SwishCreateErrorCode {
  return Object.hasOwn(SWISH_CREATE_ERRORS, code);
}

export function isSwishResultErrorCode(code: string): code is SwishResultErrorCode {
  return Object.hasOwn(SWISH_RESULT_ERRORS, code);
}

/**
 * Errors a refund create answers with (HTTP 422), and RF07/FF10 that end a
 * refund later (ERROR, in the callback and GET). Codes and texts as the Swish
 * guides list them for refunds; which ones the real service gives in which
 * case beyond the obvious is *unverified* (README).
 */
export const SWISH_REFUND_ERRORS = {
  FF08: "PaymentReference is invalid",
  RP03: "Callback URL is missing or does not use HTTPS",
  PA02: "Amount value is missing or not a valid number",
  AM02: "Amount value is too large",
  AM03: "Invalid or missing Currency",
  AM06: "Specified transaction amount is less than agreed minimum",
  RP01: "Missing Merchant Swish Number",
  RP02: "Wrong formatted message",
  RP09: "The given instructionUUID is not available",
  PA01: "Parameter is not correct",
  RF02: "Original Payment not found or original payment is more than 13 months old",
  RF03: "Payer alias in the refund does not match the payee alias in the original payment",
  RF08: "Amount value is too large, or amount exceeds the amount of the original payment minus any previous refunds",
  RF07: "Transaction declined",
  FF10: "Bank system processing error",
} as const;

export type SwishRefundErrorCode = keyof typeof SWISH_REFUND_ERRORS;
