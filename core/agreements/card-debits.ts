import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import { addDays, swedishDate, type IsoDate } from "../calendar/swedish-calendar";
import { enqueueJob } from "../jobs/job-queue";
import type { JobAttempt } from "../jobs/job-runner";
import { newOrderReference } from "../payments/order-reference";
import type { PaymentStatus } from "../payments/payment-status";
import type { PaymentOutcomeEvent, PaymentOutcomeSubscriber } from "../payments/payment-outcomes";
import { transitionPayment } from "../payments/payment-transitions";
import { appendEvent, findAgreement, insertDebitGift, moveAgreement, queueMail, type AgreementDeps, type AgreementDepsWithOutcomes, type AgreementRow } from "./agreement-records";
import type { AgreementKind } from "./agreement-status";
import { monthsLater } from "./debit-schedule";
import { insertDebitPayment } from "./debit-payment";
import type { DebitCollection, StoppedDebits } from "./debit-collection";

/**
 * Monthly giving by card (decision 0028). The donor pays the first month in
 * Mondido's hosted window, which stores the card; after that a job charges
 * the stored card on the agreement's day each month. Each charge is a gift
 * of the agreement's type on the donor, like an autogiro debit, and the
 * agreement's lifecycle (creation, changes, pauses, stops) is the same for both ways
 * of collecting (debit-collection.ts, agreement-service.ts).
 *
 * Crash safety: a charge's payment attempt, with its `payment_ref` (our
 * provider reference, the idempotency key) and its `card_charges` row, is
 * committed before Mondido is called; the charge job asks Mondido for that
 * reference before charging, so a crash between Mondido's answer and our
 * write finds the charge instead of making a second one. One gift per month
 * (its idempotency key `debit:<agreement>:<date>`) and a retry only for a gift
 * still unpaid keep a month from being charged twice.
 *
 * A declined or failed charge is tried again twice – three and seven days
 * after the first try – and the donor is e-mailed after the first with a link
 * to give a new card; an expired card is not tried, the donor is told at once.
 */
export const CARD_CHARGE_JOB = "card-charge";
export const CARD_RETRY_JOB = "card-charge-retry";
export const CARD_STORE_JOB = "card-store";
/** Days from one try to the next: the second try three days after the first, the third four days after that. */
export const CARD_RETRY_AFTER_DAYS = [3, 4] as const;
export const MAX_CARD_CHARGE_ATTEMPTS = CARD_RETRY_AFTER_DAYS.length + 1;
/** The error code of a charge not made because the stored card's last valid day has passed. */
export const CARD_EXPIRED = "card_expired";
/** The error code of a charge not made because its card was deleted at Mondido (card-forgetting.ts). */
export const CARD_REMOVED = "card_removed";

/** What the card agreements need from the card provider (integrations/mondido/mondido-card-gateway.ts). */
export interface StoredCardGateway {
  /** The charge made with this reference, if the provider has one: asked before every charge. */
  chargeStatus(paymentRef: string): Promise<{ status: PaymentStatus } | null>;
  charge(request: { token: string; amountOre: number; paymentRef: string; customerRef: string }): Promise<{ status: PaymentStatus; errorCode: string | null }>;
  /** The card the approved window payment with this reference stored. */
  storedCardOf(paymentRef: string): Promise<{ providerCardId: string; token: string; maskedNumber: string | null; lastValidDay: string | null } | null>;
  /** Deletes a stored card at the provider; a card it no longer has counts as deleted (card-forgetting.ts). */
  deleteStoredCard(providerCardId: string): Promise<void>;
}

export interface CardDebitDeps extends AgreementDepsWithOutcomes {
  gateway: StoredCardGateway;
}

type Trx = Transaction<DB>;

/** A card is charged on its day (Swedish time); banking days do not matter to a card. */
export function isCardChargeDue(debitOn: IsoDate, now: Date): boolean {
  return swedishDate(now) >= debitOn;
}

/** The first monthly charge: the chosen day of next month, since the donor paid this month's gift in the window. */
export function firstCardChargeAfter(today: IsoDate, debitDay: number): IsoDate {
  return monthsLater(today, 1, debitDay);
}

/** The first month's gift, paid in the card window: once per agreement (a second sign-up with the same key finds it). */
function firstGiftKey(agreement: AgreementRow): string {
  return `card-first:${agreement.idempotency_key}`;
}

function nextAfterFirst(today: IsoDate, kind: AgreementKind, debitDay: number): IsoDate {
  return kind === "membership" ? monthsLater(today, 12, debitDay) : firstCardChargeAfter(today, debitDay);
}

/** The agreement's card now, if it has one that is not replaced. */
async function currentCard(trx: Kysely<DB> | Trx, agreement: AgreementRow) {
  if (!agreement.card_subscription_ref) return undefined;
  return trx.selectFrom("stored_cards").selectAll().where("id", "=", agreement.card_subscription_ref).executeTakeFirst();
}

