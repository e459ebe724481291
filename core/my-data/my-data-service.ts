import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import type { Mailer, MailMessage } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import { donorView, findDonor, type DonorRow } from "../donors/donor-repository";
import { donorGifts, type DonorGift } from "../donors/gift-history";
import { formatCalendarDate, formatDateTimeLong, formatSek } from "../site/format";
import type { Logger } from "../logger";
import type { PaymentOutcomeHandlers } from "../payments/payment-outcomes";
import { describeEndedAgreement, detachGivingFromDonor, endAgreementsOfErasedDonor, type EndedAgreement } from "../agreements/agreements-on-erasure";
import { agreementsOfDonor } from "../agreements/agreement-view";
import { findMemberOfDonor } from "../membership/membership-service";
import type { LinkTokens } from "./link-tokens";

// The forms (and their limits) live with their schemas, which the browser loads too.
export { COMMENT_MAX_LENGTH } from "./my-data-forms";

/** What we say we keep after erasure, shown to the donor and stored with the request. */
export const KEPT_AFTER_ERASURE =
  "Dina gåvor (belopp, datum, ordernummer, namn och personnummer) sparas så länge bokföringslagen kräver, sju år efter räkenskapsårets slut, och används för kontrolluppgiften om skattereduktion till Skatteverket. Allt annat har tagits bort: adress, e-post, telefon, kontaktval och kommentarer.";

/** A monthly gift or a membership renewed every year, as the donor recognises it. */
export interface MyDataAgreement {
  kind: "monthly_gift" | "membership";
  /** Aktiv, Pausad, Avslutad… */
  status: string;
  amountOre: number;
  interval: "monthly" | "yearly";
  debitDay: number;
  /** "SEB, konto som slutar på 4560" or "Kort som slutar på 1111": never more of the number than that. */
  paidWith: string | null;
}

export interface MyDataExport {
  generatedAt: string;
  organisation: string;
  donor: ReturnType<typeof donorView>;
  gifts: DonorGift[];
  agreements: MyDataAgreement[];
  membership: { memberNumber: number; paidUntil: string } | null;
  comments: { body: string; createdAt: string }[];
}

/** Everything we hold about a donor, for the My data page and the JSON download: details, gifts, agreements, membership, comments. */
export async function myDataFor(db: Kysely<DB>, clock: Clock, site: SiteConfig, donor: DonorRow): Promise<MyDataExport> {
  const comments = await db
    .selectFrom("donor_comments")
    .select(["body", "created_at"])
    .where("donor_id", "=", donor.id)
    .orderBy("created_at", "desc")
    .execute();
  const member = await findMemberOfDonor(db, donor.id);
  return {
    generatedAt: clock.now().toISOString(),
    organisation: `${site.name}, ${site.orgNumber}`,
    donor: donorView(donor),
    gifts: await donorGifts(db, donor),
    agreements: (await agreementsOfDonor(db, donor.id, clock.now())).map((a) => ({
      kind: a.kind,
      status: a.statusLabel,
      amountOre: a.amountOre,
      interval: a.kind === "membership" ? "yearly" : "monthly",
      debitDay: a.debitDay,
      paidWith: a.cardEnding ? `Kort som slutar på ${a.cardEnding}` : a.bankName ? `${a.bankName}, konto som slutar på ${a.accountEnding ?? ""}` : null,
    })),
    membership: member ? { memberNumber: member.member_number, paidUntil: member.paid_until } : null,
    comments: comments.map((c) => ({ body: c.body, createdAt: c.created_at })),
  };
}

/** The donor's comments, newest first, for staff (with where each was written). */
export async function commentsOfDonor(db: Kysely<DB>, donorId: string) {
  return db.selectFrom("donor_comments").selectAll().where("donor_id", "=", donorId).orderBy("id", "desc").execute();
}

export async function addComment(db: Kysely<DB>, clock: Clock, donorId: string, body: string, source: "my-data" | "my-pages"): Promise<void> {
  await db.insertInto("donor_comments").values({ donor_id: donorId, body, source, created_at: clock.now().toISOString() }).execute();
}

export function myDataLinkMail(donor: DonorRow, link: string, expiresAt: string, site: SiteConfig): MailMessage {
  const until = formatDateTimeLong(expiresAt);
  const text = [
    `Hej ${donor.given_name},`,
    "",
    `Här är din länk till de uppgifter ${site.name} har om dig. Där kan du se dina gåvor, rätta dina uppgifter, lämna en kommentar, ladda ner allt som en fil eller be oss radera dina uppgifter.`,
    "",
    link,
    "",
    `Länken fungerar till ${until}. Dela den inte med någon annan – den som har länken kan se och ändra dina uppgifter. Om du får en ny länk slutar den här att fungera.`,
    "",
    `Bad du inte om länken? Då kan du bortse från mejlet, eller ring oss på ${site.phone}.`,
    "",
    "Varma hälsningar,",
    site.name,
  ].join("\n");
  return { to: donor.email ?? "", subject: "Din länk till dina uppgifter", text };
}

