import crypto from "node:crypto";
import type { Clock } from "../clock";
import type { AutogiroRequest } from "../autogiro/autogiro-messages";
import { luhnCheckDigit } from "../bankgiro/luhn";
import { insertDebitGift, type AgreementRow, type Executor } from "./agreement-records";
import { insertDebitPayment } from "./debit-payment";
import { canStillCancel, canStillRequest, isDueForRequest } from "./debit-schedule";
import type { DebitCollection, StoppedDebits } from "./debit-collection";

/**
 * Collecting by autogiro (decision 0017): each debit is a payment request to
 * Bankgirot under the donor's mandate, queued here and sent in the next
 * request file (autogiro-exchange.ts), eight banking days before its day; a
 * stop cancels the requests that can still be cancelled, and the mandate once
 * nothing more is to come.
 */
export const autogiroCollection: DebitCollection = {
  isDue: isDueForRequest,
  inTime: canStillRequest,

  async requestDebit(trx, clock, agreement, debit) {
    const mandate = await trx.selectFrom("mandates").selectAll().where("id", "=", agreement.mandate_id ?? "").executeTakeFirstOrThrow();
    const giftId = await insertDebitGift(trx, clock, agreement, debit.debitOn, debit.giftType, debit.amountOre, debit.idempotencyKey);
    const reference = newDebitReference();
    const paymentId = await insertDebitPayment(trx, clock, {
      giftId,
      method: "autogiro",
      provider: "Drip",
      providerReference: reference,
      amountOre: debit.amountOre,
      debitOn: debit.debitOn,
      eventData: { debitOn: debit.debitOn, agreementId: agreement.id },
    });
    await queueRequest(trx, clock, mandate.id, paymentId, {
      kind: "payment",
      direction: "debit",
      date: debit.debitOn,
      interval: 0,
      repetitions: null,
      payerNumber: mandate.payer_number,
      amountOre: debit.amountOre,
      reference,
    });
    return giftId;
  },

  /** A debit is cancelled at Bankgirot while there is still time (five banking days before); one too close still comes. */
  async stopOpenDebits(trx, clock, agreement, open, now) {
    const mandate = await trx.selectFrom("mandates").selectAll().where("id", "=", agreement.mandate_id ?? "").executeTakeFirst();
    const result: StoppedDebits = { stillComing: [], stopped: [] };
    for (const debit of open) {
      if (!canStillCancel(debit.debit_on, now)) {
        result.stillComing.push({ debitOn: debit.debit_on, amountOre: debit.amount_ore });
        continue;
      }
      result.stopped.push(debit.debit_on);
      if (mandate && debit.provider_reference) {
        await queueRequest(trx, clock, mandate.id, debit.payment_id, {
          kind: "cancel_payments",
          payerNumber: mandate.payer_number,
          date: debit.debit_on,
          amountOre: debit.amount_ore,
          direction: "debit",
          reference: debit.provider_reference,
        });
      }
    }
    return result;
  },

  end: cancelMandate,
};

/** A debit's reference on the payment request: 15 random digits and a Luhn check digit (Bankgirot echoes it back). */
function newDebitReference(): string {
  const digits = String(crypto.randomInt(1, 10)) + Array.from({ length: 14 }, () => crypto.randomInt(0, 10)).join("");
  return digits + String(luhnCheckDigit(digits));
}

export async function queueRequest(trx: Executor, clock: Clock, mandateId: string, paymentId: string | null, request: AutogiroRequest): Promise<void> {
  const kind = request.kind === "new_mandate" || request.kind === "cancel_mandate" || request.kind === "payment" || request.kind === "cancel_payments" ? request.kind : null;
  if (!kind) throw new Error(`Agreements do not send ${request.kind}`);
  await trx
    .insertInto("autogiro_requests")
    .values({
      id: crypto.randomUUID(),
      kind,
      mandate_id: mandateId,
      payment_id: paymentId,
      request: JSON.stringify(request),
      provider_file_id: null,
      created_at: clock.now().toISOString(),
    })
    .execute();
}

/** Queues Bankgirot's cancellation of the agreement's mandate (once). */
export async function cancelMandate(trx: Executor, clock: Clock, agreement: AgreementRow): Promise<void> {
  const mandate = await trx.selectFrom("mandates").selectAll().where("id", "=", agreement.mandate_id ?? "").executeTakeFirst();
  if (!mandate || mandate.status === "cancelled" || mandate.status === "refused") return;
  // A membership renewal and a monthly gift may share one mandate: it ends only with the last agreement on it.
  const stillUsed = await trx
    .selectFrom("agreements")
    .select("id")
    .where("mandate_id", "=", mandate.id)
    .where("id", "!=", agreement.id)
    .where("status", "in", ["pending", "active", "paused"])
    .executeTakeFirst();
  if (stillUsed) return;
  const queued = await trx.selectFrom("autogiro_requests").select("id").where("mandate_id", "=", mandate.id).where("kind", "=", "cancel_mandate").executeTakeFirst();
  if (queued) return;
  await queueRequest(trx, clock, mandate.id, null, { kind: "cancel_mandate", payerNumber: mandate.payer_number });
}
