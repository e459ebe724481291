import type { Transaction } from "kysely";
import { data, redirect, type RouterContextProvider } from "react-router";
import { containerContext } from "../context";
import { assertSameOrigin, clientIp } from "../donor/donor-session.server";
import type { AppContainer } from "#server/container";
import type { DB } from "#db/schema";
import type { Actor, AuditEntry } from "#core/audit/audit-log";
import type { StaffMember } from "#core/staff/staff-repository";
import { ROLE_LABELS, type StaffRole } from "#core/staff/staff-roles";

export interface StaffRequest {
  container: AppContainer;
  staff: StaffMember;
  actor: Actor;
  /** Writes an audit entry for this staff member (inside `trx` when the change runs in one). */
  audit(entry: AuditEntry, trx?: Transaction<DB>): Promise<void>;
}

/** Any signed-in staff member, whatever their roles (the overview, signing out). */
export const ANY_STAFF = "any";

/**
 * The one guard every back-office loader and action goes through. The staff
 * session is read from its own cookie and checked against the address it was
 * started from; the role is read from the database, never from the request.
 * No session: to the sign-in page. Wrong role: 403, and the refusal is written
 * to the audit log. POSTs from another site are refused before anything else.
 */
export async function requireStaff(
  context: Readonly<RouterContextProvider>,
  request: Request,
  role: StaffRole | typeof ANY_STAFF,
): Promise<StaffRequest> {
  const container = context.get(containerContext);
  const ip = clientIp(context);
  const url = new URL(request.url);
  const path = `${url.pathname}${url.search}`;
  const { sessions, audit } = container.staff;
  if (request.method !== "GET" && request.method !== "HEAD") {
    try {
      assertSameOrigin(context, request);
    } catch (refusal) {
      await audit.record({ staffId: null, staffName: null, ip }, { action: "request.cross_origin", outcome: "refused", details: { path, method: request.method } });
      throw refusal;
    }
  }
  const session = await sessions.check(request.headers.get("cookie"), ip);
  if (session.state !== "active") {
    if (session.state === "moved") {
      await audit.record({ staffId: session.staffId, staffName: null, ip }, { action: "session.other_address", outcome: "refused", details: { path } });
    } else if (request.method !== "GET" && request.method !== "HEAD") {
      await audit.record({ staffId: null, staffName: null, ip }, { action: "request.not_signed_in", outcome: "refused", details: { path, method: request.method } });
    }
    const params = new URLSearchParams({ returnTo: request.method === "GET" ? path : "/admin" });
    if (session.state !== "none") params.set("utgangen", "1");
    throw redirect(`/admin/logga-in?${params.toString()}`, { headers: session.state === "none" ? {} : { "Set-Cookie": await sessions.logout(null) } });
  }
  const staff = session.staff;
  const actor: Actor = { staffId: staff.id, staffName: staff.name, ip };
  if (role !== ANY_STAFF && !staff.roles.includes(role)) {
    await audit.record(actor, { action: "access.denied", outcome: "refused", details: { path, method: request.method, needs: role } });
    throw data(`Den här delen kräver rollen ${ROLE_LABELS[role]}. Be en administratör om behörighet om du behöver den.`, { status: 403 });
  }
  return { container, staff, actor, audit: (entry, trx) => audit.record(actor, entry, trx) };
}

/** Back-office pages: never cached, never indexed, never framed. */
export const ADMIN_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;
