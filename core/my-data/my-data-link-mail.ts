import type { Kysely } from "kysely";
import { z } from "zod";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import type { Mailer } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import { enqueueJob } from "../jobs/job-queue";
import { findDonor, type DonorRow } from "../donors/donor-repository";
import { checkRecipientMail, countRecipientMail, type RecipientCounter } from "../mail/recipient-limit";
import type { LinkTokens } from "./link-tokens";
import { myDataLinkMail } from "./my-data-service";

export const MY_DATA_LINK_JOB = "my-data-link";

const payloadSchema = z.object({ tokenId: z.string().min(1) });

/**
 * "Skicka länk till mina uppgifter" (Mina sidor, the back office): a new My
 * data link, and the job that e-mails it, in one transaction. The page answers
 * at once: a slow or unreachable mail server holds up the job, never the donor,
 * and the job retries until the mail server takes the message. The job stores
 * the token's id only; the link is signed again when the e-mail is sent.
 */
export async function queueMyDataLink(
  deps: { clock: Clock; tokens: LinkTokens; recipientMail?: RecipientCounter },
  donor: Pick<DonorRow, "id" | "email">,
): Promise<{ expiresAt: string }> {
  // A donor's own request counts against their (confirmed) address like every e-mail a visitor
  // causes (core/mail/recipient-limit.ts: RecipientMailLimitedError); staff's is not counted.
  const to = deps.recipientMail && donor.email ? [{ address: donor.email, field: "email" }] : [];
  if (deps.recipientMail) await checkRecipientMail(deps.recipientMail, to);
  const { expiresAt } = await deps.tokens.issue(donor.id, undefined, async (tx, issued) => {
    await enqueueJob(tx, deps.clock, { type: MY_DATA_LINK_JOB, payload: { tokenId: issued.tokenId }, dedupeKey: `${MY_DATA_LINK_JOB}:${issued.tokenId}` });
    if (deps.recipientMail) await countRecipientMail(deps.recipientMail, to, tx);
  });
  return { expiresAt };
}

/**
 * The job. A link revoked before it went out (a newer link was asked for, the
 * donor was erased) or expired is not sent: the newer link's own job sends that one.
 */
export async function sendMyDataLink(
  deps: { db: Kysely<DB>; mailer: Mailer; site: SiteConfig; publicUrl: string; tokens: LinkTokens },
  payload: unknown,
): Promise<void> {
  const { tokenId } = payloadSchema.parse(payload);
  const stored = await deps.tokens.signStored(tokenId);
  if (!stored) return;
  const donor = await findDonor(deps.db, stored.subject);
  if (!donor?.email) return;
  const link = `${deps.publicUrl}/dina-uppgifter?token=${encodeURIComponent(stored.token)}`;
  await deps.mailer.send(myDataLinkMail(donor, link, stored.expiresAt, deps.site));
}
