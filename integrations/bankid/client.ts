import { z } from "zod";
import { silentLogger, type Logger } from "#core/logger";
import { httpRequest, parseJsonBody, type TlsOptions } from "../http/http-request";
import { BankIdApiError } from "#core/donors/bankid-api-error";
import type { AuthOptions, BankIdRelyingParty, CollectResponse, OrderResponse, SignOptions } from "#core/donors/bankid-relying-party";
import { qrCodeContent, secondsSinceOrderStart } from "./qr";
import type { OrderRequestBody } from "./types";

export const BANKID_PRODUCTION_URL = "https://appapi2.bankid.com/rp/v6.0";
export const BANKID_TEST_URL = "https://appapi2.test.bankid.com/rp/v6.0";

export interface BankIdClientOptions {
  /** API root including the version, e.g. BANKID_TEST_URL or `http://localhost:3000/_sim/bankid/rp/v6.0`. */
  baseUrl: string;
  /** The spec's frontend-API budget; BankID itself answers well within it. */
  timeoutMs?: number;
  /** Our relying-party certificate (PKCS#12) and BankID's CA. Required by the real service, not by the simulator. */
  tls?: TlsOptions;
  logger?: Logger;
}

const orderResponseSchema = z.object({
  orderRef: z.string().min(1),
  autoStartToken: z.string().min(1),
  qrStartToken: z.string().min(1),
  qrStartSecret: z.string().min(1),
});

const completionDataSchema = z.looseObject({
  user: z.looseObject({ personalNumber: z.string(), name: z.string(), givenName: z.string(), surname: z.string() }),
  device: z.looseObject({ ipAddress: z.string(), uhi: z.string() }),
  bankIdIssueDate: z.string(),
  signature: z.string(),
  ocspResponse: z.string(),
});

const collectResponseSchema = z.discriminatedUnion("status", [
  z.looseObject({ orderRef: z.string(), status: z.literal("pending"), hintCode: z.string() }),
  z.looseObject({ orderRef: z.string(), status: z.literal("failed"), hintCode: z.string() }),
  z.looseObject({ orderRef: z.string(), status: z.literal("complete"), completionData: completionDataSchema }),
]);

const errorBodySchema = z.object({ errorCode: z.string(), details: z.string().optional() });

/**
 * Client for BankID's Relying Party API v6.0. The same code talks to the real
 * service (with mutual TLS) and to our simulator; only baseUrl and tls differ.
 * Error answers become `BankIdApiError`; a timeout is `HttpTimeoutError`.
 */
export class BankIdClient implements BankIdRelyingParty {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly tls: TlsOptions | undefined;
  private readonly logger: Logger;

  constructor(options: BankIdClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.tls = options.tls;
    this.logger = options.logger ?? silentLogger;
  }

  /** Starts an identification. */
  async auth(options: AuthOptions): Promise<OrderResponse> {
    const body = await this.post("auth", toRequestBody(options));
    return parseOrThrow(orderResponseSchema, body, "auth");
  }

  /** Starts a signature of `userVisibleData` (simpleMarkdownV1, shown in the app). */
  async sign(options: SignOptions): Promise<OrderResponse> {
    const body = await this.post("sign", toRequestBody(options));
    return parseOrThrow(orderResponseSchema, body, "sign");
  }

  /** The order's state; call about every 2 seconds until status is not "pending". */
  async collect(orderRef: string): Promise<CollectResponse> {
    const body = await this.post("collect", { orderRef });
    return parseOrThrow(collectResponseSchema, body, "collect") as CollectResponse;
  }

  async cancel(orderRef: string): Promise<void> {
    await this.post("cancel", { orderRef });
  }

  /** The animated QR code's content for this second of the order (see qr.ts). */
  qrCode(order: Pick<OrderResponse, "qrStartToken" | "qrStartSecret">, orderStartedAt: Date, now: Date): string {
    return qrCodeContent(order.qrStartToken, order.qrStartSecret, secondsSinceOrderStart(orderStartedAt, now));
  }

  private async post(method: string, payload: object): Promise<unknown> {
    const response = await httpRequest({
      method: "POST",
      url: `${this.baseUrl}/${method}`,
      // BankID answers 415 if a charset parameter is added to the media type.
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(payload),
      timeoutMs: this.timeoutMs,
      tls: this.tls,
    });
    const body = parseJsonBody(response.body);
    if (response.status >= 200 && response.status < 300) return body ?? {};

    const error = errorBodySchema.safeParse(body);
    const apiError = error.success
      ? new BankIdApiError(response.status, error.data.errorCode, error.data.details ?? "")
      : new BankIdApiError(response.status, "unexpectedResponse", "the error answer was not BankID JSON");
    // orderRef and codes only: the payload may hold a personnummer or the text being signed.
    this.logger.warn(
      { bankIdMethod: method, status: apiError.status, errorCode: apiError.errorCode },
      "BankID answered with an error",
    );
    throw apiError;
  }
}

function toRequestBody(options: AuthOptions | SignOptions): OrderRequestBody {
  const body: OrderRequestBody = { endUserIp: options.endUserIp };
  if (options.requirement) body.requirement = options.requirement;
  if (options.returnUrl) body.returnUrl = options.returnUrl;
  if (options.returnRisk !== undefined) body.returnRisk = options.returnRisk;
  if (options.userVisibleData !== undefined) {
    body.userVisibleData = toBase64Utf8(options.userVisibleData);
    body.userVisibleDataFormat = "simpleMarkdownV1";
  }
  if (options.userNonVisibleData !== undefined) body.userNonVisibleData = toBase64Utf8(options.userNonVisibleData);
  return body;
}

export function toBase64Utf8(text: string): string {
  return Buffer.from(text, "utf8").toString("base64");
}

function parseOrThrow<T>(schema: z.ZodType<T>, body: unknown, method: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new BankIdApiError(200, "unexpectedResponse", `the ${method} answer did not have the expected fields`);
  return parsed.data;
}
