import crypto from "node:crypto";
import type { Transaction } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import type { IsoDate } from "../calendar/swedish-calendar";

/** What differs between an autogiro debit's payment and a stored card's charge. */
export interface DebitPayment {
  giftId: string;
  method: "autogiro" | "card";
  provider: "Drip" | "Mondido";
  providerReference: string;
  amountOre: number;
  debitOn: IsoDate;
  /** Written on the payment's `created` event: what started it (agreement, date, attempt). */
  eventData: Record<string, unknown>;
}

/**
 * Inserts one agreement debit's payment, `created`, with its first event, in
 * the caller's transaction, and returns its id. Both autogiro debits and card
 * charges are answered within days of the debit day, so neither expires before
 * a month has passed: reconciliation must not end a debit still on its way.
 */
export async function insertDebitPayment(trx: Transaction<DB>, clock: Clock, debit: DebitPayment): Promise<string> {
  const nowIso = clock.now().toISOString();
  const paymentId = crypto.randomUUID();
  await trx
    .insertInto("payments")
    .values({
      id: paymentId,
      gift_id: debit.giftId,
      method: debit.method,
      provider: debit.provider,
      provider_reference: debit.providerReference,
      status: "created",
      amount_ore: debit.amountOre,
      payer_alias: null,
      client_token: null,
      client_url: null,
      error_code: null,
      last_checked_at: null,
      created_at: nowIso,
      updated_at: nowIso,
      paid_at: null,
      expires_at: new Date(Date.parse(`${debit.debitOn}T12:00:00Z`) + 30 * 86_400_000).toISOString(),
    })
    .execute();
  await trx
    .insertInto("payment_events")
    .values({
      payment_id: paymentId,
      type: "created",
      from_status: null,
      to_status: "created",
      source: "api",
      data: JSON.stringify({ provider: debit.provider, method: debit.method, ...debit.eventData }),
      created_at: nowIso,
    })
    .execute();
  return paymentId;
}
