import crypto from "node:crypto";
import type { Transaction } from "kysely";
import type { Clock } from "../clock";
import type { Logger } from "../logger";
import type { DB } from "#db/schema";
import { swedishDate, type IsoDate } from "../calendar/swedish-calendar";
import type { AgreementEventSource, AgreementMethod } from "./agreement-status";
import { MAX_PAUSE_MONTHS, bankingDaysAfter, canStillRequest, firstDebitOn, monthsLater, nextDebitAfter } from "./debit-schedule";
import {
  appendEvent,
  findAgreement,
  findAgreementByIdempotencyKey,
  moveAgreement,
  openDebits,
  queueMail,
  type AgreementDeps,
  type AgreementDepsWithOutcomes,
  type AgreementRow,
  type Executor,
} from "./agreement-records";
import type {
  AutogiroCollecting,
  AutogiroStart,
  CardCollecting,
  CardStart,
  CollectionStart,
  DebitCollection,
  NewAgreementTerms,
  NewCollection,
} from "./debit-collection";
import { autogiroCollection } from "./autogiro-debits";
import { cardCollection } from "./card-debits";

// The pages and the end-to-end fixture read and move agreements through this module.
export { appendEvent, findAgreement, moveAgreement };

/**
 * An agreement's one lifecycle (decisions 0012, 0017, 0028, 0037): it is
 * created, due debits are asked for, the donor changes, pauses, adds to or
 * stops it, the same way and with the same event log whichever way its debits
 * are collected; what differs between autogiro and card is each collection's
 * (debit-collection.ts).
 */
const COLLECTIONS: Readonly<Record<AgreementMethod, DebitCollection>> = { autogiro: autogiroCollection, card: cardCollection };

function collectionOf(agreement: AgreementRow): DebitCollection {
  return COLLECTIONS[agreement.method];
}

export class AgreementNotFoundError extends Error {
  constructor() {
    super("No such agreement for this donor");
    this.name = "AgreementNotFoundError";
  }
}

/** A change that the agreement's status does not allow (stopping a stopped gift, pausing a pending one…). */
export class AgreementChangeError extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = "AgreementChangeError";
  }
}

/** A new agreement: its terms and how its debits are to be collected (debit-collection.ts). */
export interface NewAgreement<C extends NewCollection = NewCollection> extends NewAgreementTerms {
  collect: C;
}

export interface CreatedAgreement {
  agreement: AgreementRow;
  /** False when an agreement with the same idempotency key already existed: it is answered, and nothing is written. */
  created: boolean;
}

/**
 * A donor starts giving: the agreement is stored with its `created` event,
 * `pending` until the way of collecting is confirmed (Bankgirot approves the
 * mandate, or the first card payment stores the card) or `active` at once
 * under a mandate Bankgirot already approved. What collects it, its first
 * debit and what starts the collecting are its collection's. Once per
 * idempotency key: a second call answers the first agreement with its mandate
 * or first gift.
 */
export function createAgreement(deps: AgreementDeps, input: NewAgreement<AutogiroCollecting>): Promise<CreatedAgreement & AutogiroStart>;
export function createAgreement(deps: AgreementDeps, input: NewAgreement<CardCollecting>): Promise<CreatedAgreement & CardStart>;
export async function createAgreement(deps: AgreementDeps, input: NewAgreement): Promise<CreatedAgreement & CollectionStart> {
  const { db, clock } = deps;
  const collection = COLLECTIONS[input.collect.method];
  return db.transaction().execute(async (trx) => {
    const existing = await findAgreementByIdempotencyKey(trx, input.idempotencyKey);
    if (existing) return { agreement: existing, created: false, ...(await collection.startOf(trx, existing)) };
    const opening = await collection.open(trx, clock, input, input.collect);
    const nowIso = clock.now().toISOString();
    const agreement: AgreementRow = {
      id: crypto.randomUUID(),
      donor_id: input.donorId,
      kind: input.kind,
      amount_ore: input.amountOre,
      interval: input.kind === "membership" ? "yearly" : "monthly",
      debit_day: input.debitDay,
      method: input.collect.method,
      mandate_id: opening.mandateId,
      card_subscription_ref: null,
      status: opening.status,
      starts_on: opening.startsOn,
      paused_until: null,
      next_debit_on: opening.nextDebitOn,
      idempotency_key: input.idempotencyKey,
      created_at: nowIso,
      updated_at: nowIso,
    };
    await trx.insertInto("agreements").values(agreement).execute();
    await appendEvent(trx, clock, agreement.id, "created", null, opening.status, opening.appliesFrom, "donor", {
      amountOre: input.amountOre,
      debitDay: input.debitDay,
      ...opening.eventData,
    });
    await collection.started(trx, clock, agreement, input.collect);
    return { agreement, created: true, ...(await collection.startOf(trx, agreement)) };
  });
}

