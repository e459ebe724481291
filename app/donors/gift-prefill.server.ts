import type { RouterContextProvider } from "react-router";
import { containerContext } from "../context";

/**
 * What a gift form can fill in for a donor who is logged in with BankID: the
 * same field names as the gift form, so the form can use it as its initial
 * values. Null for everyone else. No address for a protected identity (there
 * is none stored).
 */
export async function donorPrefill(context: Readonly<RouterContextProvider>, request: Request): Promise<Record<string, string> | null> {
  const session = await context.get(containerContext).donors.sessions.current(request.headers.get("cookie"));
  if (!session) return null;
  const { donor } = session;
  const prefill: Record<string, string> = { name: `${donor.given_name} ${donor.surname}`.trim() };
  if (donor.email) prefill.email = donor.email;
  if (donor.personnummer) prefill.personnummer = `${donor.personnummer.slice(0, 8)}-${donor.personnummer.slice(8)}`;
  if (!donor.protected_identity && donor.street && donor.postal_code && donor.city) {
    Object.assign(prefill, { street: donor.street, postalCode: donor.postal_code, city: donor.city });
  }
  return prefill;
}
