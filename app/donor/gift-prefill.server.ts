import type { RouterContextProvider } from "react-router";
import type { DonorRow } from "#core/donors/donor-repository";
import { containerContext, prefillStandInContext } from "../context";
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
  // The gift form rendered to keep for logged-in donors: stand-ins, never a visitor's details (server/donor-kept-pages.ts).
  const standIns = context.get(prefillStandInContext);
  if (standIns) return { values: { ...standIns }, from: "session" };
  const container = context.get(containerContext);
  const session = await container.donors.sessions.current(request.headers.get("cookie"));
  if (!session) {
    const letter = await letterPrefillOfRequest(container, request);
    return letter ? { values: { name: letter.name, street: letter.street, postalCode: letter.postalCode, city: letter.city }, from: "letter" } : null;
  }
  return { values: donorDetails(session.donor), from: "session" };
}

/** A logged-in donor's details as the gift forms fill them in: name, and e-mail, personnummer and address where known. */
export function donorDetails(donor: DonorRow): Record<string, string> {
  const values: Record<string, string> = { name: `${donor.given_name} ${donor.surname}`.trim() };
  if (donor.email) values.email = donor.email;
  if (donor.personnummer) values.personnummer = `${donor.personnummer.slice(0, 8)}-${donor.personnummer.slice(8)}`;
  if (!donor.protected_identity && donor.street && donor.postal_code && donor.city) {
    Object.assign(values, { street: donor.street, postalCode: donor.postal_code, city: donor.city });
  }
  return values;
}