export interface ErasureDeps {
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
  /** Ending a running agreement may end a debit never sent to Bankgirot, through the payment kernel. */
  outcomes: PaymentOutcomeHandlers;
  mailer: Mailer;
  site: SiteConfig;
  tokens: LinkTokens;
}

/**
 * Erasure on the donor's request (GDPR art. 17), limited by the law that
 * requires us to keep accounting records (bokföringslagen, 7 years) and to
 * report gifts for the tax reduction (KU65): paid gifts keep amount, date,
 * name and personnummer. Everything else goes: the donor row with address,
 * e-mail, phone and contact choices, comments, sessions and links (cascade),
 * the e-mail and newsletter consent on the gifts, the Swish number on the
 * payments, the address and e-mail on a membership fee of their own, and on
 * unpaid gifts also name and personnummer, which no law needs. A monthly gift or membership still running is ended first, and the
 * agreements, mandates and stored cards are kept without the donor
 * (core/agreements/agreements-on-erasure.ts, decision 0035). A confirmation
 * goes to the e-mail address we had, before it is gone.
 */
export async function eraseDonor(deps: ErasureDeps, donorId: string, source: "my-data" | "my-pages" | "staff"): Promise<{ kept: string }> {
  const donor = await findDonor(deps.db, donorId);
  if (!donor) return { kept: KEPT_AFTER_ERASURE };
  const now = deps.clock.now().toISOString();
  // First, as it may book a debit that was due: its gift is then among those below.
  const ended = await endAgreementsOfErasedDonor(deps, donor.id, source === "staff" ? "staff" : "donor");
  const gifts = await donorGifts(deps.db, donor);
  const giftRefs = gifts.map((g) => g.orderReference);
  await deps.db.transaction().execute(async (tx) => {
    await tx
      .insertInto("erasure_requests")
      .values({ id: crypto.randomUUID(), donor_id: donor.id, source, requested_at: now, completed_at: now, kept: KEPT_AFTER_ERASURE })
      .execute();
    if (giftRefs.length > 0) {
      await tx.updateTable("gifts").set({ donor_email: "", newsletter_consent: 0, updated_at: now }).where("order_reference", "in", giftRefs).execute();
      await tx
        .updateTable("gifts")
        .set({ donor_name: "Raderad givare", donor_personnummer: null })
        .where("order_reference", "in", giftRefs)
        // A refund is booked too: its gift keeps what a paid one keeps.
        .where("status", "not in", ["paid", "refunded"])
        .execute();
      const giftIds = tx.selectFrom("gifts").select("id").where("order_reference", "in", giftRefs);
      await tx.updateTable("payments").set({ payer_alias: null }).where("gift_id", "in", giftIds).execute();
      // Named on the live pages by their own choice: no longer.
      await tx.deleteFrom("gift_mentions").where("gift_id", "in", giftIds).execute();
      // A membership fee of the donor's own keeps whose it was (as its gift does) but not where they live or their e-mail;
      // a membership given as a present is the recipient's, and stays theirs.
      await tx.updateTable("membership_fees").set({ email: null, street: "", postal_code: "", city: "" }).where("gift_id", "in", giftIds).where("is_present", "=", 0).execute();
    }
    // The gifts stay (bookkeeping), no longer tied to a person who is gone.
    await tx.updateTable("gifts").set({ donor_id: null }).where("donor_id", "=", donor.id).execute();
    await detachGivingFromDonor(tx, deps.clock, donor.id);
    await tx.deleteFrom("donor_comments").where("donor_id", "=", donor.id).execute();
    await tx.deleteFrom("donor_sessions").where("donor_id", "=", donor.id).execute();
    await tx.deleteFrom("my_data_tokens").where("donor_id", "=", donor.id).execute();
    await tx.deleteFrom("donors").where("id", "=", donor.id).execute();
  });
  if (donor.email) {
    const paidTotal = gifts.filter((g) => g.paid).reduce((sum, g) => sum + g.amountOre, 0);
    await deps.mailer.send({
      to: donor.email,
      subject: "Dina uppgifter är raderade",
      text: [
        `Hej ${donor.given_name},`,
        "",
        `Vi har raderat dina uppgifter hos ${deps.site.name}, som du bad om.`,
        "",
        KEPT_AFTER_ERASURE + (paidTotal > 0 ? ` Dina sparade gåvor är sammanlagt ${formatSek(paidTotal)}.` : ""),
        "",
        ...endedAgreementLines(ended),
        "Tack för ditt stöd till forskningen.",
        deps.site.name,
      ].join("\n"),
    });
  }
  return { kept: KEPT_AFTER_ERASURE };
}

/** What the erasure's confirmation says about the monthly gifts and memberships it ended. */
function endedAgreementLines(ended: EndedAgreement[]): string[] {
  return ended.flatMap((agreement) => {
    const what = `Vi har avslutat ${describeEndedAgreement(agreement)}.`;
    const coming = agreement.stillComing.map(
      (debit) => `En dragning som redan hade skickats till banken kommer ändå: ${formatSek(debit.amountOre)} den ${formatCalendarDate(debit.debitOn)}.`,
    );
    return [what, ...coming, ""];
  });
}