async function donorAgreement(trx: Executor, agreementId: string, donorId: string): Promise<AgreementRow> {
  const agreement = await trx.selectFrom("agreements").selectAll().where("id", "=", agreementId).where("donor_id", "=", donorId).executeTakeFirst();
  if (!agreement) throw new AgreementNotFoundError();
  return agreement;
}

/**
 * Requests every debit of one agreement that is due (by autogiro
 * NOTICE_BANKING_DAYS banking days before its date, by card on the day): a
 * gift of the agreement's type with the agreement and date, one payment
 * attempt, and what asks for the money (its collection's). A paused
 * agreement skips the debits before `paused_until` and becomes active again
 * at it.
 */
async function requestDueDebitsOf(trx: Transaction<DB>, clock: Clock, logger: Logger, agreementId: string): Promise<void> {
  const now = clock.now();
  for (let guard = 0; guard < 36; guard++) {
    const agreement = await findAgreement(trx, agreementId);
    if (!agreement?.next_debit_on || (agreement.status !== "active" && agreement.status !== "paused")) return;
    const debitOn = agreement.next_debit_on;
    const collection = collectionOf(agreement);
    if (!collection.isDue(debitOn, now)) return;
    const following = nextDebitAfter(debitOn, agreement.interval, agreement.debit_day);
    if (agreement.status === "paused") {
      if (agreement.paused_until && debitOn < agreement.paused_until) {
        await trx.updateTable("agreements").set({ next_debit_on: following, updated_at: now.toISOString() }).where("id", "=", agreement.id).execute();
        continue;
      }
      await moveAgreement(trx, clock, agreement, "active", { paused_until: null });
      await appendEvent(trx, clock, agreement.id, "resumed", "paused", "active", debitOn, "system");
      continue;
    }
    if (collection.inTime(debitOn, now)) {
      await requestDebit(trx, clock, agreement, debitOn, agreement.kind === "membership" ? "membership" : "monthly", agreement.amount_ore, `debit:${agreement.id}:${debitOn}`);
    } else {
      // Only when Bankgirot approved the mandate after the first debit's cut-off: that debit is skipped, never sent late.
      logger.warn({ agreementId: agreement.id, debitOn }, "debit skipped: too late to request from Bankgirot");
    }
    await trx.updateTable("agreements").set({ next_debit_on: following, updated_at: now.toISOString() }).where("id", "=", agreement.id).execute();
  }
}

async function requestDebit(
  trx: Transaction<DB>,
  clock: Clock,
  agreement: AgreementRow,
  debitOn: IsoDate,
  giftType: "monthly" | "membership" | "extra",
  amountOre: number,
  idempotencyKey: string,
): Promise<string | null> {
  const exists = await trx.selectFrom("gifts").select("id").where("idempotency_key", "=", idempotencyKey).executeTakeFirst();
  if (exists) return null;
  return collectionOf(agreement).requestDebit(trx, clock, agreement, { debitOn, giftType, amountOre, idempotencyKey });
}

/** The periodic task: requests every due debit of every active or paused agreement. */
export async function requestDueDebits(deps: AgreementDeps): Promise<number> {
  const { db, clock, logger } = deps;
  const horizon = bankingDaysAfter(swedishDate(clock.now()), 12);
  const due = await db
    .selectFrom("agreements")
    .select("id")
    .where("status", "in", ["active", "paused"])
    .where("next_debit_on", "<=", horizon)
    .execute();
  for (const { id } of due) {
    await db.transaction().execute((trx) => requestDueDebitsOf(trx, clock, logger, id));
  }
  return due.length;
}

