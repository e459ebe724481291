import type { Kysely, Transaction } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import type { IsoDate } from "../calendar/swedish-calendar";
import type { AgreementKind } from "./agreement-status";
import { formatSek } from "../site/format";
import { swedishList } from "../site/swedish-list";
import type { AgreementDepsWithOutcomes } from "./agreement-records";
import { cancel } from "./agreement-service";

/**
 * A donor who gives monthly, is a member by autogiro or card, or has a stored
 * card asks to be erased (decision 0035). We cannot keep debiting a person we
 * no longer know, so their running agreements end first, through the same
 * cancellation the donor would make on Mina sidor: requested debits are
 * stopped at Bankgirot when there is still time, the mandate is cancelled
 * once none is left to come, and a card charge not yet made is not made.
 * Then the agreements, mandates and stored cards are kept without the donor,
 * as their gifts are: the agreements explain booked debits, Bankgirot's later
 * files name the mandate by its payer number, and a stored card is deleted at
 * Mondido by card-forgetting.ts once no charge of it is open.
 */
export interface EndedAgreement {
  kind: AgreementKind;
  amountOre: number;
  interval: "monthly" | "yearly";
  /** Debits too close to stop: they still come, and the donor is told so. */
  stillComing: Array<{ debitOn: IsoDate; amountOre: number }>;
}

/** The donor's agreements that still run, which an erasure would end: shown before the donor or staff confirm it. */
export async function agreementsEndedByErasure(db: Kysely<DB>, donorId: string) {
  const running = await db
    .selectFrom("agreements")
    .select(["id", "kind", "amount_ore", "interval"])
    .where("donor_id", "=", donorId)
    .where("status", "in", ["pending", "active", "paused"])
    .orderBy("created_at")
    .execute();
  return running.map((a) => ({ id: a.id, kind: a.kind, amountOre: a.amount_ore, interval: a.interval }));
}

/**
 * What an erasure ends, for a sentence of the page's: "din månadsgåva på 200 kr
 * i månaden" to the donor, "månadsgåva på 200 kr i månaden" to staff.
 */
export function describeEndedAgreement(agreement: Pick<EndedAgreement, "kind" | "amountOre" | "interval">, to: "donor" | "staff" = "donor"): string {
  const per = agreement.interval === "yearly" ? "om året" : "i månaden";
  const what = agreement.kind === "membership" ? `medlemskap, ${formatSek(agreement.amountOre)} ${per}` : `månadsgåva på ${formatSek(agreement.amountOre)} ${per}`;
  if (to === "staff") return what;
  return `${agreement.kind === "membership" ? "ditt" : "din"} ${what}`;
}

/** The sentence part both erasure forms show ("din månadsgåva på 200 kr i månaden och ditt medlemskap, …"), or null when nothing runs. */
export async function whatErasureEnds(db: Kysely<DB>, donorId: string, to: "donor" | "staff"): Promise<string | null> {
  return swedishList((await agreementsEndedByErasure(db, donorId)).map((agreement) => describeEndedAgreement(agreement, to)));
}

/** Ends the donor's running agreements (each in its own transaction, as the donor's own cancellation does) and says which. */
export async function endAgreementsOfErasedDonor(deps: AgreementDepsWithOutcomes, donorId: string, by: "donor" | "staff"): Promise<EndedAgreement[]> {
  const ended: EndedAgreement[] = [];
  for (const agreement of await agreementsEndedByErasure(deps.db, donorId)) {
    // The erasure's confirmation tells the donor what ended; no separate "cancelled" mail.
    const { stillComing } = await cancel(deps, agreement.id, donorId, by, false);
    ended.push({ kind: agreement.kind, amountOre: agreement.amountOre, interval: agreement.interval, stillComing });
  }
  return ended;
}

/**
 * In the erasure's transaction: the agreements, mandates and stored cards no
 * longer point at the donor, a mandate keeps only the last four digits of the
 * account (Bankgirot holds the whole number; staff recognise a mandate by
 * its ending), and a membership of the donor's own keeps its number and year
 * but no name, e-mail or address.
 */
export async function detachGivingFromDonor(trx: Transaction<DB> | Kysely<DB>, clock: Clock, donorId: string): Promise<void> {
  const now = clock.now().toISOString();
  await trx.updateTable("agreements").set({ donor_id: null, updated_at: now }).where("donor_id", "=", donorId).execute();
  const mandates = await trx.selectFrom("mandates").select(["id", "account"]).where("donor_id", "=", donorId).execute();
  for (const mandate of mandates) {
    await trx.updateTable("mandates").set({ donor_id: null, account: mandate.account.slice(-4), updated_at: now }).where("id", "=", mandate.id).execute();
  }
  await trx.updateTable("stored_cards").set({ donor_id: null, updated_at: now }).where("donor_id", "=", donorId).execute();
  await trx
    .updateTable("members")
    .set({ donor_id: null, name: "Raderad medlem", email: null, street: "", postal_code: "", city: "", updated_at: now })
    .where("donor_id", "=", donorId)
    .execute();
}
