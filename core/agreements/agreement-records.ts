import crypto from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Clock } from "../clock";
import type { Logger } from "../logger";
import type { AgreementsTable, DB, MandatesTable } from "#db/schema";
import type { IsoDate } from "../calendar/swedish-calendar";
import { enqueueJob } from "../jobs/job-queue";
import type { PaymentOutcomeHandlers } from "../payments/payment-outcomes";
import { newOrderReference } from "../payments/order-reference";
import { addRenewalFee } from "../membership/membership-service";
import { canMoveAgreement, type AgreementEventSource, type AgreementEventType, type AgreementStatus } from "./agreement-status";

/**
 * The rows of an agreement's life that both ways of collecting write: its
 * status and events, its e-mails, and each debit's gift. The lifecycle
 * (agreement-service.ts) and the two ways of collecting (autogiro-debits.ts,
 * card-debits.ts) build on these and not on each other.
 */
export type AgreementRow = Selectable<AgreementsTable>;
export type MandateRow = Selectable<MandatesTable>;
export type Executor = Kysely<DB> | Transaction<DB>;

export interface AgreementDeps {
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
}

/** For a change that may end a debit's payment (a stop): payments move through the kernel, which tells the products (decision 0037). */
export interface AgreementDepsWithOutcomes extends AgreementDeps {
  outcomes: PaymentOutcomeHandlers;
}

/** The e-mail a change to an agreement sends (core/agreements/agreement-mail.ts). */
export const AGREEMENT_MAIL_JOB = "agreement-mail";
export type AgreementMailKind = "started" | "activated" | "refused" | "changed" | "paused" | "cancelled" | "debit_failed" | "extra_added" | "card_failed" | "card_expired";

export async function appendEvent(
  trx: Executor,
  clock: Clock,
  agreementId: string,
  type: AgreementEventType,
  from: AgreementStatus | null,
  to: AgreementStatus,
  appliesFrom: IsoDate | null,
  source: AgreementEventSource,
  data?: Record<string, unknown>,
): Promise<void> {
  await trx
    .insertInto("agreement_events")
    .values({
      agreement_id: agreementId,
      type,
      from_status: from,
      to_status: to,
      applies_from: appliesFrom,
      data: data ? JSON.stringify(data) : null,
      source,
      created_at: clock.now().toISOString(),
    })
    .execute();
}

export async function queueMail(trx: Executor, clock: Clock, agreementId: string, kind: AgreementMailKind, dedupe: string, data: Record<string, unknown> = {}): Promise<void> {
  await enqueueJob(trx, clock, { type: AGREEMENT_MAIL_JOB, payload: { agreementId, kind, ...data }, dedupeKey: `agreement-mail:${kind}:${dedupe}` });
}

/** Moves an agreement's status if the move is allowed and it is still in the status read (a conditional update). */
export async function moveAgreement(
  trx: Executor,
  clock: Clock,
  agreement: AgreementRow,
  to: AgreementStatus,
  set: Partial<Pick<AgreementRow, "paused_until" | "next_debit_on">> = {},
): Promise<boolean> {
  if (!canMoveAgreement(agreement.status, to)) return false;
  const result = await trx
    .updateTable("agreements")
    .set({ status: to, updated_at: clock.now().toISOString(), ...set })
    .where("id", "=", agreement.id)
    .where("status", "=", agreement.status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findAgreement(db: Executor, id: string): Promise<AgreementRow | undefined> {
  return db.selectFrom("agreements").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The agreement a sign-up form made, found by the form's idempotency key. */
export async function findAgreementByIdempotencyKey(db: Executor, idempotencyKey: string): Promise<AgreementRow | undefined> {
  return db.selectFrom("agreements").selectAll().where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
}

/** One debit's gift: of the agreement's type, on the donor, with the agreement and its date; `awaiting_payment` until the debit is answered. */
export async function insertDebitGift(
  trx: Transaction<DB>,
  clock: Clock,
  agreement: AgreementRow,
  debitOn: IsoDate,
  giftType: "monthly" | "membership" | "extra",
  amountOre: number,
  idempotencyKey: string,
): Promise<string> {
  const donor = await trx.selectFrom("donors").selectAll().where("id", "=", agreement.donor_id).executeTakeFirstOrThrow();
  const nowIso = clock.now().toISOString();
  const giftId = crypto.randomUUID();
  await trx
    .insertInto("gifts")
    .values({
      id: giftId,
      order_reference: newOrderReference(),
      gift_type: giftType,
      amount_ore: amountOre,
      donor_id: donor.id,
      memorial_id: null,
      agreement_id: agreement.id,
      debit_on: debitOn,
      donor_name: `${donor.given_name} ${donor.surname}`.trim(),
      donor_email: donor.email ?? "",
      donor_personnummer: donor.personnummer,
      newsletter_consent: donor.newsletter,
      donor_street: null,
      donor_postal_code: null,
      donor_city: null,
      status: "awaiting_payment",
      idempotency_key: idempotencyKey,
      created_at: nowIso,
      updated_at: nowIso,
      paid_at: null,
    })
    .execute();
  // A yearly membership debit extends the member's year when paid, as a fee paid on the page does.
  if (giftType === "membership") await addRenewalFee(trx, clock, agreement, giftId);
  return giftId;
}

/** The agreement's debits whose payment is still open (requested, not yet answered). */
export async function openDebits(db: Executor, agreementId: string) {
  const rows = await db
    .selectFrom("gifts")
    .innerJoin("payments", "payments.gift_id", "gifts.id")
    .select(["gifts.id as gift_id", "gifts.debit_on", "gifts.gift_type", "payments.id as payment_id", "payments.amount_ore", "payments.provider_reference", "payments.status"])
    .where("gifts.agreement_id", "=", agreementId)
    .where("payments.status", "in", ["created", "pending"])
    .execute();
  return rows.filter((r): r is typeof r & { debit_on: string } => r.debit_on !== null);
}

export type OpenDebit = Awaited<ReturnType<typeof openDebits>>[number];
