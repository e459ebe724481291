import type { Transaction } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import type { IsoDate } from "../calendar/swedish-calendar";
import type { AgreementRow, OpenDebit } from "./agreement-records";

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

/**
 * A way of collecting an agreement's debits: by autogiro through Bankgirot
 * (autogiro-debits.ts, decision 0017) or by charging a stored card
 * (card-debits.ts, decision 0028). An agreement has one lifecycle whatever
 * the way (agreement-service.ts: due debits, changes, pauses, extra gifts,
 * stops); only these steps differ.
 */
export interface DebitCollection {
  /** Whether the debit on this day is to be asked for now: autogiro eight banking days before, a card on the day. */
  isDue(debitOn: IsoDate, now: Date): boolean;
  /** Whether a due debit can still be asked for in time; one that cannot is skipped, never sent late. */
  inTime(debitOn: IsoDate, now: Date): boolean;
  /** Stores one debit in the caller's transaction: its gift, its payment and what asks for the money. Returns the gift's id. */
  requestDebit(trx: Transaction<DB>, clock: Clock, agreement: AgreementRow, debit: NewDebit): Promise<string>;
  /** On a stop: stops what can still be stopped of the open debits (sorted by day). */
  stopOpenDebits(trx: Transaction<DB>, clock: Clock, agreement: AgreementRow, open: readonly OpenDebit[], now: Date): Promise<StoppedDebits>;
  /** After a stop with nothing still to come: ends what the donor gave us to collect with, where that is ours to end. */
  end(trx: Transaction<DB>, clock: Clock, agreement: AgreementRow): Promise<void>;
}
