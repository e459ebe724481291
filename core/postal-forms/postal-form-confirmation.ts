import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "#db/schema";
import type { Mailer, MailMessage } from "../mail/mailer";
import type { SiteConfig } from "../site/site-config";
import { formatSwedishDay } from "../memorial/delivery-date";
import { postalFormThing } from "./postal-form-letter";
import { findPostalForm, type PostalFormRow } from "./postal-form-repository";

/**
 * The confirmation e-mail of a form ordered by post, when the person gave an
 * e-mail address: a job queued in the transaction that stored the request
 * (core/jobs), so a stored request is confirmed once and a refused one never.
 */
export const POSTAL_FORM_CONFIRMATION_JOB = "postal-form-confirmation";

const payloadSchema = z.object({ id: z.string().min(1) });

export function postalFormConfirmationMail(form: PostalFormRow, site: SiteConfig): MailMessage {
  const { thing, plural } = postalFormThing(form.kind);
  return {
    to: form.email as string,
    subject: `Vi skickar ${thing} till dig`,
    text: [
      `Hej ${form.name}!`,
      "",
      `Tack för din beställning. Vi skickar ${thing} med post till`,
      "",
      form.name,
      form.street,
      `${form.postal_code}  ${form.city.toUpperCase()}`,
      "",
      `${plural ? "De" : "Den"} bör vara framme senast ${formatSwedishDay(form.expected_by)}. Din referens är ${form.reference}.`,
      "",
      `Har du frågor, eller har ingenting kommit? Ring oss på ${site.phone} eller skriv till ${site.email}.`,
      "",
      "Varma hälsningar",
      site.name,
    ].join("\n"),
  };
}

export async function sendPostalFormConfirmation(deps: { db: Kysely<DB>; mailer: Mailer; site: SiteConfig }, payload: unknown): Promise<void> {
  const { id } = payloadSchema.parse(payload);
  const form = await findPostalForm(deps.db, id);
  if (!form?.email) return;
  await deps.mailer.send(postalFormConfirmationMail(form, deps.site));
}
