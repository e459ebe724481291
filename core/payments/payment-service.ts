import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Clock } from "../clock";
import type { Logger } from "../logger";
import type { DB } from "#db/schema";
import { forUpdate, type Engine } from "#db/dialect";
import { isFinalStatus, type PaymentStatus, type ProviderName } from "./payment-status";
import {
  findGift,
  findPayment,
  openPaymentsDueForCheck,
  paymentsForGift,
  type GiftRow,
  type PaymentRow,
} from "./payment-repository";
import type { PaymentProvider, StartOptions, StartResult } from "./payment-provider";
import { markChecked, transitionPayment, type TransitionSource } from "./payment-transitions";
import type { PaymentOutcomeHandlers } from "./payment-outcomes";
import { enqueueJob } from "../jobs/job-queue";
import { admitPaymentStart, checkPaymentStart, type PaymentStartLimits } from "./payment-start-limits";

export interface PaymentServiceDeps {
  db: Kysely<DB>;
  engine: Engine;
  clock: Clock;
  logger: Logger;
  providers: Partial<Record<ProviderName, PaymentProvider>>;
  /** What the rest of the site does when a payment reaches an outcome (payment-outcomes.ts). */
  outcomes: PaymentOutcomeHandlers;
  /** Per-visitor and per-payer limits on new attempts; none in tests that do not need them. */
  startLimits?: PaymentStartLimits;
  /** Told the provider's name when a new attempt is recorded (the server counts starts for /metrics, decision 0043). */
  onStarted?: (provider: ProviderName) => void;
}

/** How often a donor's page may make us ask the provider; more frequent polls read our own state. */
const MIN_CHECK_INTERVAL_MS = 2_000;
/** A start older than this without a token is taken for one cut short by a crash (Swish's client gives up after 10 s). */
const UNFINISHED_START_AFTER_MS = 15_000;
/** Extra time after expiry before reconciliation cancels at the provider. */
const EXPIRY_GRACE_MS = 60_000;

export interface RefreshOptions {
  /** Ask the provider even if it was asked within the last two seconds (a callback, a signed return, reconciliation). */
  force?: boolean;
  /** The payment as the caller has just read it, so it is not read again (a move still applies only from the status it had). */
  known?: PaymentRow;
}

export class UnknownProviderError extends Error {
  constructor(provider: string) {
    super(`Payment provider ${provider} is not configured`);
    this.name = "UnknownProviderError";
  }
}

export class RefundNotPossibleError extends Error {
  constructor(readonly status: PaymentStatus) {
    super(`Only a paid payment can be refunded; this one is ${status}`);
    this.name = "RefundNotPossibleError";
  }
}

/**
 * Starting, polling, cancelling and reconciling payment attempts, the same for
 * every method. The attempt is committed (with the provider reference chosen
 * in advance) before the provider is called, so a crash in between loses
 * nothing: reconciliation finds the attempt and asks the provider about it.
 */
export class PaymentService {
  constructor(private readonly deps: PaymentServiceDeps) {}

  provider(name: ProviderName): PaymentProvider {
    const provider = this.deps.providers[name];
    if (!provider) throw new UnknownProviderError(name);
    return provider;
  }

  isAvailable(name: ProviderName): boolean {
    return Boolean(this.deps.providers[name]);
  }

  /**
   * Throws PaymentStartsLimitedError when a new attempt with this payer would
   * be over a limit, without counting it: for a caller that stores something
   * before the start (the API's gift without a payment).
   */
  async checkStartAllowed(payerAlias: string | null = null, invoiceTo: string | null = null): Promise<void> {
    await checkPaymentStart(this.deps.startLimits, payerAlias, invoiceTo);
  }

  /**
   * Starts a payment for the gift unless one is already open or paid, in which
   * case that one is returned: a double-clicked "pay" creates one attempt.
   * A new attempt counts against the start limits (PaymentStartsLimitedError).
   */
  async startPayment(giftId: string, providerName: ProviderName, options: StartOptions = {}): Promise<PaymentRow> {
    const { db, engine, clock } = this.deps;
    const provider = this.provider(providerName);
    const { gift, payment, created, unfinished } = await db.transaction().execute(async (trx) => {
      const gift = await trx.selectFrom("gifts").selectAll().where("id", "=", giftId).modifyEnd(forUpdate(engine)).executeTakeFirst();
      if (!gift) throw new Error(`Unknown gift ${giftId}`);
      const existing = (await paymentsForGift(trx, giftId)).find((p) => p.status === "paid" || !isFinalStatus(p.status));
      if (existing) {
        if (!this.isUnfinished(existing, provider)) return { gift, payment: existing, created: false, unfinished: false };
        // This start takes the unfinished attempt up. Marked while the gift row is
        // locked, so the next start of the gift – here or on another instance –
        // sees it taken and does not send Swish the request a second time.
        const restartedAt = clock.now().toISOString();
        await trx.updateTable("payments").set({ restarted_at: restartedAt }).where("id", "=", existing.id).execute();
        return { gift, payment: { ...existing, restarted_at: restartedAt }, created: false, unfinished: true };
      }
      return { gift, payment: await this.openAttempt(trx, gift, provider, options), created: true, unfinished: false };
    });
    if (unfinished) return this.finishUnfinished(payment, provider, giftId, providerName, options);
    // An open attempt asked for again: the donor may have paid in it already with the
    // answer lost (a crash, a closed tab). Read the provider before offering its window
    // again, so a card is not charged a second time for the same gift (issue #19).
    if (!created) return isFinalStatus(payment.status) ? payment : this.refreshPayment(payment.id, "api", { force: true });
    // The gift as read under its lock above: what the provider is asked for cannot have changed since.
    return this.askProvider(gift, payment, options);
  }

