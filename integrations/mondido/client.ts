import { z } from "zod";
import { httpRequest, parseJsonBody } from "../http/http-request";
import { oreToMondidoAmount } from "./amount";
import { hashesEqual, mondidoRequestHash, mondidoResponseHash } from "./hash";
import { customerRefOf, mondidoTransactionSchema, type MondidoTransaction } from "./transaction";

/**
 * Card payments through Mondido's hosted payment window: we never see card
 * numbers (PCI scope stays with Mondido). The browser posts a form we build
 * here; the outcome reaches us by webhook and by the redirect, both hashed
 * with our secret, and can be re-read over REST with Basic auth.
 */
export interface MondidoConfig {
  merchantId: string;
  /** Shared secret for the hash recipes. */
  secret: string;
  /** API password for REST Basic auth (merchant id as user). */
  apiPassword: string;
  formUrl?: string;
  apiBaseUrl?: string;
  /** Test mode: Mondido runs the payment against test cards. */
  test?: boolean;
  timeoutMs?: number;
}

export interface PaymentFormRequest {
  amountOre: number;
  /** Our payment attempt's reference; unique per attempt. */
  paymentRef: string;
  /** Our donor or gift reference; part of the hash, so never empty by accident. */
  customerRef: string;
  successUrl: string;
  errorUrl: string;
  /** Where Mondido posts the transaction when the payment finishes. */
  webhookUrl?: string;
  metadata?: Record<string, unknown>;
  /** Ask Mondido to store the card for later charges (`store_card`, decision 0028); not part of the hash. */
  storeCard?: boolean;
}

export interface PaymentForm {
  action: string;
  method: "POST";
  /** Render each as `<input type="hidden">`, in this order. */
  fields: Record<string, string>;
}

export type WebhookVerification =
  | { ok: true; transaction: MondidoTransaction }
  | { ok: false; reason: "malformed" | "missing-hash" | "wrong-merchant" | "forged-or-altered" };

export class MondidoApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`Mondido API answered ${status}`);
    this.name = "MondidoApiError";
  }
}

export const DEFAULT_MONDIDO_FORM_URL = "https://pay.mondido.com/v1/form";
export const DEFAULT_MONDIDO_API_BASE_URL = "https://api.mondido.com/v1";

export class MondidoClient {
  private readonly formUrl: string;
  private readonly apiBaseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly config: MondidoConfig) {
    this.formUrl = config.formUrl ?? DEFAULT_MONDIDO_FORM_URL;
    this.apiBaseUrl = (config.apiBaseUrl ?? DEFAULT_MONDIDO_API_BASE_URL).replace(/\/$/, "");
    this.timeoutMs = config.timeoutMs ?? 10_000;
  }

  buildPaymentForm(req: PaymentFormRequest): PaymentForm {
    const amount = oreToMondidoAmount(req.amountOre);
    const currency = "sek";
    const test = this.config.test ?? false;
    const fields: Record<string, string> = {
      merchant_id: this.config.merchantId,
      amount,
      currency,
      customer_ref: req.customerRef,
      payment_ref: req.paymentRef,
      hash: mondidoRequestHash({ ...this.common(), paymentRef: req.paymentRef, customerRef: req.customerRef, amount, currency, test }),
      success_url: req.successUrl,
      error_url: req.errorUrl,
      test: test ? "true" : "false",
    };
    if (req.metadata) fields.metadata = JSON.stringify(req.metadata);
    if (req.storeCard) fields.store_card = "true";
    if (req.webhookUrl) {
      // Webhook object per Mondido's hosted-window docs: trigger "payment" fires for
      // approved and failed payments alike. Field names *unverified* against a live account.
      fields.webhook = JSON.stringify({
        trigger: "payment",
        type: "CustomHttp",
        url: req.webhookUrl,
        http_method: "post",
        data_format: "json",
      });
    }
    return { action: this.formUrl, method: "POST", fields };
  }

  async getTransaction(id: string): Promise<MondidoTransaction | undefined> {
    const res = await this.get(`/transactions/${encodeURIComponent(id)}`);
    if (res.status === 404) return undefined;
    return mondidoTransactionSchema.parse(res.json);
  }

  /** The way to recover when a webhook was lost: our payment_ref is known before the donor leaves. */
  async listTransactionsByPaymentRef(paymentRef: string): Promise<MondidoTransaction[]> {
    const res = await this.get(`/transactions?${new URLSearchParams({ "filter[payment_ref]": paymentRef })}`);
    return z.array(mondidoTransactionSchema).parse(res.json);
  }

  /** Checks `response_hash` of a webhook body (already JSON-parsed) before anything trusts it. */
  verifyWebhook(body: unknown): WebhookVerification {
    const hash = typeof body === "object" && body !== null ? (body as Record<string, unknown>).response_hash : undefined;
    if (typeof hash !== "string" || !hash) return { ok: false, reason: "missing-hash" };
    const parsed = mondidoTransactionSchema.safeParse(body);
    if (!parsed.success) return { ok: false, reason: "malformed" };
    const tx = parsed.data;
    if (tx.merchant_id !== String(this.config.merchantId)) return { ok: false, reason: "wrong-merchant" };
    const expected = mondidoResponseHash({
      ...this.common(),
      paymentRef: tx.payment_ref,
      customerRef: customerRefOf(tx),
      amount: typeof tx.amount === "number" ? tx.amount.toFixed(2) : tx.amount,
      currency: tx.currency,
      status: tx.status,
    });
    if (!hashesEqual(expected, hash)) return { ok: false, reason: "forged-or-altered" };
    return { ok: true, transaction: tx };
  }

  /**
   * Checks the query Mondido appends to success_url/error_url. A verified
   * redirect is a reason to re-read the transaction at once; the webhook or a
   * REST read decides the payment's state, never the redirect's own status.
   */
  verifyRedirect(query: Readonly<Record<string, unknown>>): { ok: true; transactionId: string; paymentRef: string; status: string } | { ok: false } {
    const get = (key: string) => (typeof query[key] === "string" ? (query[key] as string) : undefined);
    const [transactionId, paymentRef, status, hash, amount, currency] = [
      get("transaction_id"),
      get("payment_ref"),
      get("status"),
      get("hash"),
      get("amount"),
      get("currency"),
    ];
    if (!transactionId || !paymentRef || !status || !hash || !amount || !currency) return { ok: false };
    const expected = mondidoResponseHash({
      ...this.common(),
      paymentRef,
      customerRef: get("customer_ref") ?? "",
      amount,
      currency,
      status,
    });
    return hashesEqual(expected, hash) ? { ok: true, transactionId, paymentRef, status } : { ok: false };
  }

  private common() {
    return { merchantId: this.config.merchantId, secret: this.config.secret };
  }

  private async get(path: string): Promise<{ status: number; json: unknown }> {
    const auth = Buffer.from(`${this.config.merchantId}:${this.config.apiPassword}`).toString("base64");
    const res = await httpRequest({
      method: "GET",
      url: `${this.apiBaseUrl}${path}`,
      headers: { authorization: `Basic ${auth}`, accept: "application/json" },
      timeoutMs: this.timeoutMs,
    });
    if (res.status === 404) return { status: 404, json: undefined };
    if (res.status < 200 || res.status >= 300) throw new MondidoApiError(res.status, res.body);
    return { status: res.status, json: parseJsonBody(res.body) };
  }
}
