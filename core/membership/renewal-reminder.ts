import type { Kysely } from "kysely";
import { z } from "zod";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import type { Mailer, MailMessage } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import { enqueueJob } from "../jobs/job-queue";
import { addDays, swedishDate } from "../calendar/swedish-calendar";
import { formatDateLong, formatNumber } from "../site/format";
import { mailSignOff } from "../mail/sign-off";
import type { MemberRow } from "./membership-service";

/**
 * A member is reminded by e-mail a month before their paid year ends, once
 * per year (members.reminded_for holds the paid_until a reminder went out
 * for). The periodic task marks and queues in one transaction; the job sends.
 * A member without an e-mail address (a present given without one) is marked
 * too, so the task does not look at them again; the charity's paper mailing
 * reaches them.
 */
export const RENEWAL_REMINDER_JOB = "membership-renewal-reminder";
export const REMINDER_DAYS_BEFORE_END = 30;

export function renewalPath(reference: string): string {
  return `/bli-medlem?fornya=${encodeURIComponent(reference)}`;
}

/** Queues a reminder for every member whose year ends within the month and who has not had one for that year. */
export async function queueRenewalReminders(deps: { db: Kysely<DB>; clock: Clock }): Promise<number> {
  const today = swedishDate(deps.clock.now());
  const due = await deps.db
    .selectFrom("members")
    .select(["member_number", "paid_until", "email"])
    .where("paid_until", ">=", today)
    .where("paid_until", "<=", addDays(today, REMINDER_DAYS_BEFORE_END))
    .where((eb) => eb.or([eb("reminded_for", "is", null), eb("reminded_for", "!=", eb.ref("paid_until"))]))
    // A member whose fee is debited every year by autogiro or card needs no reminder to pay (decision 0028).
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("agreements")
            .select("agreements.id")
            .whereRef("agreements.donor_id", "=", "members.donor_id")
            .where("agreements.kind", "=", "membership")
            .where("agreements.status", "in", ["active", "paused"]),
        ),
      ),
    )
    .orderBy("paid_until")
    .limit(500)
    .execute();
  let queued = 0;
  for (const member of due) {
    await deps.db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable("members")
        .set({ reminded_for: member.paid_until })
        .where("member_number", "=", member.member_number)
        .where("paid_until", "=", member.paid_until)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1 || !member.email) return;
      await enqueueJob(trx, deps.clock, {
        type: RENEWAL_REMINDER_JOB,
        payload: { memberNumber: member.member_number, paidUntil: member.paid_until },
        dedupeKey: `membership-reminder:${member.member_number}:${member.paid_until}`,
      });
      queued += 1;
    });
  }
  return queued;
}

export function renewalReminderMail(member: MemberRow, site: SiteConfig, publicUrl: string, feeKr: number): MailMessage {
  const until = formatDateLong(member.paid_until);
  const text = [
    `Hej ${member.name},`,
    "",
    `Tack för att du är medlem i ${site.name}! Ditt medlemskap (medlemsnummer ${member.member_number}) gäller till och med ${until}.`,
    "",
    `Vill du vara med ett år till? Förnya här, så fortsätter medlemskapet direkt efter ${until}, utan glapp:`,
    `${publicUrl}${renewalPath(member.reference)}`,
    "",
    `Medlemsavgiften är ${formatNumber(feeKr)} kronor för ett år. Du kan betala med Swish, kort, faktura eller direkt från din bank.`,
    "",
    "Vill du inte förnya behöver du inte göra något: medlemskapet upphör då av sig självt, och vi skickar ingen fler påminnelse i år.",
    "",
    ...mailSignOff(site),
  ].join("\n");
  return { to: member.email ?? "", subject: `Ditt medlemskap gäller till och med ${until}`, text };
}

const payloadSchema = z.object({ memberNumber: z.number().int(), paidUntil: z.string() });

/** The job: sends the reminder unless the member has renewed since it was queued. */
export async function sendRenewalReminder(
  deps: { db: Kysely<DB>; mailer: Mailer; site: SiteConfig; publicUrl: string; feeKr: number },
  payload: unknown,
): Promise<void> {
  const { memberNumber, paidUntil } = payloadSchema.parse(payload);
  const member = await deps.db.selectFrom("members").selectAll().where("member_number", "=", memberNumber).executeTakeFirst();
  if (!member?.email || member.paid_until !== paidUntil) return;
  await deps.mailer.send(renewalReminderMail(member, deps.site, deps.publicUrl, deps.feeKr));
}
