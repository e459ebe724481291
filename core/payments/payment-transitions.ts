import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { Logger } from "../logger";
import type { DB } from "../../db/schema";
import { enqueueJob } from "../jobs/job-queue";
import { transitionGiftOrderItems } from "../orders/order-transitions";
import { queueEmailDeliveries } from "../orders/order-delivery";
import { canTransition, type PaymentStatus, type TransitionSource } from "./payment-status";
import { recordPaidMembershipFee, revokeRefundedMembershipFee } from "../membership/membership-service";
import { findPayment, type PaymentRow } from "./payment-repository";
import { onCardAgreementPayment } from "../agreements/card-debits";

export type { TransitionSource } from "./payment-status";

export interface TransitionRequest {
  paymentId: string;
  to: PaymentStatus;
  source: TransitionSource;
  errorCode?: string | null;
  /** Provider facts worth keeping with the event (never personnummer or tokens). */
  data?: Record<string, unknown>;
}

export interface TransitionResult {
  changed: boolean;
  payment: PaymentRow;
}

export const RECEIPT_JOB = "send-receipt";

/**
 * The one place a payment's status changes. In one transaction it moves the
 * payment only if it is still in the state we read (so two writers racing —
 * callback, poll, reconciliation — cannot both win), appends the event, and
 * when the payment becomes paid marks the gift paid, makes its order ready to
 * produce, queues the e-mail delivery of its documents and the receipt; when a paid payment is refunded the gift
 * follows and whatever of its order has not been sent is cancelled.
 * A message that would move a payment backwards or out of a final state is
 * ignored: that is what makes duplicate and out-of-order callbacks harmless.
 */
export async function transitionPayment(
  deps: { db: Kysely<DB>; clock: Clock; logger: Logger },
  request: TransitionRequest,
): Promise<TransitionResult> {
  const { db, clock, logger } = deps;
  const result = await db.transaction().execute(async (trx) => {
    const current = await findPayment(trx, request.paymentId);
    if (!current) throw new Error(`Unknown payment ${request.paymentId}`);
    const from = current.status;
    if (!canTransition(from, request.to)) return { changed: false, payment: current };

    const now = clock.now().toISOString();
    const updated = await trx
      .updateTable("payments")
      .set({
        status: request.to,
        updated_at: now,
        last_checked_at: now,
        ...(request.to === "paid" ? { paid_at: now } : {}),
        ...(request.errorCode !== undefined ? { error_code: request.errorCode } : {}),
      })
      .where("id", "=", current.id)
      .where("status", "=", from)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      return { changed: false, payment: (await findPayment(trx, current.id)) ?? current };
    }

    await trx
      .insertInto("payment_events")
      .values({
        payment_id: current.id,
        type: "status-changed",
        from_status: from,
        to_status: request.to,
        source: request.source,
        data: request.data || request.errorCode ? JSON.stringify({ ...request.data, errorCode: request.errorCode ?? undefined }) : null,
        created_at: now,
      })
      .execute();

    if (request.to === "paid") {
      await trx
        .updateTable("gifts")
        .set({ status: "paid", paid_at: now, updated_at: now })
        .where("id", "=", current.gift_id)
        .where("status", "!=", "paid")
        .execute();
      const paidGift = await trx.selectFrom("gifts").select(["id", "donor_id"]).where("id", "=", current.gift_id).executeTakeFirstOrThrow();
      await recordPaidMembershipFee(trx, clock, paidGift);
      const ready = await transitionGiftOrderItems(trx, clock, current.gift_id, ["created"], "ready", "payment", { paymentId: current.id });
      await queueEmailDeliveries(trx, clock, ready);
      await enqueueJob(trx, clock, {
        type: RECEIPT_JOB,
        payload: { giftId: current.gift_id },
        dedupeKey: `receipt:${current.gift_id}`,
      });
    }
    // A card agreement's window payment stores its card; a failed monthly charge is retried or given up (decision 0028).
    await onCardAgreementPayment(trx, clock, current, request.to, request.errorCode);
    if (request.to === "refunded") {
      await trx.updateTable("gifts").set({ status: "refunded", updated_at: now }).where("id", "=", current.gift_id).where("status", "=", "paid").execute();
      await transitionGiftOrderItems(trx, clock, current.gift_id, ["created", "ready", "failed"], "cancelled", "payment", { paymentId: current.id, reason: "refunded" });
      await revokeRefundedMembershipFee(trx, clock, current.gift_id);
    }
    return { changed: true, payment: (await findPayment(trx, current.id)) as PaymentRow };
  });
  if (result.changed) {
    logger.info({ paymentId: request.paymentId, to: request.to, source: request.source }, "payment status changed");
  }
  return result;
}

/** Records that the provider was asked, without a status change. */
export async function markChecked(db: Kysely<DB>, clock: Clock, paymentId: string): Promise<void> {
  await db.updateTable("payments").set({ last_checked_at: clock.now().toISOString() }).where("id", "=", paymentId).execute();
}