/** What a change says to the donor: from which debit it applies. */
export interface ChangeOutcome {
  agreement: AgreementRow;
  appliesFrom: IsoDate | null;
}

function assertChangeable(agreement: AgreementRow): void {
  if (agreement.status === "cancelled") throw new AgreementChangeError("Månadsgåvan är redan avslutad.");
  if (agreement.status === "refused") throw new AgreementChangeError("Banken godkände inte medgivandet, så det finns inget att ändra. Du är välkommen att anmäla dig igen.");
}

/**
 * A new amount. Debits already requested keep theirs; the change applies from
 * the next debit not yet requested, which is always at least eight banking
 * days away, so the donor is told in time.
 */
export async function changeAmount(deps: AgreementDeps, agreementId: string, donorId: string, amountOre: number, source: AgreementEventSource = "donor"): Promise<ChangeOutcome> {
  const { db, clock, logger } = deps;
  return db.transaction().execute(async (trx) => {
    await requestDueDebitsOf(trx, clock, logger, agreementId);
    const agreement = await donorAgreement(trx, agreementId, donorId);
    assertChangeable(agreement);
    if (amountOre === agreement.amount_ore) throw new AgreementChangeError("Det är redan ditt belopp.");
    await trx.updateTable("agreements").set({ amount_ore: amountOre, updated_at: clock.now().toISOString() }).where("id", "=", agreement.id).execute();
    await appendEvent(trx, clock, agreement.id, "amount_changed", agreement.status, agreement.status, agreement.next_debit_on, source, {
      fromOre: agreement.amount_ore,
      toOre: amountOre,
    });
    await queueMail(trx, clock, agreement.id, "changed", crypto.randomUUID());
    return { agreement: (await findAgreement(trx, agreement.id)) as AgreementRow, appliesFrom: agreement.next_debit_on };
  });
}

/** A new day of the month, from the first debit on that day not yet requested and at least eight banking days away. */
export async function changeDay(deps: AgreementDeps, agreementId: string, donorId: string, debitDay: number): Promise<ChangeOutcome> {
  const { db, clock, logger } = deps;
  return db.transaction().execute(async (trx) => {
    await requestDueDebitsOf(trx, clock, logger, agreementId);
    const agreement = await donorAgreement(trx, agreementId, donorId);
    assertChangeable(agreement);
    if (debitDay === agreement.debit_day) throw new AgreementChangeError("Pengarna dras redan den dagen.");
    const today = swedishDate(clock.now());
    // The debits already requested stay; the new day's first debit is told eight banking days ahead and falls in a later month.
    const lastRequested = await trx
      .selectFrom("gifts")
      .select("debit_on")
      .where("agreement_id", "=", agreement.id)
      .where("gift_type", "!=", "extra")
      .orderBy("debit_on", "desc")
      .executeTakeFirst();
    let next = firstDebitOn(today, debitDay);
    if (lastRequested?.debit_on && next.slice(0, 7) <= lastRequested.debit_on.slice(0, 7)) next = monthsLater(lastRequested.debit_on, 1, debitDay);
    await trx.updateTable("agreements").set({ debit_day: debitDay, next_debit_on: next, updated_at: clock.now().toISOString() }).where("id", "=", agreement.id).execute();
    await appendEvent(trx, clock, agreement.id, "day_changed", agreement.status, agreement.status, next, "donor", { fromDay: agreement.debit_day, toDay: debitDay });
    await queueMail(trx, clock, agreement.id, "changed", crypto.randomUUID());
    return { agreement: (await findAgreement(trx, agreement.id)) as AgreementRow, appliesFrom: next };
  });
}

/**
 * A pause of one to three months: the next `months` debits not yet requested
 * are skipped; the agreement becomes active again by itself.
 */
