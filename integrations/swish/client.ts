import { httpRequest, parseJsonBody, type HttpResponse, type TlsOptions } from "../http/http-request";
import { SwishApiError, SwishHttpError } from "./errors";
import { isInstructionId } from "./instruction-id";
import { swishErrorListSchema, swishPaymentRequestSchema } from "./payment-request-schema";
import { swishRefundSchema } from "./refund-schema";
import {
  SWISH_CANCEL_PATCH,
  type SwishCreatePaymentRequestBody,
  type SwishCreateRefundBody,
  type SwishRefund,
  type SwishCreatedPaymentRequest,
  type SwishErrorObject,
  type SwishPaymentRequest,
} from "./types";

// The helpers a caller needs next to the client, so one import covers Swish.
export { SwishApiError, SwishError, SwishHttpError } from "./errors";
export { isInstructionId, newInstructionId } from "./instruction-id";
export { parseSwishCallback, SwishCallbackError } from "./payment-request-schema";
export { parseSwishRefundCallback } from "./refund-schema";
export {
  amountProblem,
  isValidAmountFormat,
  isValidMessage,
  isValidPayeePaymentReference,
  isValidPayerAlias,
  oreToSwishAmount,
  swishAmountToOre,
} from "./validation";
export type { TlsOptions } from "../http/http-request";

export interface SwishClientOptions {
  /**
   * Up to and including `/swish-cpcapi/api`, e.g.
   * `https://mss.cpc.getswish.net/swish-cpcapi/api` or the local simulator's
   * `http://127.0.0.1:PORT/_sim/swish/swish-cpcapi/api`.
   */
  baseUrl: string;
  /** The merchant's Swish number; must match the client certificate. */
  payeeAlias: string;
  /** Per call. The spec gives the main API 10 s. */
  timeoutMs?: number;
  /** Client certificate (PKCS#12) and the Swish root CA; required by the real service. */
  tls?: TlsOptions;
}

/** The create body without what the client fills in itself. */
export type SwishCreatePaymentRequestInput = Omit<SwishCreatePaymentRequestBody, "payeeAlias" | "currency">;

/** The refund body without what the client fills in itself (our Swish number as payer, SEK). */
export type SwishCreateRefundInput = Omit<SwishCreateRefundBody, "payerAlias" | "currency">;

/**
 * Client for the Swish Commerce API payment requests. It throws on anything but
 * the documented success: `SwishApiError` (422, with codes), `SwishHttpError`
 * (other statuses) and `HttpTimeoutError` from the transport. It never retries,
 * because a create retry must reuse the same instruction id, which only the
 * caller (who stored it) can do.
 */
export class SwishClient {
  private readonly baseUrl: string;
  private readonly payeeAlias: string;
  private readonly timeoutMs: number;
  private readonly tls: TlsOptions | undefined;

  constructor(options: SwishClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.payeeAlias = options.payeeAlias;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.tls = options.tls;
  }

  async createPaymentRequest(
    instructionId: string,
    input: SwishCreatePaymentRequestInput,
  ): Promise<SwishCreatedPaymentRequest> {
    assertInstructionId(instructionId);
    const body: SwishCreatePaymentRequestBody = { ...input, payeeAlias: this.payeeAlias, currency: "SEK" };
    const res = await this.send("PUT", `/v2/paymentrequests/${instructionId}`, {
      contentType: "application/json",
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw failure("create payment request", res);
    const location = header(res, "location");
    if (!location) throw new SwishHttpError("create payment request (201 without Location header)", res.status, res.body);
    return { id: instructionId, location, paymentRequestToken: header(res, "paymentrequesttoken") ?? null };
  }

  async getPaymentRequest(id: string): Promise<SwishPaymentRequest> {
    assertInstructionId(id);
    const res = await this.send("GET", `/v1/paymentrequests/${id}`);
    if (res.status !== 200) throw failure("get payment request", res);
    const parsed = swishPaymentRequestSchema.safeParse(parseJsonBody(res.body));
    if (!parsed.success) throw new SwishHttpError("get payment request (unexpected body)", res.status, res.body);
    return parsed.data;
  }

  /**
   * Withdraws a request that is still CREATED. A 422 means it is too late (the
   * donor paid or it ended); the caller should then GET the final status.
   */
  async cancelPaymentRequest(id: string): Promise<SwishPaymentRequest> {
    assertInstructionId(id);
    const res = await this.send("PATCH", `/v1/paymentrequests/${id}`, {
      contentType: "application/json-patch+json",
      body: JSON.stringify(SWISH_CANCEL_PATCH),
    });
    if (res.status !== 200) throw failure("cancel payment request", res);
    const parsed = swishPaymentRequestSchema.safeParse(parseJsonBody(res.body));
    if (!parsed.success) throw new SwishHttpError("cancel payment request (unexpected body)", res.status, res.body);
    return parsed.data;
  }

  /**
   * Sends money of a paid payment back to its payer. Like a payment request,
   * the instruction id is ours and chosen (and stored) before the call, so a
   * retry after a lost answer names the same refund; the caller asks with
   * `getRefund` first and sends again only when Swish does not know it.
   */
  async createRefund(instructionId: string, input: SwishCreateRefundInput): Promise<{ id: string; location: string }> {
    assertInstructionId(instructionId);
    const body: SwishCreateRefundBody = { ...input, payerAlias: this.payeeAlias, currency: "SEK" };
    const res = await this.send("PUT", `/v2/refunds/${instructionId}`, { contentType: "application/json", body: JSON.stringify(body) });
    if (res.status !== 201) throw failure("create refund", res);
    const location = header(res, "location");
    if (!location) throw new SwishHttpError("create refund (201 without Location header)", res.status, res.body);
    return { id: instructionId, location };
  }

  async getRefund(id: string): Promise<SwishRefund> {
    assertInstructionId(id);
    const res = await this.send("GET", `/v1/refunds/${id}`);
    if (res.status !== 200) throw failure("get refund", res);
    const parsed = swishRefundSchema.safeParse(parseJsonBody(res.body));
    if (!parsed.success) throw new SwishHttpError("get refund (unexpected body)", res.status, res.body);
    return parsed.data;
  }

  private send(
    method: "GET" | "PUT" | "PATCH",
    path: string,
    payload?: { contentType: string; body: string },
  ): Promise<HttpResponse> {
    return httpRequest({
      method,
      url: `${this.baseUrl}${path}`,
      headers: {
        accept: "application/json",
        ...(payload ? { "content-type": payload.contentType } : {}),
      },
      ...(payload ? { body: payload.body } : {}),
      timeoutMs: this.timeoutMs,
      ...(this.tls ? { tls: this.tls } : {}),
    });
  }
}

function assertInstructionId(id: string): void {
  // Checked here because the id goes into the URL path.
  if (!isInstructionId(id)) throw new TypeError("A Swish payment request id must be 32 upper-case hex characters");
}

function header(res: HttpResponse, name: string): string | undefined {
  const value = res.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function failure(operation: string, res: HttpResponse): Error {
  if (res.status === 422) return new SwishApiError(operation, res.status, errorList(res.body));
  return new SwishHttpError(operation, res.status, res.body);
}

function errorList(body: string): SwishErrorObject[] {
  const parsed = swishErrorListSchema.safeParse(parseJsonBody(body));
  return parsed.success ? parsed.data : [];
}