/**
 * Collecting by card: a month's charge is made on its day (the gift and the
 * first charge attempt, in the caller's transaction; the charge job calls
 * Mondido). A stop cannot recall a charge already sent, which is answered
 * within seconds; one not yet made is stopped by its job, which finds the
 * agreement cancelled. The card itself is deleted by card-forgetting.ts.
 */
export const cardCollection: DebitCollection = {
  /** Pending until the first month's gift (due today) is paid in the window and the card is stored; the next charge after it. */
  async open(_trx, clock, terms, how) {
    if (how.method !== "card") throw new Error(`A card agreement cannot be collected by ${how.method}`);
    const today = swedishDate(clock.now());
    return { mandateId: null, status: "pending", startsOn: today, nextDebitOn: nextAfterFirst(today, terms.kind, terms.debitDay), appliesFrom: today, eventData: { method: "card" } };
  },

  async started(trx, clock, agreement) {
    const today = swedishDate(clock.now());
    await insertDebitGift(trx, clock, agreement, today, agreement.kind === "membership" ? "membership" : "monthly", agreement.amount_ore, firstGiftKey(agreement));
  },

  async startOf(trx, agreement) {
    const gift = await trx.selectFrom("gifts").select(["id", "order_reference"]).where("idempotency_key", "=", firstGiftKey(agreement)).executeTakeFirstOrThrow();
    return { giftId: gift.id, orderReference: gift.order_reference };
  },

  isDue: isCardChargeDue,
  inTime: () => true,

  async requestDebit(trx, clock, agreement, debit) {
    const card = await currentCard(trx, agreement);
    if (!card) throw new Error(`Card agreement ${agreement.id} has no stored card`);
    const giftId = await insertDebitGift(trx, clock, agreement, debit.debitOn, debit.giftType, debit.amountOre, debit.idempotencyKey);
    await addChargeAttempt(trx, clock, agreement.id, card.id, giftId, debit.amountOre, debit.debitOn, 1);
    return giftId;
  },

  async stopOpenDebits(_trx, _context, _agreement, open) {
    const result: StoppedDebits = { stillComing: [], stopped: [] };
    for (const debit of open) {
      if (debit.status === "pending") result.stillComing.push({ debitOn: debit.debit_on, amountOre: debit.amount_ore });
    }
    return result;
  },

  async end() {},
};

/** One try at charging the stored card for a gift: the attempt and its payment_ref are committed before the job calls Mondido. */
async function addChargeAttempt(trx: Trx, clock: Clock, agreementId: string, storedCardId: string, giftId: string, amountOre: number, debitOn: IsoDate, attempt: number): Promise<string> {
  const paymentId = await insertDebitPayment(trx, clock, {
    giftId,
    method: "card",
    provider: "Mondido",
    providerReference: newOrderReference(),
    amountOre,
    debitOn,
    eventData: { storedCard: true, attempt, debitOn, agreementId },
  });
  const nowIso = clock.now().toISOString();
  await trx.insertInto("card_charges").values({ payment_id: paymentId, agreement_id: agreementId, stored_card_id: storedCardId, attempt, created_at: nowIso }).execute();
  // An extra gift added to the next charge waits for that day (early morning, Swedish time); a month's charge is made at once.
  const runAt = debitOn > swedishDate(clock.now()) ? new Date(`${debitOn}T05:00:00Z`) : undefined;
  await enqueueJob(trx, clock, { type: CARD_CHARGE_JOB, payload: { paymentId }, dedupeKey: `card-charge:${paymentId}`, ...(runAt ? { runAt } : {}) });
  return paymentId;
}

function paymentIdOf(payload: unknown): string {
  const id = (payload as { paymentId?: unknown } | null)?.paymentId;
  if (typeof id !== "string" || !id) throw new Error("card job without a paymentId");
  return id;
}

/**
 * The charge job. Asks Mondido for the attempt's reference first (a crash
 * after an earlier charge finds it there), then charges through the job's
 * fenced outside effect, then records the answer through the one payment
 * transition. Should that last write be lost, reconciliation reads the same
 * reference back.
 */
