import { z } from "zod";
import { httpRequest, parseJsonBody } from "../http/http-request";
import type { PaymentRow } from "#core/payments/payment-repository";
import type { RefundAdapter, RefundOutcome, RefundRow } from "#core/payments/refund-provider";
import { mondidoAmountToOre, oreToMondidoAmount } from "./amount";
import { DEFAULT_MONDIDO_API_BASE_URL, type MondidoClient, type MondidoConfig } from "./client";

/**
 * Mondido's refund API: `POST /v1/refunds` (form-encoded, Basic auth as for
 * transactions) with `transaction_id`, `amount` ("125.00") and `reason`,
 * answered with the refund object; `GET /v1/refunds/{id}` reads one back.
 * Field names as in Mondido's own SDKs (php_sdk Refund::create). A refund is
 * done when Mondido answers: there is no later callback. Mondido takes no
 * idempotency key, so a send whose answer was lost is never repeated
 * (RefundAdapter.resendIsSafe) – it is looked for in the transaction's
 * `refunds` instead (*unverified* field, see README).
 */
export const mondidoRefundSchema = z.looseObject({
  id: z.union([z.number(), z.string()]).transform(String),
  amount: z.union([z.string(), z.number()]),
  reason: z.string().nullish(),
  created_at: z.string().optional(),
  transaction: z.looseObject({ id: z.union([z.number(), z.string()]).transform(String) }).nullish(),
});
export type MondidoRefund = z.infer<typeof mondidoRefundSchema>;

/** Mondido refused (a 4xx with its error object); nothing was refunded. */
export class MondidoRefundRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly description: string,
  ) {
    super(`Mondido refused the refund (${status} ${errorName})`);
    this.name = "MondidoRefundRefusedError";
  }
}

/** Anything else (5xx, 408, 429, a body we cannot read): the outcome is unknown. */
export class MondidoRefundUnknownError extends Error {
  constructor(readonly status: number) {
    super(`Mondido refund answer ${status}: outcome unknown`);
    this.name = "MondidoRefundUnknownError";
  }
}

export class MondidoRefundClient {
  private readonly apiBaseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly config: Pick<MondidoConfig, "merchantId" | "apiPassword" | "apiBaseUrl" | "timeoutMs">) {
    this.apiBaseUrl = (config.apiBaseUrl ?? DEFAULT_MONDIDO_API_BASE_URL).replace(/\/$/, "");
    this.timeoutMs = config.timeoutMs ?? 10_000;
  }

  async createRefund(input: { transactionId: string; amountOre: number; reason: string }): Promise<MondidoRefund> {
    const res = await httpRequest({
      method: "POST",
      url: `${this.apiBaseUrl}/refunds`,
      headers: { ...this.auth(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ transaction_id: input.transactionId, amount: oreToMondidoAmount(input.amountOre), reason: input.reason }).toString(),
      timeoutMs: this.timeoutMs,
    });
    if (res.status >= 200 && res.status < 300) {
      const parsed = mondidoRefundSchema.safeParse(parseJsonBody(res.body));
      if (!parsed.success) throw new MondidoRefundUnknownError(res.status);
      return parsed.data;
    }
    if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
      const body = parseJsonBody(res.body) as { name?: unknown; description?: unknown } | undefined;
      throw new MondidoRefundRefusedError(
        res.status,
        typeof body?.name === "string" ? body.name : `http.${res.status}`,
        typeof body?.description === "string" ? body.description : "",
      );
    }
    throw new MondidoRefundUnknownError(res.status);
  }

  async getRefund(id: string): Promise<MondidoRefund | undefined> {
    const res = await httpRequest({ method: "GET", url: `${this.apiBaseUrl}/refunds/${encodeURIComponent(id)}`, headers: this.auth(), timeoutMs: this.timeoutMs });
    if (res.status === 404) return undefined;
    if (res.status !== 200) throw new MondidoRefundUnknownError(res.status);
    return mondidoRefundSchema.parse(parseJsonBody(res.body));
  }

  private auth(): Record<string, string> {
    const auth = Buffer.from(`${this.config.merchantId}:${this.config.apiPassword}`).toString("base64");
    return { authorization: `Basic ${auth}`, accept: "application/json" };
  }
}

/** Our refund's id in the reason Mondido stores, so that a refund whose answer was lost can be recognised. */
export function mondidoRefundReason(refund: Pick<RefundRow, "id">): string {
  return `Återbetalning av gåva (${refund.id})`;
}

/**
 * Card refunds behind the common refund interface: the approved transaction
 * of the attempt (found by our payment_ref) is refunded in full.
 */
export class MondidoRefundAdapter implements RefundAdapter {
  readonly label = "Mondido";
  readonly resendIsSafe = false;

  constructor(private readonly options: { refunds: MondidoRefundClient; transactions: MondidoClient }) {}

  newRefundReference(): null {
    return null;
  }

  async send(payment: PaymentRow, refund: RefundRow): Promise<RefundOutcome> {
    const transaction = await this.approvedTransaction(payment);
    if (!transaction) return { status: "refused", code: "errors.transaction.not_found", message: "No approved card transaction for this payment" };
    try {
      const created = await this.options.refunds.createRefund({ transactionId: transaction.id, amountOre: refund.amount_ore, reason: mondidoRefundReason(refund) });
      return { status: "confirmed", providerReference: created.id, data: { transactionId: transaction.id } };
    } catch (error) {
      if (error instanceof MondidoRefundRefusedError) return { status: "refused", code: error.errorName, message: error.description || error.message };
      throw error;
    }
  }

  async fetch(payment: PaymentRow, refund: RefundRow): Promise<RefundOutcome | null> {
    if (refund.provider_reference) {
      const found = await this.options.refunds.getRefund(refund.provider_reference);
      return found ? { status: "confirmed", providerReference: found.id } : null;
    }
    // A send cut short: look for our refund among the transaction's refunds.
    const transaction = await this.approvedTransaction(payment);
    const listed = z.array(mondidoRefundSchema).safeParse((transaction as Record<string, unknown> | undefined)?.refunds);
    const ours = listed.success ? listed.data.find((r) => r.reason?.includes(refund.id) && mondidoAmountToOre(r.amount) === refund.amount_ore) : undefined;
    return ours ? { status: "confirmed", providerReference: ours.id } : null;
  }

  private async approvedTransaction(payment: PaymentRow) {
    const transactions = await this.options.transactions.listTransactionsByPaymentRef(payment.provider_reference as string);
    return transactions.find((t) => t.status === "approved" || t.status === "authorized");
  }
}
