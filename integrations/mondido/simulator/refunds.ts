import { timingSafeEqual } from "node:crypto";
import express, { Router, type Request, type Response } from "express";
import type { Clock } from "#core/clock";
import type { Logger } from "#core/logger";
import { mondidoAmountToOre } from "../amount";
import type { MondidoSimStore } from "./transaction-store";

export interface SimRefund {
  id: number;
  amount: string;
  reason: string;
  created_at: string;
  transaction: { id: number };
}

/**
 * Mondido's refund API in the simulator: `POST /v1/refunds` (form-encoded,
 * Basic auth) refunds an approved transaction up to what is left of it, at
 * once; `GET /v1/refunds/:id` reads one. Refunds are kept on their
 * transaction (`refunds`), so the file store keeps them over a restart and
 * a transaction read shows them. The error objects' names are our choice in
 * Mondido's `errors.*` style (*unverified*).
 */
export function createMondidoRefundRouter(options: { clock: Clock; logger: Logger; merchantId: string; apiPassword: string; store: MondidoSimStore }): Router {
  const { clock, logger, store } = options;
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: "10kb" });

  function authorised(req: Request, res: Response): boolean {
    const expected = Buffer.from(`Basic ${Buffer.from(`${options.merchantId}:${options.apiPassword}`).toString("base64")}`);
    const given = Buffer.from(req.get("authorization") ?? "");
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
    res.status(401).set("www-authenticate", 'Basic realm="Mondido"').json({ name: "errors.unauthorized", code: 101, description: "Unauthorized" });
    return false;
  }

  function refuse(res: Response, status: number, name: string, description: string): void {
    res.status(status).json({ name, code: status, description });
  }

  // One refund at a time, so two at once cannot both fit in what is left of a transaction.
  let queue: Promise<unknown> = Promise.resolve();

  router.post("/v1/refunds", form, (req: Request, res: Response) => {
    if (!authorised(req, res)) return;
    const run = queue.then(async () => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const transactionId = typeof body.transaction_id === "string" ? body.transaction_id : "";
      const amount = typeof body.amount === "string" ? body.amount : "";
      const reason = typeof body.reason === "string" ? body.reason : "";
      if (!/^\d+\.\d{2}$/.test(amount) || mondidoAmountToOre(amount) <= 0) return refuse(res, 422, "errors.amount.invalid", "Amount must be a positive amount with two decimals");
      const record = transactionId ? await store.get(transactionId) : undefined;
      if (!record) return refuse(res, 404, "errors.transaction.not_found", "Transaction not found");
      const tx = record.transaction;
      if (tx.status !== "approved" && tx.status !== "authorized") return refuse(res, 422, "errors.transaction.not_approved", "Only an approved transaction can be refunded");
      const refunds = (Array.isArray(tx.refunds) ? tx.refunds : []) as SimRefund[];
      const refunded = refunds.reduce((sum, r) => sum + mondidoAmountToOre(r.amount), 0);
      if (refunded + mondidoAmountToOre(amount) > mondidoAmountToOre(String(tx.amount))) {
        return refuse(res, 422, "errors.refund.amount_too_high", "The amount is more than what is left to refund of the transaction");
      }
      // The simulator's refund id carries its transaction's (id × 1000 + number), so GET finds it without an index of its own.
      const refund: SimRefund = { id: tx.id * 1000 + refunds.length + 1, amount, reason, created_at: clock.now().toISOString(), transaction: { id: tx.id } };
      record.transaction = { ...tx, refunds: [...refunds, refund] };
      await store.save(record);
      logger.info({ transactionId: tx.id, refundId: refund.id }, "mondido simulator: refunded");
      res.status(200).json(refund);
    });
    queue = run.catch((error: unknown) => {
      logger.error({ err: error }, "mondido simulator: refund failed");
      if (!res.headersSent) res.status(500).end();
    });
  });

  router.get("/v1/refunds/:id", async (req: Request, res: Response) => {
    if (!authorised(req, res)) return;
    const id = Number(req.params.id);
    const record = Number.isSafeInteger(id) && id > 0 ? await store.get(String(Math.floor(id / 1000))) : undefined;
    const found = ((record?.transaction.refunds ?? []) as SimRefund[]).find((r) => r.id === id);
    if (!found) return refuse(res, 404, "errors.refund.not_found", "Refund not found");
    res.json(found);
  });

  return router;
}