export async function chargeStoredCard(deps: CardDebitDeps, payload: unknown, attempt: JobAttempt): Promise<void> {
  const { db, gateway, logger } = deps;
  const paymentId = paymentIdOf(payload);
  const row = await db
    .selectFrom("payments")
    .innerJoin("card_charges", "card_charges.payment_id", "payments.id")
    .innerJoin("stored_cards", "stored_cards.id", "card_charges.stored_card_id")
    .innerJoin("gifts", "gifts.id", "payments.gift_id")
    .innerJoin("agreements", "agreements.id", "card_charges.agreement_id")
    .select([
      "payments.status",
      "payments.provider_reference",
      "payments.amount_ore",
      "stored_cards.token",
      "stored_cards.expires_on",
      "stored_cards.removed_at",
      "gifts.order_reference",
      "gifts.debit_on",
      "agreements.status as agreement_status",
    ])
    .where("payments.id", "=", paymentId)
    .executeTakeFirst();
  if (!row || row.status !== "created" || !row.provider_reference) return;
  const known = await gateway.chargeStatus(row.provider_reference);
  if (known) {
    await transitionPayment(deps, { paymentId, to: known.status, source: "reconcile" });
    return;
  }
  if (row.agreement_status === "cancelled") {
    await transitionPayment(deps, { paymentId, to: "cancelled", source: "api", data: { reason: "agreement cancelled before the charge" } });
    return;
  }
  // Never reached by design (card-forgetting.ts leaves a card while a charge of it is open), and never to be: a deleted card has no token.
  if (row.removed_at) {
    await transitionPayment(deps, { paymentId, to: "failed", source: "api", errorCode: CARD_REMOVED });
    return;
  }
  const today = swedishDate(deps.clock.now());
  if (row.expires_on && row.expires_on < today) {
    await transitionPayment(deps, { paymentId, to: "failed", source: "api", errorCode: CARD_EXPIRED });
    return;
  }
  const reference = row.provider_reference;
  const result = await attempt.outsideEffect(() =>
    gateway.charge({ token: row.token, amountOre: row.amount_ore, paymentRef: reference, customerRef: row.order_reference }),
  );
  try {
    await transitionPayment(deps, { paymentId, to: result.status, source: "api", errorCode: result.errorCode });
  } catch (error) {
    // The charge is made and the job done; reconciliation reads it back by its reference.
    logger.warn({ err: error, paymentId }, "card charge made but its answer was not recorded; reconciliation will");
  }
}

/**
 * Told in the transaction that moves a payment (payment-transitions.ts): a
 * card agreement's window payment that is paid stores the card (a job, as it
 * asks Mondido); a charge that is declined or fails is tried again or given
 * up, and the donor told.
 */
export const cardAgreementPaymentOutcomes: PaymentOutcomeSubscriber = {
  paid: onCardAgreementPayment,
  declined: onCardAgreementPayment,
  failed: onCardAgreementPayment,
};

async function onCardAgreementPayment({ trx, clock, payment, outcome: to, errorCode }: PaymentOutcomeEvent): Promise<void> {
  if (payment.method !== "card") return;
  const gift = await trx.selectFrom("gifts").select(["id", "agreement_id", "debit_on", "amount_ore", "status"]).where("id", "=", payment.gift_id).executeTakeFirst();
  if (!gift?.agreement_id) return;
  const agreement = await findAgreement(trx, gift.agreement_id);
  if (!agreement || agreement.method !== "card") return;
  const charge = await trx.selectFrom("card_charges").selectAll().where("payment_id", "=", payment.id).executeTakeFirst();
  if (to === "paid" && !charge) {
    await enqueueJob(trx, clock, { type: CARD_STORE_JOB, payload: { paymentId: payment.id }, dedupeKey: `card-store:${payment.id}` });
    return;
  }
  if (!charge || (to !== "declined" && to !== "failed")) return;
  const debitOn = (gift.debit_on ?? swedishDate(clock.now())) as IsoDate;
  if (errorCode === CARD_EXPIRED) {
    await appendEvent(trx, clock, agreement.id, "debit_failed", agreement.status, agreement.status, debitOn, "system", { method: "card", reason: CARD_EXPIRED, attempt: charge.attempt, final: true });
    await queueMail(trx, clock, agreement.id, "card_expired", gift.id, { debitOn, amountOre: gift.amount_ore });
    return;
  }
  const wait = CARD_RETRY_AFTER_DAYS[charge.attempt - 1];
  const retryOn = wait === undefined ? null : addDays(swedishDate(clock.now()), wait);
  if (wait !== undefined) {
    await enqueueJob(trx, clock, {
      type: CARD_RETRY_JOB,
      payload: { giftId: gift.id, attempt: charge.attempt + 1 },
      dedupeKey: `card-retry:${gift.id}:${charge.attempt + 1}`,
      runAt: new Date(clock.now().getTime() + wait * 86_400_000),
    });
  }
  await appendEvent(trx, clock, agreement.id, "debit_failed", agreement.status, agreement.status, debitOn, "system", {
    method: "card",
    attempt: charge.attempt,
    retryOn,
    final: retryOn === null,
  });
  // Told once a month, after the first try: what happened, when we try again, and how to give a new card.
  if (charge.attempt === 1) await queueMail(trx, clock, agreement.id, "card_failed", gift.id, { debitOn, amountOre: gift.amount_ore, retryOn });
}

