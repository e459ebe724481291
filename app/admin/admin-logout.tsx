import { redirect } from "react-router";
import type { Route } from "./+types/admin-logout";
import { containerContext } from "../context";
import { assertSameOrigin, clientIp } from "../donor/donor-session.server";

/** Signing out is a POST; a GET goes back to the back office. */
export function loader() {
  return redirect("/admin");
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const { sessions, audit } = context.get(containerContext).staff;
  const cookie = request.headers.get("cookie");
  const ip = clientIp(context);
  const session = await sessions.check(cookie, ip);
  if (session.state === "active") {
    await audit.record({ staffId: session.staff.id, staffName: session.staff.name, ip }, { action: "staff.sign_out", subjectType: "staff", subjectId: session.staff.id });
  }
  return redirect("/admin/logga-in?utloggad=1", { status: 303, headers: { "Set-Cookie": await sessions.logout(cookie) } });
}
