import {
  SWISH_CREATE_ERRORS,
  isSwishCreateErrorCode,
  isSwishResultErrorCode,
  type SwishCreateErrorCode,
  type SwishResultErrorCode,
} from "../error-codes";
import type { SwishCreatePaymentRequestBody, SwishErrorObject } from "../types";
import { amountProblem, isValidMessage, isValidPayeePaymentReference, isValidPayerAlias } from "../validation";

export interface CreateValidationOptions {
  payeeAlias: string;
  allowHttpCallbacks: boolean;
}

export type CreateValidationResult =
  | { ok: true; body: SwishCreatePaymentRequestBody; resultErrorCode: SwishResultErrorCode | null }
  | { ok: false; errors: SwishErrorObject[] };

/**
 * Checks a create body field by field the way Swish does, collecting every
 * problem (Swish answers with a list), then applies the MSS test behaviour: an
 * error code in `message` forces that create error, or marks a result error
 * that ends the request later.
 */
export function validateCreateBody(raw: unknown, options: CreateValidationOptions): CreateValidationResult {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return fail(["PA01"]);
  const input = raw as Record<string, unknown>;
  const codes: SwishCreateErrorCode[] = [];

  const reference = input.payeePaymentReference;
  if (reference !== undefined && reference !== null && (typeof reference !== "string" || !isValidPayeePaymentReference(reference))) {
    codes.push("FF08");
  }

  const callbackUrl = input.callbackUrl;
  if (typeof callbackUrl !== "string" || !isAcceptedCallbackUrl(callbackUrl, options.allowHttpCallbacks)) codes.push("RP03");

  const payerAlias = input.payerAlias;
  if (payerAlias !== undefined && payerAlias !== null && (typeof payerAlias !== "string" || !isValidPayerAlias(payerAlias))) {
    codes.push("BE18");
  }

  const payeeAlias = input.payeeAlias;
  if (typeof payeeAlias !== "string" || payeeAlias === "") codes.push("RP01");
  // The real service answers 403 when the alias does not match the certificate;
  // the simulator has no certificate, so it reports the alias as not enrolled.
  else if (payeeAlias !== options.payeeAlias) codes.push("ACMT07");

  const amount = input.amount;
  const problem = typeof amount === "string" ? amountProblem(amount) : "PA02";
  if (problem) codes.push(problem);

  if (input.currency !== "SEK") codes.push("AM03");

  const message = input.message;
  if (message !== undefined && message !== null && (typeof message !== "string" || !isValidMessage(message))) {
    codes.push("RP02");
  }

  if (codes.length > 0) return fail(codes);

  const body: SwishCreatePaymentRequestBody = {
    callbackUrl: callbackUrl as string,
    payeeAlias: payeeAlias as string,
    amount: amount as string,
    currency: "SEK",
    ...(typeof reference === "string" ? { payeePaymentReference: reference } : {}),
    ...(typeof payerAlias === "string" ? { payerAlias } : {}),
    ...(typeof message === "string" ? { message } : {}),
  };

  const magic = magicCode(body.message);
  if (magic && isSwishCreateErrorCode(magic)) return fail([magic]);
  return { ok: true, body, resultErrorCode: magic && isSwishResultErrorCode(magic) ? magic : null };
}

/** The first word of the message that is a Swish error code, e.g. "RF07" or "Test RP06". */
function magicCode(message: string | undefined): string | null {
  if (!message) return null;
  for (const word of message.split(/[^A-Za-z0-9]+/)) {
    if (isSwishCreateErrorCode(word) || isSwishResultErrorCode(word)) return word;
  }
  return null;
}

function isAcceptedCallbackUrl(value: string, allowHttp: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === "https:" || (allowHttp && url.protocol === "http:");
}

export function swishErrors(codes: SwishCreateErrorCode[]): SwishErrorObject[] {
  return codes.map((errorCode) => ({ errorCode, errorMessage: SWISH_CREATE_ERRORS[errorCode], additionalInformation: null }));
}

function fail(codes: SwishCreateErrorCode[]): CreateValidationResult {
  return { ok: false, errors: swishErrors(codes) };
}