/** A retry of an unpaid month: only while the gift is unpaid, nothing is open for it, and the agreement is active. */
export async function retryCardCharge(deps: AgreementDeps, payload: unknown): Promise<void> {
  const { giftId, attempt } = (payload ?? {}) as { giftId?: unknown; attempt?: unknown };
  if (typeof giftId !== "string" || typeof attempt !== "number" || attempt < 2 || attempt > MAX_CARD_CHARGE_ATTEMPTS) throw new Error("card retry without giftId and attempt");
  await deps.db.transaction().execute(async (trx) => {
    const gift = await trx.selectFrom("gifts").selectAll().where("id", "=", giftId).executeTakeFirst();
    if (!gift?.agreement_id || gift.status !== "awaiting_payment") return;
    const open = await trx.selectFrom("payments").select("id").where("gift_id", "=", gift.id).where("status", "in", ["created", "pending", "paid"]).executeTakeFirst();
    if (open) return;
    const agreement = await findAgreement(trx, gift.agreement_id);
    if (!agreement || agreement.status !== "active") return;
    const done = await trx.selectFrom("card_charges").innerJoin("payments", "payments.id", "card_charges.payment_id").select("card_charges.attempt").where("payments.gift_id", "=", gift.id).where("card_charges.attempt", ">=", attempt).executeTakeFirst();
    if (done) return;
    const card = await currentCard(trx, agreement);
    if (!card) return;
    await addChargeAttempt(trx, deps.clock, agreement.id, card.id, gift.id, gift.amount_ore, (gift.debit_on ?? swedishDate(deps.clock.now())) as IsoDate, attempt);
  });
}

/**
 * A window payment of a card agreement was paid: keep the card Mondido stored
 * with it. The first one makes the agreement active (and sends the
 * confirmation); a later one – the donor giving a new card after a decline –
 * replaces the card from the next charge. If the agreement ended before this
 * job ran, the card is deleted at Mondido instead of kept.
 */
export async function storeCardOfPayment(deps: CardDebitDeps, payload: unknown): Promise<void> {
  const { db, clock, gateway } = deps;
  const paymentId = paymentIdOf(payload);
  const payment = await db.selectFrom("payments").selectAll().where("id", "=", paymentId).executeTakeFirst();
  if (!payment?.provider_reference || payment.status !== "paid") return;
  const gift = await db.selectFrom("gifts").select(["agreement_id"]).where("id", "=", payment.gift_id).executeTakeFirst();
  if (!gift?.agreement_id) return;
  if (await db.selectFrom("stored_cards").select("id").where("stored_by_payment_id", "=", paymentId).executeTakeFirst()) return;
  const card = await gateway.storedCardOf(payment.provider_reference);
  // Paid without a stored card (a window that did not store it): the job fails and is retried, then left for staff.
  if (!card) throw new Error(`Mondido stored no card with payment ${paymentId}`);
  const outcome = await db.transaction().execute(async (trx): Promise<"kept" | "not needed"> => {
    const agreement = await findAgreement(trx, gift.agreement_id as string);
    if (!agreement || agreement.status === "cancelled" || agreement.status === "refused") return "not needed";
    if (await trx.selectFrom("stored_cards").select("id").where("stored_by_payment_id", "=", paymentId).executeTakeFirst()) return "kept";
    const nowIso = clock.now().toISOString();
    const id = crypto.randomUUID();
    if (agreement.card_subscription_ref) {
      await trx.updateTable("stored_cards").set({ status: "replaced", updated_at: nowIso }).where("id", "=", agreement.card_subscription_ref).where("status", "=", "active").execute();
    }
    await trx
      .insertInto("stored_cards")
      .values({
        id,
        donor_id: agreement.donor_id,
        provider: "Mondido",
        provider_card_id: card.providerCardId,
        token: card.token,
        masked_number: card.maskedNumber,
        expires_on: card.lastValidDay,
        status: "active",
        stored_by_payment_id: paymentId,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .execute();
    await trx.updateTable("agreements").set({ card_subscription_ref: id, updated_at: nowIso }).where("id", "=", agreement.id).execute();
    if (agreement.status === "pending") {
      const today = swedishDate(clock.now());
      const next = agreement.next_debit_on && agreement.next_debit_on > today ? agreement.next_debit_on : nextAfterFirst(today, agreement.kind, agreement.debit_day);
      await moveAgreement(trx, clock, agreement, "active", { next_debit_on: next });
      await appendEvent(trx, clock, agreement.id, "activated", "pending", "active", next, "system", { method: "card", card: card.maskedNumber });
      await queueMail(trx, clock, agreement.id, "started", agreement.id);
    }
    return "kept";
  });
  // The donor stopped (or was erased) before the card was recorded: nothing will charge it, so Mondido need not keep it (decision 0035).
  if (outcome === "not needed") await gateway.deleteStoredCard(card.providerCardId);
}
