import type { RouterContextProvider } from "react-router";
import { containerContext } from "../context";
import { letterPrefillOfRequest } from "../paper/letter-prefill.server";

/** Where a gift form's filled-in details came from: a BankID login, or the link on a letter the charity sent. */
export type PrefillSource = "session" | "letter";

export interface DonorPrefill {
  /** The same field names as the gift forms, so a form can use them as its initial values. */
  values: Record<string, string>;
  from: PrefillSource;
}

/**
 * What a gift form can fill in for the visitor, or null for everyone else:
 *
 * - a donor logged in with BankID: name, e-mail, personnummer and address (no
 *   address for a protected identity – there is none stored);
 * - otherwise, a visitor who has just opened a letter's link (/brev/…, its
 *   short-lived cookie): the name and postal address the letter was sent to,
 *   nothing else (decision 0023).
 *
 * The login wins: a logged-in donor gives as themselves, so the form shows
 * the details the gift will be recorded under.
 */
export async function donorPrefill(context: Readonly<RouterContextProvider>, request: Request): Promise<DonorPrefill | null> {
  const container = context.get(containerContext);
  const session = await container.donors.sessions.current(request.headers.get("cookie"));
  if (!session) {
    const letter = await letterPrefillOfRequest(container, request);
    return letter ? { values: { name: letter.name, street: letter.street, postalCode: letter.postalCode, city: letter.city }, from: "letter" } : null;
  }
  const { donor } = session;
  const values: Record<string, string> = { name: `${donor.given_name} ${donor.surname}`.trim() };
  if (donor.email) values.email = donor.email;
  if (donor.personnummer) values.personnummer = `${donor.personnummer.slice(0, 8)}-${donor.personnummer.slice(8)}`;
  if (!donor.protected_identity && donor.street && donor.postal_code && donor.city) {
    Object.assign(values, { street: donor.street, postalCode: donor.postal_code, city: donor.city });
  }
  return { values, from: "session" };
}
