import { swedishDate, type IsoDate } from "../calendar/swedish-calendar";
import type { AgreementDeps, AgreementRow } from "../agreements/agreement-records";
import { createAgreement } from "../agreements/agreement-service";
import { firstDebitOn, monthsLater } from "../agreements/debit-schedule";
import { findMemberOfDonor, type MemberRow } from "./membership-service";

/**
 * A membership renewed every year by autogiro or card (decisions 0024,
 * 0028): an agreement of kind `membership` with a yearly interval and the
 * fee. Each yearly debit is a `membership` gift with a `membership_fees` row
 * for the member, so that when it is paid the year is extended exactly as a
 * fee paid on the page is (membership-service.ts, addRenewalFee and
 * recordPaidMembershipFee).
 *
 * By autogiro the renewal uses the mandate the member already signed for a
 * monthly gift (an autogiro mandate lets us ask for any payment to us, told
 * eight banking days ahead); a member without one renews by card, or orders
 * the paper mandate form. By card the member pays this year's fee in the card
 * window now, which stores the card, and it is charged a year later.
 */
export class RenewalNotPossibleError extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = "RenewalNotPossibleError";
  }
}

/** A renewal agreement already running for the member's donor, if any. */
export async function liveRenewalOf(deps: AgreementDeps, donorId: string): Promise<AgreementRow | undefined> {
  return deps.db
    .selectFrom("agreements")
    .selectAll()
    .where("donor_id", "=", donorId)
    .where("kind", "=", "membership")
    .where("status", "in", ["pending", "active", "paused"])
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

/** The approved autogiro mandate a member's renewal can use, if they have one. */
export async function approvedMandateOf(deps: AgreementDeps, donorId: string) {
  return deps.db.selectFrom("mandates").selectAll().where("donor_id", "=", donorId).where("status", "=", "approved").orderBy("created_at", "desc").executeTakeFirst();
}

/** The day of the month a member's yearly debit falls on: the day the paid year ends, at most the 28th. */
function renewalDay(member: MemberRow): number {
  return Math.min(Number(member.paid_until.slice(8, 10)), 28);
}

async function memberFor(deps: AgreementDeps, donorId: string): Promise<MemberRow> {
  const member = await findMemberOfDonor(deps.db, donorId);
  if (!member) throw new RenewalNotPossibleError("Automatisk förnyelse finns för dig som är medlem. Bli medlem först, så kan du välja den sedan.");
  if (await liveRenewalOf(deps, donorId)) throw new RenewalNotPossibleError("Ditt medlemskap förnyas redan automatiskt. Du ser och ändrar det på Mina sidor.");
  return member;
}

/**
 * Yearly renewal by autogiro through the member's approved mandate: active at
 * once (Bankgirot already approved the mandate); the first debit is on the
 * renewal day before the paid year ends, or – when that is too close to be
 * told eight banking days ahead – the first such day after.
 */
export async function startAutogiroRenewal(deps: AgreementDeps, input: { donorId: string; feeOre: number; idempotencyKey: string }): Promise<AgreementRow> {
  const member = await memberFor(deps, input.donorId);
  const mandate = await approvedMandateOf(deps, input.donorId);
  if (!mandate) throw new RenewalNotPossibleError("Du har inget godkänt autogiromedgivande hos oss. Välj kort, eller beställ en autogiroblankett.");
  const today = swedishDate(deps.clock.now());
  const day = renewalDay(member);
  const beforeLapse = monthsLater(member.paid_until, 0, day);
  const earliest = firstDebitOn(today, day);
  const first: IsoDate = beforeLapse >= earliest ? beforeLapse : earliest;
  const { agreement } = await createAgreement(deps, {
    donorId: input.donorId,
    kind: "membership",
    amountOre: input.feeOre,
    debitDay: day,
    idempotencyKey: input.idempotencyKey,
    collect: { method: "autogiro", approvedMandateId: mandate.id, firstDebitOn: first },
  });
  return agreement;
}

/** Yearly renewal by card: this year's fee is paid in the card window now (the caller starts it), and charged again a year later. */
export async function startCardRenewal(deps: AgreementDeps, input: { donorId: string; feeOre: number; idempotencyKey: string }) {
  const member = await memberFor(deps, input.donorId);
  return createAgreement(deps, {
    donorId: input.donorId,
    kind: "membership",
    amountOre: input.feeOre,
    debitDay: renewalDay(member),
    idempotencyKey: input.idempotencyKey,
    collect: { method: "card" },
  });
}
