import { randomInt, timingSafeEqual } from "node:crypto";
import express, { Router, type Request, type Response } from "express";
import { postJsonCallback } from "../../simulator-kit/post-json";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import { mondidoAmountToOre } from "../amount";
import { hashesEqual, mondidoRequestHash, mondidoResponseHash } from "../hash";
import type { MondidoStatus } from "../transaction";
import { renderCardPage, renderFormErrorPage } from "./card-page";
import { maskCardNumber, outcomeForCard } from "./test-cards";
import { createInMemoryMondidoStore, type MondidoSimStore, type SimTransactionRecord } from "./transaction-store";
import { createMondidoRefundRouter } from "./refunds";
import { createInMemoryStoredCardStore, mountStoredCardRoutes, storeCardFromWindow, type MondidoSimCardStore } from "./stored-cards";

/**
 * A local stand-in for Mondido's hosted payment window and REST API, speaking
 * the same protocol so that MondidoClient is exercised unchanged. Mounted by
 * the server at /_sim/mondido only when the simulator is configured.
 */
export interface MondidoSimulatorOptions {
  clock: Clock;
  logger: Logger;
  merchantId: string;
  secret: string;
  /** Password for REST Basic auth; defaults to a fixed development value. */
  apiPassword?: string;
  /** Delivers the webhook; defaults to an HTTP POST with a JSON body. Throw to signal failure. */
  postWebhook?: (url: string, body: unknown) => Promise<void>;
  store?: MondidoSimStore;
  /** Cards stored by the window (`store_card`) for later charges over the API (decision 0028). */
  storedCards?: MondidoSimCardStore;
}

export const DEFAULT_SIM_API_PASSWORD = "simulator-api-password";

export function createMondidoSimulator(options: MondidoSimulatorOptions): { router: Router } {
  const { clock, logger, merchantId, secret } = options;
  const apiPassword = options.apiPassword ?? DEFAULT_SIM_API_PASSWORD;
  const store = options.store ?? createInMemoryMondidoStore();
  const storedCards = options.storedCards ?? createInMemoryStoredCardStore();
  const postWebhook = options.postWebhook ?? postJsonCallback;
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: "50kb" });

  router.post("/v1/form", form, async (req: Request, res: Response) => {
    const body = stringFields(req.body);
    const missing = ["merchant_id", "amount", "currency", "payment_ref", "hash", "success_url", "error_url"].filter((k) => !body[k]);
    if (missing.length) return sendFormError(res, `Obligatoriska fält saknas: ${missing.join(", ")}.`);
    if (body.merchant_id !== merchantId) return sendFormError(res, "Okänd butik (merchant_id).");
    if (!URL.canParse(body.success_url!) || !URL.canParse(body.error_url!)) return sendFormError(res, "success_url och error_url måste vara fullständiga adresser.");
    // The amount must be exactly "kronor.öre" (two decimals), or the hash recipe would differ between the sides.
    if (!/^\d+\.\d{2}$/.test(body.amount!)) return sendFormError(res, "Beloppet har fel format.");
    const test = body.test === "true";
    const expected = mondidoRequestHash({
      merchantId,
      paymentRef: body.payment_ref!,
      customerRef: body.customer_ref ?? "",
      amount: body.amount!,
      currency: body.currency!,
      test,
      secret,
    });
    if (!hashesEqual(expected, body.hash!)) {
      logger.warn({ paymentRef: body.payment_ref }, "mondido simulator: form hash mismatch");
      return sendFormError(res, "Ogiltig hash. Betalningsuppgifterna kan ha ändrats.");
    }
    const record: SimTransactionRecord = {
      transaction: {
        id: randomInt(100_000, 999_999_999),
        created_at: clock.now().toISOString(),
        merchant_id: Number(merchantId) || merchantId,
        amount: body.amount!,
        vat_amount: "0.00",
        currency: body.currency!.toLowerCase(),
        status: "pending",
        payment_ref: body.payment_ref!,
        customer: { ref: body.customer_ref ?? "" },
        test,
        metadata: parseJson(body.metadata),
        transaction_type: "credit_card",
        card_number: null,
        card_type: null,
      },
      successUrl: body.success_url!,
      errorUrl: body.error_url!,
      ...(webhookUrlOf(body.webhook) ? { webhookUrl: webhookUrlOf(body.webhook)! } : {}),
      ...(body.store_card === "true" ? { storeCard: true } : {}),
    };
    await store.save(record);
    res.redirect(303, `${req.baseUrl}/v1/pay/${record.transaction.id}`);
  });

  router.get("/v1/pay/:id", async (req: Request, res: Response) => {
    const record = await store.get(String(req.params.id));
    if (!record || record.transaction.status !== "pending") return sendFormError(res, "Betalningen finns inte eller är redan genomförd.", 404);
    res.type("html").send(renderCardPage(cardPageModel(req, record)));
  });

  router.post("/v1/pay/:id", form, async (req: Request, res: Response) => {
    const record = await store.get(String(req.params.id));
    if (!record || record.transaction.status !== "pending") return sendFormError(res, "Betalningen finns inte eller är redan genomförd.", 404);
    const body = stringFields(req.body);
    const values = { cardNumber: body.cardNumber ?? "", expiry: body.expiry ?? "", cvc: body.cvc ?? "" };
    const cardNumber = values.cardNumber.replace(/[\s-]/g, "");
    const errors: { cardNumber?: string; expiry?: string; cvc?: string } = {};
    const status = outcomeForCard(cardNumber);
    if (!/^\d{12,19}$/.test(cardNumber)) errors.cardNumber = "Ange kortnumret med siffror.";
    else if (!status) errors.cardNumber = "Kortnumret känns inte igen. Använd ett av testkorten nedan.";
    const expiryError = checkExpiry(values.expiry, clock.now());
    if (expiryError) errors.expiry = expiryError;
    if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = "Ange CVC med 3 siffror.";
    if (Object.keys(errors).length || !status) {
      res.status(422).type("html").send(renderCardPage({ ...cardPageModel(req, record), values, errors }));
      return;
    }

    record.transaction = {
      ...record.transaction,
      status,
      card_number: maskCardNumber(cardNumber),
      card_type: "VISA",
      processed_at: clock.now().toISOString(),
    };
    if (status === "approved" && record.storeCard) {
      const customerRef = String((record.transaction.customer as { ref?: string } | undefined)?.ref ?? "");
      record.transaction.stored_card = await storeCardFromWindow(storedCards, clock, { cardNumber, expiry: values.expiry.trim(), customerRef, test: record.transaction.test === true });
    }
    await store.save(record);
    const tx = record.transaction;
    const responseHash = responseHashOf(tx, status);
    if (record.webhookUrl) {
      const url = record.webhookUrl;
      // Like the provider, the webhook is independent of the browser: do not hold the redirect for it.
      void postWebhook(url, { ...tx, response_hash: responseHash }).catch((err: unknown) =>
        logger.warn({ err: String(err), transactionId: tx.id }, "mondido simulator: webhook delivery failed"),
      );
    }
    res.redirect(303, appendQuery(status === "approved" ? record.successUrl : record.errorUrl, redirectQuery(tx, status, responseHash)));
  });

  router.get("/v1/transactions/:id", requireBasicAuth, async (req: Request, res: Response) => {
    const record = await store.get(String(req.params.id));
    if (!record) {
      // Error body shape *unverified*; the client relies only on the 404 status.
      res.status(404).json({ name: "errors.transaction.not_found", code: 128, description: "Transaction not found" });
      return;
    }
    res.json(record.transaction);
  });

  router.get("/v1/transactions", requireBasicAuth, async (req: Request, res: Response) => {
    // Express's default "simple" query parser keeps "filter[payment_ref]" as one key.
    const query = req.query as Record<string, unknown>;
    const nested = query.filter as Record<string, unknown> | undefined;
    const paymentRef = query["filter[payment_ref]"] ?? nested?.payment_ref;
    if (typeof paymentRef !== "string") {
      res.json([]);
      return;
    }
    res.json((await store.listByPaymentRef(paymentRef)).map((r) => r.transaction));
  });

  router.use(createMondidoRefundRouter({ clock, logger, merchantId, apiPassword, store }));

  function requireBasicAuth(req: Request, res: Response, next: () => void): void {
    const expected = Buffer.from(`Basic ${Buffer.from(`${merchantId}:${apiPassword}`).toString("base64")}`);
    const given = Buffer.from(req.get("authorization") ?? "");
    if (given.length === expected.length && timingSafeEqual(given, expected)) return next();
    res.status(401).set("www-authenticate", 'Basic realm="Mondido"').json({ name: "errors.unauthorized", code: 101, description: "Unauthorized" });
  }

  function responseHashOf(tx: SimTransactionRecord["transaction"], status: MondidoStatus): string {
    return mondidoResponseHash({
      merchantId,
      paymentRef: tx.payment_ref,
      customerRef: String((tx.customer as { ref?: string } | undefined)?.ref ?? ""),
      amount: String(tx.amount),
      currency: String(tx.currency),
      status,
      secret,
    });
  }

  mountStoredCardRoutes(router, { clock, merchantId, secret, transactions: store, cards: storedCards, requireBasicAuth });

  return { router };
}