export async function pause(deps: AgreementDeps, agreementId: string, donorId: string, months: number): Promise<ChangeOutcome & { resumesOn: IsoDate }> {
  const { db, clock, logger } = deps;
  if (!Number.isInteger(months) || months < 1 || months > MAX_PAUSE_MONTHS) throw new AgreementChangeError("Du kan pausa i en, två eller tre månader.");
  return db.transaction().execute(async (trx) => {
    await requestDueDebitsOf(trx, clock, logger, agreementId);
    const agreement = await donorAgreement(trx, agreementId, donorId);
    assertChangeable(agreement);
    if (agreement.status === "pending") throw new AgreementChangeError("Månadsgåvan har inte börjat än. Du kan ändra den när banken har godkänt medgivandet.");
    if (agreement.status === "paused") throw new AgreementChangeError("Månadsgåvan är redan pausad.");
    const from = agreement.next_debit_on as IsoDate;
    const resumesOn = monthsLater(from, months, agreement.debit_day);
    await moveAgreement(trx, clock, agreement, "paused", { paused_until: resumesOn });
    await appendEvent(trx, clock, agreement.id, "paused", agreement.status, "paused", from, "donor", { months, resumesOn });
    await queueMail(trx, clock, agreement.id, "paused", crypto.randomUUID());
    return { agreement: (await findAgreement(trx, agreement.id)) as AgreementRow, appliesFrom: from, resumesOn };
  });
}

/**
 * The donor stops giving. Debits already requested are stopped where their
 * collection still can (an autogiro request not yet sent is withdrawn and its
 * payment ends now; one sent is cancelled up to five banking days before);
 * one that is too close, or a card charge already sent, still comes, and the
 * donor is told which. The mandate is cancelled once no debit is left to come.
 */
export async function cancel(
  deps: AgreementDepsWithOutcomes,
  agreementId: string,
  donorId: string,
  source: AgreementEventSource = "donor",
  /** False when the donor hears it another way: an erasure's confirmation says what ended (decision 0035). */
  tellDonor = true,
): Promise<ChangeOutcome & { stillComing: Array<{ debitOn: IsoDate; amountOre: number }> }> {
  const { db, clock, logger, outcomes } = deps;
  return db.transaction().execute(async (trx) => {
    await requestDueDebitsOf(trx, clock, logger, agreementId);
    const agreement = await donorAgreement(trx, agreementId, donorId);
    assertChangeable(agreement);
    const collection = collectionOf(agreement);
    const open = (await openDebits(trx, agreement.id)).sort((a, b) => a.debit_on.localeCompare(b.debit_on));
    const { stillComing, stopped } = await collection.stopOpenDebits(trx, { clock, outcomes }, agreement, open);
    const firstStopped = [agreement.next_debit_on, ...stopped].filter((d): d is IsoDate => d !== null).sort()[0] ?? null;
    await moveAgreement(trx, clock, agreement, "cancelled", { next_debit_on: null, paused_until: null });
    await appendEvent(trx, clock, agreement.id, "cancelled", agreement.status, "cancelled", firstStopped, source, { stillComing });
    if (stillComing.length === 0) await collection.end(trx, clock, agreement);
    if (tellDonor) await queueMail(trx, clock, agreement.id, "cancelled", agreement.id, { stillComing });
    return { agreement: (await findAgreement(trx, agreement.id)) as AgreementRow, appliesFrom: firstStopped, stillComing };
  });
}

/**
 * An extra gift added once to the next debit: its own `extra` gift and its
 * own payment request on the date of the next debit that can still take it.
 */
export async function addExtraToNextDebit(deps: AgreementDeps, agreementId: string, donorId: string, amountOre: number, idempotencyKey: string): Promise<{ giftId: string | null; debitOn: IsoDate }> {
  const { db, clock, logger } = deps;
  return db.transaction().execute(async (trx) => {
    await requestDueDebitsOf(trx, clock, logger, agreementId);
    const agreement = await donorAgreement(trx, agreementId, donorId);
    if (agreement.status !== "active") throw new AgreementChangeError("En extra gåva kan läggas till när månadsgåvan är aktiv.");
    const now = clock.now();
    const open = (await openDebits(trx, agreement.id)).filter((d) => canStillRequest(d.debit_on, new Date(now.getTime() + 86_400_000)));
    const debitOn = open.map((d) => d.debit_on).sort()[0] ?? (agreement.next_debit_on as IsoDate);
    const giftId = await requestDebit(trx, clock, agreement, debitOn, "extra", amountOre, `extra:${idempotencyKey}`);
    if (giftId) await queueMail(trx, clock, agreement.id, "extra_added", giftId, { amountOre, debitOn });
    return { giftId, debitOn };
  });
}
