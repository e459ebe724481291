import type { Clock } from "../clock";
import type { AuditLog } from "../audit/audit-log";
import { parsePersonnummer } from "../identity/personnummer";
import type { StaffMember, StaffRepository } from "./staff-repository";
import type { StaffSessions } from "./staff-sessions";

export type StaffSignIn = { signedIn: true; member: StaffMember; setCookie: string } | { signedIn: false };

/**
 * What the back office does once BankID has proven who someone is: an active
 * staff member gets a staff session (bound to the address that signed in), with
 * their name as BankID gave it and the sign-in in the audit log; anyone else is
 * refused, and the attempt is logged. The sign-in page (app/admin/admin-login.tsx)
 * and the end-to-end suite's session route (server/test-routes.ts) both call it.
 */
export async function signInStaff(
  deps: { clock: Clock; members: StaffRepository; sessions: StaffSessions; audit: AuditLog },
  person: { personalNumber: string; name: string },
  from: { ip: string; cookie: string | null | undefined },
): Promise<StaffSignIn> {
  const canonical = parsePersonnummer(person.personalNumber, { now: deps.clock.now() })?.canonical;
  const member = canonical ? await deps.members.findActiveByPersonnummer(canonical) : undefined;
  if (!member) {
    await deps.audit.record({ staffId: null, staffName: null, ip: from.ip }, { action: "staff.sign_in", outcome: "refused", details: { reason: "not_staff" } });
    return { signedIn: false };
  }
  await deps.members.recordLogin(member.id, person.name);
  await deps.audit.record({ staffId: member.id, staffName: person.name, ip: from.ip }, { action: "staff.sign_in", subjectType: "staff", subjectId: member.id });
  return { signedIn: true, member, setCookie: await deps.sessions.login(member.id, from.ip, from.cookie) };
}