function cardPageModel(req: Request, record: SimTransactionRecord) {
  return {
    action: `${req.baseUrl}/v1/pay/${record.transaction.id}`,
    amountOre: mondidoAmountToOre(String(record.transaction.amount)),
    paymentRef: record.transaction.payment_ref,
  };
}

/** Query appended to success_url/error_url. Parameter set *unverified* beyond transaction_id, payment_ref, status, hash. */
function redirectQuery(tx: SimTransactionRecord["transaction"], status: MondidoStatus, hash: string): Record<string, string> {
  return {
    transaction_id: String(tx.id),
    payment_ref: tx.payment_ref,
    customer_ref: String((tx.customer as { ref?: string } | undefined)?.ref ?? ""),
    amount: String(tx.amount),
    currency: String(tx.currency),
    status,
    hash,
    ...(status === "approved" ? {} : { error_name: status === "declined" ? "errors.payment.declined" : "errors.unexpected" }),
  };
}

function appendQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

function checkExpiry(expiry: string, now: Date): string | undefined {
  const match = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return "Ange giltighetstiden som MM/ÅÅ.";
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return "Månaden ska vara 01–12.";
  const endOfMonth = Date.UTC(year, month, 1);
  if (endOfMonth <= now.getTime()) return "Kortet har gått ut.";
  return undefined;
}

function sendFormError(res: Response, message: string, status = 400): void {
  res.status(status).type("html").send(renderFormErrorPage(message));
}

function stringFields(body: unknown): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  if (typeof body !== "object" || body === null) return out;
  for (const [key, value] of Object.entries(body)) if (typeof value === "string") out[key] = value;
  return out;
}

function parseJson(text: string | undefined): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

function webhookUrlOf(webhookJson: string | undefined): string | undefined {
  const webhook = parseJson(webhookJson) as { url?: unknown };
  return typeof webhook?.url === "string" ? webhook.url : undefined;
}

