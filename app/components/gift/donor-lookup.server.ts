import type { RouterContextProvider } from "react-router";
import { clientIpContext, containerContext } from "../../context";
import { parsePersonnummer } from "#core/identity/personnummer";
import { donorLookupSchema } from "#core/gifts/gift-form";
import { parseForm, replyWithValues, type FormResult } from "../form/parse-form";

export interface DonorLookupReply {
  result: FormResult;
  /** What was filled in, for a status line; null when nothing was. */
  notice: string | null;
  status: number;
}

/**
 * "Hämta namn och adress" on every gift form: fills name and address from the
 * population register for the personnummer given, with or without JavaScript.
 * Limited per address like the API's look-up; a protected identity gets no
 * address; nothing stored. The other fields come back as they were sent.
 */
export async function lookUpDonor(context: Readonly<RouterContextProvider>, formData: FormData): Promise<DonorLookupReply> {
  const container = context.get(containerContext);
  const submission = parseForm(formData, donorLookupSchema);
  const fail = (message: string, status = 400): DonorLookupReply => ({
    result: submission.reply({ fieldErrors: { personnummer: [message] } }),
    notice: null,
    status,
  });
  if (!(await container.donors.limits.lookups.hit(context.get(clientIpContext) || "unknown"))) {
    return fail("Du har gjort för många sökningar på kort tid. Vänta en minut eller fyll i uppgifterna själv.", 429);
  }
  if (submission.status !== "success") return { result: submission.reply(), notice: null, status: 400 };
  const parsed = parsePersonnummer(submission.value.personnummer, { now: container.clock.now() });
  if (!parsed) return fail("Personnumret stämmer inte. Skriv det som ÅÅÅÅMMDD-NNNN.");
  try {
    const person = await container.donors.register.lookup(parsed.canonical);
    if (!person) return fail("Vi hittade ingen person med det personnumret. Fyll i namn och adress själv.", 404);
    const address = person.protectedIdentity ? null : (person.address ?? null);
    return {
      result: replyWithValues(submission, {
        name: `${person.givenName} ${person.surname}`,
        ...(address ? { street: address.street, postalCode: address.postalCode, city: address.city } : {}),
      }),
      notice: address ? "Vi har fyllt i ditt namn och din adress." : "Vi har fyllt i ditt namn.",
      status: 200,
    };
  } catch (error) {
    container.logger.warn({ event: "LookupIdentityFailed", err: error }, "identity look-up failed");
    return fail("Vi kunde inte hämta dina uppgifter just nu. Fyll i namn och adress själv.", 502);
  }
}
