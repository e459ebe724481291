import crypto from "node:crypto";
import type { Transaction } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import type { AutogiroRequest } from "../autogiro/autogiro-messages";
import { luhnCheckDigit } from "../bankgiro/luhn";
import { swedishDate } from "../calendar/swedish-calendar";
import { transitionPaymentWithin } from "../payments/payment-transitions";
import { insertDebitGift, queueMail, type AgreementRow, type Executor, type MandateRow } from "./agreement-records";
import { insertDebitPayment } from "./debit-payment";
import { canStillCancel, canStillRequest, firstDebitOn, isDueForRequest } from "./debit-schedule";
import type { DebitCollection, NewCollection, StoppedDebits } from "./debit-collection";

/**
 * Collecting by autogiro (decision 0017): each debit is a payment request to
 * Bankgirot under the donor's mandate, queued here and sent in the next
 * request file (autogiro-exchange.ts), eight banking days before its day; a
 * stop withdraws the requests not yet sent, cancels those sent that can still
 * be cancelled, and the mandate once nothing more is to come.
 *
 * A new agreement is either under a mandate the donor signed now – stored as
 * requested and queued for Bankgirot (TK04), the agreement `pending` until
 * Bankgirot approves it, its first debit fixed now and told to the donor – or
 * under a mandate Bankgirot already approved, active at once from the first
 * debit its caller chose (membership-renewal.ts).
 */
export const autogiroCollection: DebitCollection = {
  async open(trx, clock, terms, how) {
    const autogiro = autogiroOf(how);
    if ("approvedMandateId" in autogiro) {
      const first = autogiro.firstDebitOn;
      return { mandateId: autogiro.approvedMandateId, status: "active", startsOn: first, nextDebitOn: first, appliesFrom: first, eventData: {} };
    }
    const nowIso = clock.now().toISOString();
    const mandate: MandateRow = {
      id: crypto.randomUUID(),
      donor_id: terms.donorId,
      payer_number: await newPayerNumber(trx),
      clearing: autogiro.mandate.account.clearing,
      account: autogiro.mandate.account.number,
      bank_name: autogiro.mandate.account.bankName,
      status: "requested",
      reason_code: null,
      reason_text: null,
      signed_at: nowIso,
      signature_ref: autogiro.mandate.signatureRef,
      created_at: nowIso,
      updated_at: nowIso,
    };
    await trx.insertInto("mandates").values(mandate).execute();
    const first = firstDebitOn(swedishDate(clock.now()), terms.debitDay);
    return { mandateId: mandate.id, status: "pending", startsOn: first, nextDebitOn: first, appliesFrom: first, eventData: {} };
  },

  async started(trx, clock, agreement, how) {
    const autogiro = autogiroOf(how);
    if ("mandate" in autogiro) {
      const mandate = await mandateOf(trx, agreement);
      await queueRequest(trx, clock, mandate.id, null, {
        kind: "new_mandate",
        payerNumber: mandate.payer_number,
        account: { clearing: autogiro.mandate.account.clearing.slice(0, 4), number: autogiro.mandate.account.number },
        identity: { kind: "personnummer", value: autogiro.mandate.personnummer },
      });
    }
    await queueMail(trx, clock, agreement.id, "started", agreement.id);
  },

  async startOf(trx, agreement) {
    return { mandate: await mandateOf(trx, agreement) };
  },

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

  /**
   * A debit whose request is still in the queue is withdrawn: Bankgirot never
   * hears of it, and its payment ends here. One already sent is cancelled at
   * Bankgirot while there is still time (five banking days before); one too
   * close still comes.
   */
  async stopOpenDebits(trx, { clock, outcomes }, agreement, open) {
    const now = clock.now();
    const mandate = await trx.selectFrom("mandates").selectAll().where("id", "=", agreement.mandate_id ?? "").executeTakeFirst();
    const result: StoppedDebits = { stillComing: [], stopped: [] };
    for (const debit of open) {
      if (await withdrawUnsentRequest(trx, debit.payment_id)) {
        await transitionPaymentWithin(trx, { clock, outcomes }, { paymentId: debit.payment_id, to: "cancelled", source: "api", data: { reason: WITHDRAWN } });
        result.stopped.push(debit.debit_on);
        continue;
      }
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

/** Why a debit's payment ended without Bankgirot hearing of it (its payment event says so). */
export const WITHDRAWN = "withdrawn before it was sent to Bankgirot";

function autogiroOf(how: NewCollection) {
  if (how.method !== "autogiro") throw new Error(`An autogiro agreement cannot be collected by ${how.method}`);
  return how;
}

async function mandateOf(trx: Executor, agreement: AgreementRow): Promise<MandateRow> {
  return trx.selectFrom("mandates").selectAll().where("id", "=", agreement.mandate_id ?? "").executeTakeFirstOrThrow();
}

/** Bankgirot's payer number for a new mandate: ten random digits, unique, never the personnummer. */
async function newPayerNumber(trx: Transaction<DB>): Promise<string> {
  for (;;) {
    const candidate = String(crypto.randomInt(1, 10)) + String(crypto.randomInt(0, 1e9)).padStart(9, "0");
    const taken = await trx.selectFrom("mandates").select("id").where("payer_number", "=", candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
}

/**
 * Takes a payment's request out of the queue if no request file holds it yet,
 * and says whether it did. Conditional on `provider_file_id` being null, so it
 * cannot race the exchange reserving the request for a file
 * (autogiro-exchange.ts): whichever writes first wins, and a request already
 * reserved is sent and then cancelled like any other.
 */
export async function withdrawUnsentRequest(trx: Executor, paymentId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom("autogiro_requests")
    .where("payment_id", "=", paymentId)
    .where("kind", "=", "payment")
    .where("provider_file_id", "is", null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

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
