import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { Logger } from "../logger";
import type { DB } from "#db/schema";
import { forUpdate, type Engine } from "#db/dialect";
import type { ProviderName } from "./payment-status";
import { findPayment, type PaymentRow } from "./payment-repository";
import { transitionPayment, type TransitionSource } from "./payment-transitions";
import type { PaymentOutcomeHandlers } from "./payment-outcomes";
import { RefundNotPossibleError } from "./payment-service";
import type { RefundAdapter, RefundOutcome, RefundRow } from "./refund-provider";
import { LIVE_REFUND_STATUSES, OPEN_REFUND_STATUSES } from "./refund-status";

export interface RefundServiceDeps {
  db: Kysely<DB>;
  engine: Engine;
  clock: Clock;
  logger: Logger;
  adapters: Partial<Record<ProviderName, RefundAdapter>>;
  /** What the rest of the site does when a refund is confirmed (payment-outcomes.ts). */
  outcomes: PaymentOutcomeHandlers;
}

/** The payment's provider has no refund API here; finance refunds it by hand. */
export class NoRefundApiError extends Error {
  constructor(readonly provider: string) {
    super(`${provider} refunds are made by hand`);
    this.name = "NoRefundApiError";
  }
}

/**
 * The payment already has its one refund – under way or paid out – asked for
 * by another form (a second tab, a later visit): nothing new is asked of the
 * provider, and staff are told, rather than shown the earlier refund as if
 * this request had made it (issue #30).
 */
export class RefundAlreadyRequestedError extends Error {
  constructor(readonly refund: RefundRow) {
    super(`Payment ${refund.payment_id} already has refund ${refund.id} (${refund.status})`);
    this.name = "RefundAlreadyRequestedError";
  }
}

/** A Swish refund whose first send may have been lost is sent again under the same instruction id after this long. */
const RESEND_AFTER_MS = 30_000;

/**
 * Refunds through the provider's API (decision 0027), full amounts only.
 *
 * The refund is stored – with the idempotency key from the staff member's
 * form and, for Swish, the instruction id it goes out under – and committed
 * before the provider is called. The call is fenced: only the process that
 * moves the row from `requested` to `sending` calls, so a repeated click, a
 * second tab or reconciliation running at the same moment cannot send it
 * again. A process that dies after the call leaves `sending`: reconciliation
 * then asks the provider about it, and sends again only where the provider
 * itself would refuse a duplicate (Swish, same instruction id); a Mondido
 * refund in that state is never sent again and staff are told to look in
 * Mondido's portal.
 *
 * The payment stays `paid`, with a `refund-requested` event, until the
 * provider confirms; then the one transition makes it `refunded` (the gift,
 * its unsent documents and a membership fee follow). A refusal is stored on
 * the refund with the provider's code and changes nothing else.
 */
export class RefundService {
  constructor(private readonly deps: RefundServiceDeps) {}

  adapterFor(provider: ProviderName): RefundAdapter | undefined {
    return this.deps.adapters[provider];
  }

  async find(refundId: string): Promise<RefundRow | undefined> {
    return this.deps.db.selectFrom("payment_refunds").selectAll().where("id", "=", refundId).executeTakeFirst();
  }

  async forPayment(paymentId: string): Promise<RefundRow[]> {
    return this.deps.db.selectFrom("payment_refunds").selectAll().where("payment_id", "=", paymentId).orderBy("created_at").orderBy("id").execute();
  }

  async findByProviderReference(provider: ProviderName, reference: string): Promise<RefundRow | undefined> {
    return this.deps.db
      .selectFrom("payment_refunds")
      .selectAll()
      .where("provider", "=", provider)
      .where("provider_reference", "=", reference)
      .executeTakeFirst();
  }

  /**
   * Staff asked to refund a paid payment. Returns the refund this form made:
   * the new one, or – the same form sent again (same key) – the one it made
   * before, which is then not sent again, marked `repeated` so that the
   * audit log holds one entry for one refund. Another form finding the
   * payment's one live refund gets RefundAlreadyRequestedError.
   */
  async request(paymentId: string, request: { by: string; reason: string; idempotencyKey: string }): Promise<RefundRow & { repeated: boolean }> {
    const { row, created } = await this.store(paymentId, request).catch(async (error: unknown) => {
      if (error instanceof RefundAlreadyRequestedError) throw error;
      // Two requests racing past the checks meet at the unique indexes; the loser gets the winner's row.
      const same = await this.byKey(request.idempotencyKey);
      if (same && same.payment_id === paymentId) return { row: same, created: false };
      const live = await this.liveFor(paymentId);
      if (live) throw new RefundAlreadyRequestedError(live);
      throw error;
    });
    const repeated = !created;
    if (repeated && row.status !== "requested") return { ...row, repeated };
    return { ...(await this.send(row)), repeated };
  }

