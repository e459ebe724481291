import type { Transaction } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import type { IsoDate } from "../calendar/swedish-calendar";
import type { PaymentOutcomeHandlers } from "../payments/payment-outcomes";
import type { AgreementKind } from "./agreement-status";
import type { AgreementRow, MandateRow, OpenDebit } from "./agreement-records";

/** One debit to store: which gift, on which day, for how much, once per idempotency key. */
export interface NewDebit {
  debitOn: IsoDate;
  giftType: "monthly" | "membership" | "extra";
  amountOre: number;
  idempotencyKey: string;
}

/** What a stop did to the debits still open: those that come anyway, and the days of those it stopped. */
export interface StoppedDebits {
  stillComing: Array<{ debitOn: IsoDate; amountOre: number }>;
  stopped: IsoDate[];
}

/** A new agreement's terms, whichever way it is collected. */
export interface NewAgreementTerms {
  donorId: string;
  kind: AgreementKind;
  amountOre: number;
  debitDay: number;
  idempotencyKey: string;
}

/** An autogiro mandate the donor signed now with BankID, to be sent to Bankgirot for approval. */
export interface SignedMandate {
  /** Validated clearing and account number, and the bank's name (kontonummer). */
  account: { clearing: string; number: string; bankName: string };
  /** The donor's personnummer (12 digits) as BankID confirmed it when they signed. */
  personnummer: string;
  /** The BankID sign order that signed the mandate. */
  signatureRef: string;
}

/**
 * How a new agreement's debits are to be collected: by autogiro under a
 * mandate signed now, by autogiro under a mandate Bankgirot already approved
 * (a membership renewal on a monthly donor's mandate, with its first debit),
 * or by a card that the first payment in the card window stores.
 */
export type NewCollection = AutogiroCollecting | CardCollecting;
export type AutogiroCollecting = { method: "autogiro"; mandate: SignedMandate } | { method: "autogiro"; approvedMandateId: string; firstDebitOn: IsoDate };
export interface CardCollecting {
  method: "card";
}

/** What a new agreement's way of collecting decides before it is stored: what collects it, its status and first debit. */
export interface Opening {
  mandateId: string | null;
  status: "pending" | "active";
  startsOn: IsoDate;
  nextDebitOn: IsoDate;
  /** The day its `created` event applies from, and what that event records besides the amount and day. */
  appliesFrom: IsoDate;
  eventData: Record<string, unknown>;
}

/** What the caller of a new agreement goes on with: its mandate, or the first month's gift to pay in the card window. */
export type AutogiroStart = { mandate: MandateRow };
export type CardStart = { giftId: string; orderReference: string };
export type CollectionStart = AutogiroStart | CardStart;

/** What a stop needs to end a debit's payment: the payment kernel's outcomes (decision 0037). */
export interface StopContext {
  clock: Clock;
  outcomes: PaymentOutcomeHandlers;
}

/**
 * A way of collecting an agreement's debits: by autogiro through Bankgirot
 * (autogiro-debits.ts, decision 0017) or by charging a stored card
 * (card-debits.ts, decision 0028). An agreement has one lifecycle whatever
 * the way (agreement-service.ts: creation, due debits, changes, pauses, extra
 * gifts, stops); only these steps differ.
 */
export interface DebitCollection {
  /** A new agreement, before it is stored: stores what collects it (a mandate signed now) and says its status and first debit. */
  open(trx: Transaction<DB>, clock: Clock, terms: NewAgreementTerms, how: NewCollection): Promise<Opening>;
  /** The new agreement is stored: what starts its collecting (the mandate's request and the donor's e-mail, or the first month's gift). */
  started(trx: Transaction<DB>, clock: Clock, agreement: AgreementRow, how: NewCollection): Promise<void>;
  /** The agreement's mandate or first gift, for a new agreement or one made before under the same idempotency key. */
  startOf(trx: Transaction<DB>, agreement: AgreementRow): Promise<CollectionStart>;
  /** Whether the debit on this day is to be asked for now: autogiro eight banking days before, a card on the day. */
  isDue(debitOn: IsoDate, now: Date): boolean;
  /** Whether a due debit can still be asked for in time; one that cannot is skipped, never sent late. */
  inTime(debitOn: IsoDate, now: Date): boolean;
  /** Stores one debit in the caller's transaction: its gift, its payment and what asks for the money. Returns the gift's id. */
  requestDebit(trx: Transaction<DB>, clock: Clock, agreement: AgreementRow, debit: NewDebit): Promise<string>;
  /** On a stop: stops what can still be stopped of the open debits (sorted by day), ending the payment of one never asked for. */
  stopOpenDebits(trx: Transaction<DB>, context: StopContext, agreement: AgreementRow, open: readonly OpenDebit[]): Promise<StoppedDebits>;
  /** After a stop with nothing still to come: ends what the donor gave us to collect with, where that is ours to end. */
  end(trx: Transaction<DB>, clock: Clock, agreement: AgreementRow): Promise<void>;
}