  /**
   * The first attempt of a gift recorded in the same transaction (a gift
   * form's submit, core/gifts/give-gift.ts): the gift and its attempt commit
   * together, and a start over a limit stores neither. Once the transaction
   * has committed, `askProvider` sends it.
   */
  async openFirstAttempt(trx: Transaction<DB>, gift: GiftRow, providerName: ProviderName, options: StartOptions = {}): Promise<PaymentRow> {
    return this.openAttempt(trx, gift, this.provider(providerName), options);
  }

  /**
   * A new attempt, with the provider reference chosen in advance, committed
   * before the provider hears of it and counted against the start limits in
   * the same transaction (PaymentStartsLimitedError undoes both).
   */
  private async openAttempt(trx: Transaction<DB>, gift: GiftRow, provider: PaymentProvider, options: StartOptions): Promise<PaymentRow> {
    const { clock } = this.deps;
    await admitPaymentStart(this.deps.startLimits, options.payerAlias ?? null, trx, provider.method === "invoice" ? gift.donor_email : null);
    const now = clock.now();
    const row: PaymentRow = {
      id: crypto.randomUUID(),
      gift_id: gift.id,
      method: provider.method,
      provider: provider.name,
      provider_reference: provider.newProviderReference(),
      status: "created",
      amount_ore: gift.amount_ore,
      payer_alias: options.payerAlias ?? null,
      client_token: null,
      client_url: null,
      error_code: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      paid_at: null,
      expires_at: new Date(now.getTime() + provider.expiresAfterMs).toISOString(),
      last_checked_at: null,
      restarted_at: null,
    };
    await trx.insertInto("payments").values(row).execute();
    await trx
      .insertInto("payment_events")
      .values({
        payment_id: row.id,
        type: "created",
        from_status: null,
        to_status: "created",
        source: "api",
        data: JSON.stringify({ provider: provider.name, method: provider.method }),
        created_at: row.created_at,
      })
      .execute();
    for (const job of provider.jobsOnCreate?.(row) ?? []) await enqueueJob(trx, clock, job);
    return row;
  }

  /**
   * Sends a committed new attempt to its provider and saves the answer. A
   * start that does not complete leaves the attempt as it is: we cannot tell
   * whether the provider took it, and reconciliation will ask.
   */
  async askProvider(gift: GiftRow, payment: PaymentRow, options: StartOptions = {}): Promise<PaymentRow> {
    const provider = this.provider(payment.provider);
    this.deps.onStarted?.(provider.name);
    let result;
    try {
      result = await provider.start(payment, gift, options);
    } catch (error) {
      this.deps.logger.warn({ err: error, paymentId: payment.id, provider: provider.name }, "payment start did not complete");
      return payment;
    }
    return this.recordStart(payment, result);
  }

