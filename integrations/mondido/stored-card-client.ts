import { httpRequest, parseJsonBody } from "../http/http-request";
import { oreToMondidoAmount } from "./amount";
import { DEFAULT_MONDIDO_API_BASE_URL, MondidoApiError, type MondidoConfig } from "./client";
import { mondidoRequestHash } from "./hash";
import { mondidoStoredCardSchema, type MondidoStoredCard } from "./stored-card";
import { mondidoTransactionSchema, type MondidoTransaction } from "./transaction";

/**
 * Charging a card Mondido has stored, over its REST API (decision 0028):
 * `POST /v1/transactions` with the stored card's token in place of a card
 * number. We never see a card number; the donor gave it once in the hosted
 * window, which stored it.
 *
 * Verified from Mondido's SDKs and plugins: `POST /v1/transactions` with Basic
 * auth and form fields `amount` (two decimals), `currency`, `payment_ref`,
 * `customer_ref`, `hash` (the same recipe as the window), `test`, `metadata`;
 * `GET /v1/stored_cards/{id}`. From ActiveMerchant's Mondido gateway: a
 * stored card is charged with `card_type=stored_card` and its token as
 * `card_number`, and deleted with `DELETE /v1/stored_cards/{id}` (its
 * `unstore`). *Unverified* (Mondido's API reference was not readable here):
 * how a decline is answered – we accept both a transaction with status
 * `declined` and an error status with a JSON body naming the error.
 */
export type StoredCardCharge =
  | { outcome: "transaction"; transaction: MondidoTransaction }
  /** Mondido refused the request (a decline answered as an error, an expired card…): nothing was charged. */
  | { outcome: "refused"; status: number; errorName: string };

export interface ChargeStoredCardRequest {
  token: string;
  amountOre: number;
  /** Our payment attempt's reference, stored before this call: the idempotency key. */
  paymentRef: string;
  customerRef: string;
  metadata?: Record<string, unknown>;
}

export class MondidoStoredCardClient {
  private readonly apiBaseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly config: MondidoConfig) {
    this.apiBaseUrl = (config.apiBaseUrl ?? DEFAULT_MONDIDO_API_BASE_URL).replace(/\/$/, "");
    this.timeoutMs = config.timeoutMs ?? 10_000;
  }

  async chargeStoredCard(req: ChargeStoredCardRequest): Promise<StoredCardCharge> {
    const amount = oreToMondidoAmount(req.amountOre);
    const currency = "sek";
    const test = this.config.test ?? false;
    const form = new URLSearchParams({
      merchant_id: this.config.merchantId,
      amount,
      currency,
      payment_ref: req.paymentRef,
      customer_ref: req.customerRef,
      card_type: "stored_card",
      card_number: req.token,
      test: test ? "true" : "false",
      hash: mondidoRequestHash({ merchantId: this.config.merchantId, secret: this.config.secret, paymentRef: req.paymentRef, customerRef: req.customerRef, amount, currency, test }),
      ...(req.metadata ? { metadata: JSON.stringify(req.metadata) } : {}),
    });
    const res = await httpRequest({
      method: "POST",
      url: `${this.apiBaseUrl}/transactions`,
      headers: { ...this.auth(), "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form.toString(),
      timeoutMs: this.timeoutMs,
    });
    const json = parseJsonBody(res.body);
    if (res.status >= 200 && res.status < 300) return { outcome: "transaction", transaction: mondidoTransactionSchema.parse(json) };
    const errorName = typeof json === "object" && json !== null && typeof (json as { name?: unknown }).name === "string" ? (json as { name: string }).name : "";
    // A 4xx that names an error is Mondido's answer about this charge; anything else (5xx, an unreadable body) is not knowing.
    // A reference already used means a charge may exist: never "refused" – the caller re-reads it by payment_ref.
    const aboutThisCharge = errorName !== "" && !errorName.startsWith("errors.payment_ref");
    if (res.status >= 400 && res.status < 500 && res.status !== 401 && aboutThisCharge) return { outcome: "refused", status: res.status, errorName };
    throw new MondidoApiError(res.status, res.body);
  }

  async getStoredCard(id: string): Promise<MondidoStoredCard | undefined> {
    const res = await httpRequest({
      method: "GET",
      url: `${this.apiBaseUrl}/stored_cards/${encodeURIComponent(id)}`,
      headers: { ...this.auth(), accept: "application/json" },
      timeoutMs: this.timeoutMs,
    });
    if (res.status === 404) return undefined;
    if (res.status < 200 || res.status >= 300) throw new MondidoApiError(res.status, res.body);
    return mondidoStoredCardSchema.parse(parseJsonBody(res.body));
  }

  /**
   * Asks Mondido to delete a stored card (decision 0035). A card Mondido no
   * longer has (404) is as good as deleted: a second sweep after a crash
   * between Mondido's answer and our write finds it gone.
   */
  async deleteStoredCard(id: string): Promise<"deleted" | "already_gone"> {
    const res = await httpRequest({
      method: "DELETE",
      url: `${this.apiBaseUrl}/stored_cards/${encodeURIComponent(id)}`,
      headers: { ...this.auth(), accept: "application/json" },
      timeoutMs: this.timeoutMs,
    });
    if (res.status === 404) return "already_gone";
    if (res.status < 200 || res.status >= 300) throw new MondidoApiError(res.status, res.body);
    return "deleted";
  }

  private auth(): Record<string, string> {
    return { authorization: `Basic ${Buffer.from(`${this.config.merchantId}:${this.config.apiPassword}`).toString("base64")}` };
  }
}