  private async store(paymentId: string, request: { by: string; reason: string; idempotencyKey: string }) {
    const { db, engine, clock } = this.deps;
    return db.transaction().execute(async (trx) => {
      // The payment's lock first: the same form sent twice at once (a double click) waits here, and then
      // finds the refund the first one made under its key, instead of taking it for another form's.
      const payment = await trx.selectFrom("payments").selectAll().where("id", "=", paymentId).modifyEnd(forUpdate(engine)).executeTakeFirst();
      const same = await trx.selectFrom("payment_refunds").selectAll().where("idempotency_key", "=", request.idempotencyKey).executeTakeFirst();
      if (same) {
        if (same.payment_id !== paymentId) throw new Error("A refund idempotency key was used for another payment");
        return { row: same, created: false };
      }
      if (!payment) throw new Error(`Unknown payment ${paymentId}`);
      const live = await trx
        .selectFrom("payment_refunds")
        .selectAll()
        .where("payment_id", "=", paymentId)
        .where("status", "in", LIVE_REFUND_STATUSES)
        .executeTakeFirst();
      if (live) throw new RefundAlreadyRequestedError(live);
      if (payment.status !== "paid") throw new RefundNotPossibleError(payment.status);
      const adapter = this.adapterFor(payment.provider);
      if (!adapter) throw new NoRefundApiError(payment.provider);
      const now = clock.now().toISOString();
      const row: RefundRow = {
        id: crypto.randomUUID(),
        payment_id: paymentId,
        provider: payment.provider,
        idempotency_key: request.idempotencyKey,
        provider_reference: adapter.newRefundReference(),
        status: "requested",
        amount_ore: payment.amount_ore,
        reason: request.reason,
        requested_by: request.by,
        error_code: null,
        error_message: null,
        created_at: now,
        updated_at: now,
      };
      await trx.insertInto("payment_refunds").values(row).execute();
      await trx
        .insertInto("payment_events")
        .values({
          payment_id: paymentId,
          type: "refund-requested",
          from_status: "paid",
          to_status: "paid",
          source: "staff",
          data: JSON.stringify({ refundId: row.id, by: request.by, reason: request.reason, amountOre: row.amount_ore }),
          created_at: now,
        })
        .execute();
      return { row, created: true };
    });
  }

  /** Takes the fence (requested → sending) and calls the provider; whoever does not get the fence does not call. */
  private async send(row: RefundRow): Promise<RefundRow> {
    const { db, clock } = this.deps;
    if (!(await this.stillPaid(row))) return row;
    const claimed = await db
      .updateTable("payment_refunds")
      .set({ status: "sending", updated_at: clock.now().toISOString() })
      .where("id", "=", row.id)
      .where("status", "=", "requested")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return (await this.find(row.id)) as RefundRow;
    return this.callProvider({ ...row, status: "sending" }, "staff");
  }

  private async callProvider(row: RefundRow, source: TransitionSource): Promise<RefundRow> {
    const payment = (await findPayment(this.deps.db, row.payment_id)) as PaymentRow;
    const adapter = this.adapterFor(row.provider);
    if (!adapter) throw new NoRefundApiError(row.provider);
    let outcome: RefundOutcome;
    try {
      outcome = await adapter.send(payment, row);
    } catch (error) {
      // Unknown whether the provider has it; the row stays `sending` and reconciliation asks.
      this.deps.logger.warn({ err: error, refundId: row.id, provider: row.provider }, "refund request did not complete");
      return (await this.find(row.id)) as RefundRow;
    }
    return this.record(row.id, outcome, source);
  }