  /**
   * Saves what the provider's start answered – the token or window address,
   * and the new status – in one write while the attempt is as we left it.
   */
  private async recordStart(payment: PaymentRow, result: StartResult): Promise<PaymentRow> {
    const { db } = this.deps;
    const answer = result.clientToken || result.clientUrl ? { client_token: result.clientToken ?? null, client_url: result.clientUrl ?? null } : undefined;
    if (result.status !== "created") {
      const moved = await transitionPayment(this.deps, {
        paymentId: payment.id,
        to: result.status,
        source: "api",
        errorCode: result.errorCode ?? null,
        known: payment,
        ...(answer ? { alsoSet: answer } : {}),
      });
      if (moved.changed || !answer) return moved.payment;
    }
    // Still "created" by the provider's word, or already moved by another writer (a callback): the answer alone.
    if (!answer) return (await findPayment(db, payment.id)) as PaymentRow;
    return db.updateTable("payments").set(answer).where("id", "=", payment.id).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * A Swish attempt without a token (or a Brite attempt without its bank
   * page) well after its start: the process that started it died before
   * Swish (Brite) had the request, or before the token was saved. Still
   * "created", or already "pending" when reconciliation found the
   * request at Swish meanwhile – which does not give the donor the token the
   * app or QR code needs (a request to a phone number needs none, so pending is
   * finished there). Younger than that, its start may still be under way.
   */
  private isUnfinished(payment: PaymentRow, provider: PaymentProvider): boolean {
    // Swish and Brite answer the start with what the donor needs (a token, the bank's page); a card window is ours to sign.
    if (payment.provider !== provider.name || (provider.method !== "swish" && provider.method !== "bank")) return false;
    if (payment.client_token || payment.client_url) return false;
    const tokenLost = payment.status === "pending" && !payment.payer_alias;
    if (payment.status !== "created" && !tokenLost) return false;
    const now = this.deps.clock.now().getTime();
    // Being finished by another start (restarted_at): left to it until that start could have been cut short too.
    if (payment.restarted_at && now - Date.parse(payment.restarted_at) <= UNFINISHED_START_AFTER_MS) return false;
    return now - Date.parse(payment.created_at) > UNFINISHED_START_AFTER_MS;
  }

  /**
   * Finishes an unfinished attempt by sending it again under the same
   * instruction id. If Swish had it already (so its token, which only the
   * create answer carries, is lost) and the donor needs the token – the app
   * on this device or the QR code; a request to a phone number does not –
   * the old request is cancelled at Swish and a new attempt replaces it.
   */
  private async finishUnfinished(
    payment: PaymentRow,
    provider: PaymentProvider,
    giftId: string,
    providerName: ProviderName,
    options: StartOptions,
  ): Promise<PaymentRow> {
    const { db, logger } = this.deps;
    const gift = (await findGift(db, giftId)) as GiftRow;
    const payerAlias = payment.payer_alias ?? undefined;
    let result;
    try {
      result = await provider.start(payment, gift, { ...options, ...(payerAlias ? { payerAlias } : {}) });
    } catch (error) {
      logger.warn({ err: error, paymentId: payment.id, provider: provider.name }, "unfinished payment start did not complete again");
      return payment;
    }
    if (!result.clientToken && !payerAlias && result.status === "pending") {
      logger.info({ paymentId: payment.id }, "replacing a Swish attempt whose token was lost");
      if ((await provider.cancel(payment)) === "too-late") return this.refreshPayment(payment.id, "api", { force: true });
      await transitionPayment(this.deps, { paymentId: payment.id, to: "cancelled", source: "api", errorCode: "REPLACED" });
      return this.startPayment(giftId, providerName, options);
    }
    return this.recordStart(payment, result);
  }

  /**
   * Brings our record in line with the provider. Cheap to call often: within
   * two seconds of the last check it only reads our own database.
   */
  async refreshPayment(paymentId: string, source: TransitionSource, options: RefreshOptions = {}): Promise<PaymentRow> {
    // Several polls of the same payment arriving together share one provider
    // check instead of each asking the provider (a local optimisation only:
    // correctness comes from the conditional transition, not from this).
    const key = `${paymentId}:${options.force ? "force" : "poll"}`;
    const running = this.refreshing.get(key);
    if (running) return running;
    const refresh = this.refreshOnce(paymentId, source, options).finally(() => this.refreshing.delete(key));
    this.refreshing.set(key, refresh);
    return refresh;
  }

  private readonly refreshing = new Map<string, Promise<PaymentRow>>();

  private async refreshOnce(paymentId: string, source: TransitionSource, options: RefreshOptions): Promise<PaymentRow> {
    const { db, clock, logger } = this.deps;
    const payment = options.known?.id === paymentId ? options.known : await findPayment(db, paymentId);
    if (!payment) throw new Error(`Unknown payment ${paymentId}`);
    if (isFinalStatus(payment.status)) return payment;
    const lastChecked = payment.last_checked_at ? Date.parse(payment.last_checked_at) : 0;
    if (!options.force && clock.now().getTime() - lastChecked < MIN_CHECK_INTERVAL_MS) return payment;

    const provider = this.provider(payment.provider);
    let status;
    try {
      status = await provider.fetchStatus(payment);
    } catch (error) {
      logger.warn({ err: error, paymentId, provider: payment.provider }, "provider status check failed");
      await markChecked(db, clock, paymentId);
      return payment;
    }
    if (!status) {
      // The provider never got it (our start call was lost, or the donor left
      // the card window before paying). Past its expiry nothing can come of it.
      if (clock.now().getTime() > Date.parse(payment.expires_at)) {
        return (await transitionPayment(this.deps, { paymentId, to: "expired", source, errorCode: "NOT_FOUND" })).payment;
      }
      await markChecked(db, clock, paymentId);
      return payment;
    }
    if (status.status === payment.status) {
      await markChecked(db, clock, paymentId);
      return payment;
    }
    const result = await transitionPayment(this.deps, {
      paymentId,
      to: status.status,
      source,
      errorCode: status.errorCode ?? null,
      data: status.data,
      known: payment,
    });
    return result.payment;
  }

  /**
   * The donor's browser is back from the provider's window. A return the
   * provider signed for this payment makes us re-read the payment from the
   * provider at once – the read reconciliation does – and settle it through
   * the one transition, so a payment the donor saw approved is paid even when
   * the provider's webhook never arrives. The return's own words (its status)
   * are never applied; an unsigned, forged or foreign return gets only the
   * ordinary check, at most every two seconds.
   */
  async settleFromReturn(paymentId: string, query: Readonly<Record<string, unknown>>): Promise<PaymentRow> {
    const payment = await findPayment(this.deps.db, paymentId);
    if (!payment) throw new Error(`Unknown payment ${paymentId}`);
    if (isFinalStatus(payment.status)) return payment;
    const signed = this.provider(payment.provider).verifiesReturn?.(payment, query) ?? false;
    return this.refreshPayment(paymentId, signed ? "donor" : "poll", { force: signed, known: payment });
  }

  /**
   * A provider told us the outcome in a message we could verify (a signed
   * webhook), so no read-back is needed.
   */
  async applyVerifiedStatus(paymentId: string, status: PaymentStatus, source: TransitionSource, data?: Record<string, unknown>) {
    const payment = await findPayment(this.deps.db, paymentId);
    if (!payment) throw new Error(`Unknown payment ${paymentId}`);
    if (payment.status === status) return payment;
    return (await transitionPayment(this.deps, { paymentId, to: status, source, data })).payment;
  }

  /**
   * Finance records that a paid gift's money went back to the donor (by the
   * provider's refund or by hand). Its own event says who and why; the gift,
   * its unsent documents and the donor's tax summary follow. A payment that
   * was not paid cannot be refunded.
   */
  async recordRefund(paymentId: string, refund: { by: string; reason: string; providerRefundId?: string }): Promise<PaymentRow> {
    const payment = await findPayment(this.deps.db, paymentId);
    if (!payment) throw new Error(`Unknown payment ${paymentId}`);
    if (payment.status !== "paid") throw new RefundNotPossibleError(payment.status);
    const result = await transitionPayment(this.deps, { paymentId, to: "refunded", source: "staff", data: refund });
    if (!result.changed && result.payment.status !== "refunded") throw new RefundNotPossibleError(result.payment.status);
    return result.payment;
  }

  /** The donor pressed cancel. If the provider has already settled it, the real outcome is recorded instead. */
  async cancelPayment(paymentId: string): Promise<PaymentRow> {
    const payment = await findPayment(this.deps.db, paymentId);
    if (!payment) throw new Error(`Unknown payment ${paymentId}`);
    if (isFinalStatus(payment.status)) return payment;
    const provider = this.provider(payment.provider);
    const outcome = await provider.cancel(payment);
    if (outcome === "too-late") return this.refreshPayment(paymentId, "donor", { force: true });
    return (await transitionPayment(this.deps, { paymentId, to: "cancelled", source: "donor" })).payment;
  }

  /**
   * Asks the provider about every open attempt not checked recently – after a
   * restart, a lost callback or a closed browser tab – and ends attempts that
   * outlived their expiry.
   */
  async reconcile(providerName: ProviderName, options: { checkOlderThanMs?: number; limit?: number } = {}): Promise<number> {
    const { db, clock, logger } = this.deps;
    const provider = this.deps.providers[providerName];
    if (!provider) return 0;
    const cutoff = new Date(clock.now().getTime() - (options.checkOlderThanMs ?? 10_000)).toISOString();
    const open = await openPaymentsDueForCheck(db, providerName, cutoff, options.limit ?? 50);
    let settled = 0;
    for (const payment of open) {
      try {
        let current = await this.refreshPayment(payment.id, "reconcile", { force: true, known: payment });
        const overdue = clock.now().getTime() > Date.parse(current.expires_at) + EXPIRY_GRACE_MS;
        if (!isFinalStatus(current.status) && overdue) {
          const outcome = await provider.cancel(current);
          current =
            outcome === "cancelled"
              ? (await transitionPayment(this.deps, { paymentId: current.id, to: "expired", source: "reconcile" })).payment
              : await this.refreshPayment(current.id, "reconcile", { force: true });
        }
        if (isFinalStatus(current.status)) settled++;
      } catch (error) {
        logger.warn({ err: error, paymentId: payment.id }, "reconciliation of a payment failed");
      }
    }
    return settled;
  }
}
