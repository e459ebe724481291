import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "#db/schema";
import type { Clock } from "../clock";
import type { Mailer, MailMessage } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import { enqueueJob } from "../jobs/job-queue";
import { formatDateTimeLong } from "../site/format";
import { checkRecipientMail, countRecipientMail, type RecipientCounter } from "../mail/recipient-limit";
import type { LinkTokens } from "../my-data/link-tokens";
import type { DonorDetails } from "./donor-details";
import { findDonor, updateDonorDetails, type DonorRow } from "./donor-repository";

/**
 * A donor's new e-mail address is confirmed before anything personal goes to
 * it (issue #30: a logged-in donor could change their address without
 * confirming it, then send up to 30 My data links a minute to it). Saving
 * details with another address keeps the confirmed one in `email` – where
 * receipts, My data links and every other personal message go – puts the new
 * one in `pending_email`, and e-mails a link to the new address (a job, counted
 * against that address: core/mail/recipient-limit.ts). Opening the link (its
 * own purpose, revoked by a newer one) makes the new address the donor's.
 * Removing the address altogether needs no confirmation.
 */
export const EMAIL_CHANGE_PURPOSE = "email-change";
export const EMAIL_CHANGE_JOB = "email-change-confirmation";
export const EMAIL_CHANGE_PATH = "/dina-uppgifter/bekrafta-e-post";

export interface DetailsChangeDeps {
  db: Kysely<DB>;
  clock: Clock;
  tokens: LinkTokens;
  recipientMail: RecipientCounter;
}

export interface SavedDetails {
  donor: DonorRow;
  /** The new address a confirmation link was sent to now, if one was. */
  confirmationSentTo: string | null;
}

/**
 * Saves what the donor changed on Mina uppgifter, the My data page or through
 * the API. Throws RecipientMailLimitedError (field `email`) when the new
 * address has had its e-mails for now; nothing is saved then.
 */
export async function saveDonorDetails(deps: DetailsChangeDeps, donor: DonorRow, details: DonorDetails): Promise<SavedDetails> {
  const wanted = details.email;
  if (wanted === null || wanted === donor.email) {
    return { donor: await updateDonorDetails(deps.db, deps.clock, donor, details, null), confirmationSentTo: null };
  }
  const kept = { ...details, email: donor.email };
  // The same new address saved again (another field changed): the link already sent still works.
  if (wanted === donor.pending_email) {
    return { donor: await updateDonorDetails(deps.db, deps.clock, donor, kept, wanted), confirmationSentTo: null };
  }
  const confirmTo = [{ address: wanted, field: "email" }];
  await checkRecipientMail(deps.recipientMail, confirmTo);
  let saved = donor;
  await deps.tokens.issue(donor.id, EMAIL_CHANGE_PURPOSE, async (tx, issued) => {
    saved = await updateDonorDetails(tx, deps.clock, donor, kept, wanted);
    await enqueueJob(tx, deps.clock, { type: EMAIL_CHANGE_JOB, payload: { tokenId: issued.tokenId }, dedupeKey: `${EMAIL_CHANGE_JOB}:${issued.tokenId}` });
    await countRecipientMail(deps.recipientMail, confirmTo, tx);
  });
  return { donor: saved, confirmationSentTo: wanted };
}

export type EmailChangeCheck = { ok: true; tokenId: string; donor: DonorRow; email: string } | { ok: false; reason: "invalid" | "expired" | "revoked" };

/** What a confirmation link is for, without using it: the page shows the address before the donor confirms. */
export async function readEmailChange(deps: { db: Kysely<DB>; tokens: LinkTokens }, token: string | null): Promise<EmailChangeCheck> {
  const check = await deps.tokens.verify(token, EMAIL_CHANGE_PURPOSE);
  if (!check.ok) return check;
  const donor = await findDonor(deps.db, check.subject);
  if (!donor?.pending_email) return { ok: false, reason: "revoked" };
  return { ok: true, tokenId: check.tokenId, donor, email: donor.pending_email };
}

/** Opens the link: the waiting address becomes the donor's, and the link stops working. */
export async function confirmEmailChange(deps: { db: Kysely<DB>; clock: Clock; tokens: LinkTokens }, token: string | null): Promise<EmailChangeCheck> {
  const check = await readEmailChange(deps, token);
  if (!check.ok) return check;
  await deps.db
    .updateTable("donors")
    .set({ email: check.email, pending_email: null, updated_at: deps.clock.now().toISOString() })
    .where("id", "=", check.donor.id)
    .where("pending_email", "=", check.email)
    .execute();
  await deps.tokens.revoke(check.tokenId);
  return check;
}

const payloadSchema = z.object({ tokenId: z.string().min(1) });

/** The job: the link, to the new address only. A link revoked or expired before it went out is not sent. */
export async function sendEmailChangeConfirmation(
  deps: { db: Kysely<DB>; mailer: Mailer; site: SiteConfig; publicUrl: string; tokens: LinkTokens },
  payload: unknown,
): Promise<void> {
  const { tokenId } = payloadSchema.parse(payload);
  const stored = await deps.tokens.signStored(tokenId, EMAIL_CHANGE_PURPOSE);
  if (!stored) return;
  const donor = await findDonor(deps.db, stored.subject);
  if (!donor?.pending_email) return;
  const link = `${deps.publicUrl}${EMAIL_CHANGE_PATH}?token=${encodeURIComponent(stored.token)}`;
  await deps.mailer.send(emailChangeMail(donor, donor.pending_email, link, stored.expiresAt, deps.site));
}

export function emailChangeMail(donor: Pick<DonorRow, "given_name">, to: string, link: string, expiresAt: string, site: SiteConfig): MailMessage {
  const text = [
    `Hej ${donor.given_name},`,
    "",
    `Du har bett oss att skriva till den här adressen i stället för den vi hade. Öppna länken och bekräfta, så ändrar vi din e-postadress hos ${site.name}:`,
    "",
    link,
    "",
    `Länken fungerar till ${formatDateTimeLong(expiresAt)}. Till dess skriver vi till din tidigare adress.`,
    "",
    `Bad du inte om det här? Då kan du bortse från mejlet – ingenting ändras. Ring oss gärna på ${site.phone}.`,
    "",
    "Varma hälsningar,",
    site.name,
  ].join("\n");
  return { to, subject: "Bekräfta din nya e-postadress", text };
}