  /** Applies what the provider said. Idempotent: an outcome already recorded changes nothing. */
  async record(refundId: string, outcome: RefundOutcome, source: TransitionSource): Promise<RefundRow> {
    const { db, clock } = this.deps;
    const row = (await this.find(refundId)) as RefundRow;
    if (!(OPEN_REFUND_STATUSES as readonly string[]).includes(row.status)) return row;
    const now = clock.now().toISOString();
    if (outcome.status === "refused") {
      await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable("payment_refunds")
          .set({ status: "refused", error_code: outcome.code, error_message: outcome.message.slice(0, 500), updated_at: now })
          .where("id", "=", refundId)
          .where("status", "in", OPEN_REFUND_STATUSES)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return;
        const payment = (await findPayment(trx, row.payment_id)) as PaymentRow;
        await trx
          .insertInto("payment_events")
          .values({
            payment_id: row.payment_id,
            type: "refund-refused",
            from_status: payment.status,
            to_status: payment.status,
            source,
            data: JSON.stringify({ refundId, errorCode: outcome.code }),
            created_at: now,
          })
          .execute();
      });
      this.deps.logger.info({ refundId, code: outcome.code }, "provider refused a refund");
      return (await this.find(refundId)) as RefundRow;
    }
    const reference = outcome.providerReference ?? row.provider_reference;
    await db
      .updateTable("payment_refunds")
      .set({ status: "sent", provider_reference: reference, updated_at: now })
      .where("id", "=", refundId)
      .where("status", "in", OPEN_REFUND_STATUSES)
      .execute();
    if (outcome.status === "pending") return (await this.find(refundId)) as RefundRow;
    // Confirmed: the payment first, then the refund row; a crash between is healed by reconciliation (the transition is a no-op the second time).
    await transitionPayment(this.deps, {
      paymentId: row.payment_id,
      to: "refunded",
      source,
      data: { refundId, providerRefundId: reference ?? undefined, by: row.requested_by, reason: row.reason, ...outcome.data },
    });
    await db
      .updateTable("payment_refunds")
      .set({ status: "confirmed", updated_at: clock.now().toISOString() })
      .where("id", "=", refundId)
      .where("status", "in", OPEN_REFUND_STATUSES)
      .execute();
    return (await this.find(refundId)) as RefundRow;
  }

  /**
   * Asks the provider about an open refund (a callback's hint, staff's
   * "ask again", reconciliation). A refund never sent is sent; one whose send
   * may have been lost is sent again only where that is safe.
   */
  async refresh(refundId: string, source: TransitionSource): Promise<RefundRow> {
    const { clock, logger } = this.deps;
    const row = await this.find(refundId);
    if (!row) throw new Error(`Unknown refund ${refundId}`);
    if (row.status === "requested") return this.send(row);
    if (row.status !== "sending" && row.status !== "sent") return row;
    const adapter = this.adapterFor(row.provider);
    if (!adapter) return row;
    const payment = (await findPayment(this.deps.db, row.payment_id)) as PaymentRow;
    let outcome: RefundOutcome | null;
    try {
      outcome = await adapter.fetch(payment, row);
    } catch (error) {
      logger.warn({ err: error, refundId, provider: row.provider }, "refund status check failed");
      return row;
    }
    if (outcome) return this.record(refundId, outcome, source);
    const age = clock.now().getTime() - Date.parse(row.updated_at);
    // Never after the payment left `paid`: finance may have refunded it by hand meanwhile.
    if (row.status === "sending" && adapter.resendIsSafe && age > RESEND_AFTER_MS && payment.status === "paid") {
      logger.info({ refundId }, "sending a refund again under its stored reference");
      return this.callProvider(row, source);
    }
    return row;
  }

  /** Open refunds not touched for a while: after a restart, a lost callback, a provider that was down. */
  async reconcile(options: { olderThanMs?: number; limit?: number } = {}): Promise<number> {
    const { db, clock, logger } = this.deps;
    const cutoff = new Date(clock.now().getTime() - (options.olderThanMs ?? 30_000)).toISOString();
    const open = await db
      .selectFrom("payment_refunds")
      .select("id")
      .where("status", "in", OPEN_REFUND_STATUSES)
      .where("updated_at", "<", cutoff)
      .orderBy("updated_at")
      .limit(options.limit ?? 50)
      .execute();
    let settled = 0;
    for (const { id } of open) {
      try {
        const row = await this.refresh(id, "reconcile");
        if (row.status === "confirmed" || row.status === "refused") settled++;
      } catch (error) {
        logger.warn({ err: error, refundId: id }, "reconciliation of a refund failed");
      }
    }
    return settled;
  }

  /** A refund is only ever sent for a payment that is still paid (not one finance has since refunded by hand). */
  private async stillPaid(row: RefundRow): Promise<boolean> {
    const payment = await findPayment(this.deps.db, row.payment_id);
    return payment?.status === "paid";
  }

  private byKey(key: string): Promise<RefundRow | undefined> {
    return this.deps.db.selectFrom("payment_refunds").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
  }

  private liveFor(paymentId: string): Promise<RefundRow | undefined> {
    return this.deps.db
      .selectFrom("payment_refunds")
      .selectAll()
      .where("payment_id", "=", paymentId)
      .where("status", "in", LIVE_REFUND_STATUSES)
      .executeTakeFirst();
  }
}
