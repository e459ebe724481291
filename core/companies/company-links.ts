import type { Kysely } from "kysely";
import { z } from "zod";
import type { Clock } from "../clock";
import type { DB } from "#db/schema";
import type { Mailer } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import { enqueueJob } from "../jobs/job-queue";
import { checkRecipientMail, countRecipientMail, type RecipientCounter } from "../mail/recipient-limit";
import { mailSignOff } from "../mail/sign-off";
import { formatDateLong } from "../site/format";
import type { LinkTokens } from "../my-data/link-tokens";
import { parseOrganisationsnummer } from "./organisationsnummer";

/**
 * The signed link to a company's own page (decision 0047): the same tokens as
 * a donor's My data link (core/my-data/link-tokens.ts), kept in
 * company_link_tokens with the organisationsnummer as the subject. A new link
 * revokes the company's older ones: only the newest e-mail works.
 */
export const COMPANY_PAGE_PURPOSE = "company-page";
export const COMPANY_PAGE_PATH = "/foretag/gavor";
export const COMPANY_PAGE_LINK_JOB = "company-page-link";

export function companyPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${COMPANY_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * A new link for a company, for an e-mail about to go out (its receipt,
 * invoice or yearly statement): the paragraph that carries it. Issued by the
 * e-mail's job just before sending; a job that runs again issues another and
 * the first stops working, as a second "send me a link" would.
 */
export async function companyPageParagraph(deps: { companyLinks: LinkTokens; publicUrl: string }, organisationsnummer: string): Promise<string> {
  const { token, expiresAt } = await deps.companyLinks.issue(organisationsnummer, COMPANY_PAGE_PURPOSE);
  return `Företagets gåvor, fakturor och årsbesked finns på en egen sida (länken gäller till och med ${formatDateLong(expiresAt)}; ni kan be om en ny på ${deps.publicUrl}${COMPANY_PAGE_PATH}): ${companyPageUrl(deps.publicUrl, token)}`;
}

/** The company's organisationsnummer for a gift that is a company's, else null. */
export async function companyOfGift(db: Kysely<DB>, giftId: string): Promise<string | null> {
  const row = await db.selectFrom("company_gifts").select("organisationsnummer").where("gift_id", "=", giftId).executeTakeFirst();
  return row?.organisationsnummer ?? null;
}

export const companyLinkRequestSchema = z.object({
  organisationsnummer: z
    .string({ error: "Skriv företagets organisationsnummer." })
    .trim()
    .min(1, { error: "Skriv företagets organisationsnummer.", abort: true })
    .refine((v) => parseOrganisationsnummer(v) !== null, "Organisationsnumret stämmer inte. Skriv tio siffror, till exempel 556677-8899."),
  email: z.email({ error: "Skriv e-postadressen som står på företagets gåva, till exempel namn@foretag.se." }).trim().max(254),
});

/**
 * "Skicka en ny länk": the link goes to the contact e-mail of the company's
 * latest gift, and only when that is the address typed – so the page says
 * the same whether or not the company or the address is known, and a link
 * never goes to an address the company did not give. The e-mail counts
 * against the per-recipient limit like every e-mail a visitor causes.
 * Returns whether a link was queued (for tests and the log, never the page).
 */
export async function requestCompanyLink(
  deps: { db: Kysely<DB>; clock: Clock; companyLinks: LinkTokens; recipientMail: RecipientCounter },
  request: { organisationsnummer: string; email: string },
): Promise<boolean> {
  const number = parseOrganisationsnummer(request.organisationsnummer);
  const contact = number ? await companyContact(deps.db, number.digits) : null;
  if (!number || !contact || contact.email.toLowerCase() !== request.email.trim().toLowerCase()) return false;
  await queueCompanyLink(deps, number.digits);
  return true;
}

/** The company's contact as of its latest gift: where its links and statements go. */
export async function companyContact(db: Kysely<DB>, organisationsnummer: string): Promise<{ email: string; name: string; companyName: string } | null> {
  const latest = await db
    .selectFrom("company_gifts")
    .innerJoin("gifts", "gifts.id", "company_gifts.gift_id")
    .select(["gifts.donor_email", "company_gifts.contact_name", "company_gifts.company_name"])
    .where("gifts.gift_type", "=", "company")
    .where("company_gifts.organisationsnummer", "=", organisationsnummer)
    .orderBy("gifts.created_at", "desc")
    .executeTakeFirst();
  return latest ? { email: latest.donor_email, name: latest.contact_name, companyName: latest.company_name } : null;
}

/**
 * A new link and the job that e-mails it to the company's contact, in one
 * transaction (as queueMyDataLink). With `recipientMail` (a visitor asked) the
 * e-mail counts against the per-recipient limit; staff's does not.
 * Null when the company has given nothing.
 */
export async function queueCompanyLink(
  deps: { db: Kysely<DB>; clock: Clock; companyLinks: LinkTokens; recipientMail?: RecipientCounter },
  organisationsnummer: string,
): Promise<{ email: string; expiresAt: string } | null> {
  const contact = await companyContact(deps.db, organisationsnummer);
  if (!contact) return null;
  const to = deps.recipientMail ? [{ address: contact.email, field: "email" }] : [];
  if (deps.recipientMail) await checkRecipientMail(deps.recipientMail, to);
  const { expiresAt } = await deps.companyLinks.issue(organisationsnummer, COMPANY_PAGE_PURPOSE, async (tx, issued) => {
    await enqueueJob(tx, deps.clock, { type: COMPANY_PAGE_LINK_JOB, payload: { tokenId: issued.tokenId }, dedupeKey: `${COMPANY_PAGE_LINK_JOB}:${issued.tokenId}` });
    if (deps.recipientMail) await countRecipientMail(deps.recipientMail, to, tx);
  });
  return { email: contact.email, expiresAt };
}

const linkPayload = z.object({ tokenId: z.string().min(1) });

/** The job: the link signed again from its stored row; not sent when a newer link replaced it meanwhile. */
export async function sendCompanyPageLink(deps: { db: Kysely<DB>; mailer: Mailer; site: SiteConfig; publicUrl: string; companyLinks: LinkTokens }, payload: unknown): Promise<void> {
  const { tokenId } = linkPayload.parse(payload);
  const stored = await deps.companyLinks.signStored(tokenId, COMPANY_PAGE_PURPOSE);
  if (!stored) return;
  const contact = await companyContact(deps.db, stored.subject);
  if (!contact) return;
  await deps.mailer.send({
    to: contact.email,
    subject: `Länk till gåvorna från ${contact.companyName}`,
    text: [
      `Hej ${contact.name},`,
      "",
      `Här är länken till sidan med gåvorna från ${contact.companyName} till ${deps.site.name}, med fakturor och årsbesked att ladda ner:`,
      "",
      companyPageUrl(deps.publicUrl, stored.token),
      "",
      `Länken gäller till och med ${formatDateLong(stored.expiresAt)}. Äldre länkar slutar gälla. Har ni inte bett om länken kan ni bortse från mejlet.`,
      "",
      ...mailSignOff(deps.site),
    ].join("\n"),
  });
}
