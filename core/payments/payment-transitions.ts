import type { Kysely, Transaction } from "kysely";
import type { Clock } from "../clock";
import type { Logger } from "../logger";
import type { DB } from "#db/schema";
import { canTransition, type PaymentStatus, type TransitionSource } from "./payment-status";
import { findPayment, type PaymentRow } from "./payment-repository";
import { isPaymentOutcome, type PaymentOutcomeHandlers } from "./payment-outcomes";

export type { TransitionSource } from "./payment-status";

export interface TransitionRequest {
  paymentId: string;
  to: PaymentStatus;
  source: TransitionSource;
  errorCode?: string | null;
  /** Provider facts worth keeping with the event (never personnummer or tokens). */
  data?: Record<string, unknown>;
  /**
   * The attempt as the caller has just written or read it, so it is not read
   * again: the move applies only while the attempt is still in that status,
   * and otherwise is tried as usual from what the database holds.
   */
  known?: PaymentRow;
  /** What the provider's answer adds to the attempt (its token, its window's address), saved with the move. */
  alsoSet?: { client_token: string | null; client_url: string | null };
}

export interface TransitionResult {
  changed: boolean;
  payment: PaymentRow;
}

/** What moving a payment needs; `outcomes` are what the rest of the site does when it reaches one. */
export interface PaymentTransitionDeps {
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
  outcomes: PaymentOutcomeHandlers;
}

/**
 * The one place a payment's status changes. In one transaction it moves the
 * payment only if it is still in the state we read (so two writers racing —
 * callback, poll, reconciliation — cannot both win), appends the event, and
 * when the payment reaches an outcome (paid, declined, failed, cancelled,
 * expired, refunded) publishes it to the registered handlers in the same
 * transaction: the gift follows, its order is made ready or cancelled, a
 * membership year is recorded or taken back, a card agreement keeps its card
 * or tries again (core/product-payment-outcomes.ts). So the effects commit
 * exactly once, with the move that caused them.
 * A message that would move a payment backwards or out of a final state is
 * ignored: that is what makes duplicate and out-of-order callbacks harmless.
 */
export async function transitionPayment(deps: PaymentTransitionDeps, request: TransitionRequest): Promise<TransitionResult> {
  const result = await deps.db.transaction().execute((trx) => transitionPaymentWithin(trx, deps, request));
  if (result.changed) {
    deps.logger.info({ paymentId: request.paymentId, to: request.to, source: request.source }, "payment status changed");
  }
  return result;
}

/**
 * The same move inside the caller's transaction, for a change that must
 * commit with what caused it (an agreement stopped with a debit never sent to
 * Bankgirot ends that debit's payment with the stop). The caller logs.
 */
export async function transitionPaymentWithin(
  trx: Transaction<DB>,
  deps: Pick<PaymentTransitionDeps, "clock" | "outcomes">,
  request: TransitionRequest,
): Promise<TransitionResult> {
  const { clock, outcomes } = deps;
  const current = request.known ?? (await findPayment(trx, request.paymentId));
  if (!current) throw new Error(`Unknown payment ${request.paymentId}`);
  const from = current.status;
  if (!canTransition(from, request.to)) return { changed: false, payment: request.known ? await reread(trx, current) : current };

  const now = clock.now().toISOString();
  const updated = await trx
    .updateTable("payments")
    .set({
      status: request.to,
      updated_at: now,
      last_checked_at: now,
      ...(request.to === "paid" ? { paid_at: now } : {}),
      ...(request.errorCode !== undefined ? { error_code: request.errorCode } : {}),
      ...request.alsoSet,
    })
    .where("id", "=", current.id)
    .where("status", "=", from)
    .returningAll()
    .executeTakeFirst();
  if (!updated) {
    // Another writer moved it first. What the caller knew is out of date: try again from the database.
    if (request.known) return transitionPaymentWithin(trx, deps, { ...request, known: undefined });
    return { changed: false, payment: await reread(trx, current) };
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

  if (isPaymentOutcome(request.to)) await outcomes.publish({ trx, clock, payment: current, outcome: request.to, errorCode: request.errorCode, at: now });
  return { changed: true, payment: updated };
}

async function reread(trx: Transaction<DB>, payment: PaymentRow): Promise<PaymentRow> {
  return (await findPayment(trx, payment.id)) ?? payment;
}

/** Records that the provider was asked, without a status change. */
export async function markChecked(db: Kysely<DB>, clock: Clock, paymentId: string): Promise<void> {
  await db.updateTable("payments").set({ last_checked_at: clock.now().toISOString() }).where("id", "=", paymentId).execute();
}
