import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { containerContext } from "../context";
import { assertSameOrigin } from "./donor-session.server";

/** Logging out is a POST (a link or a prefetch must never log anyone out); a GET goes back to Mina sidor. */
export function loader() {
  return redirect("/mina-sidor");
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(context, request);
  const { sessions } = context.get(containerContext).donors;
  const clear = await sessions.logout(request.headers.get("cookie"));
  return redirect("/logga-in?utloggad=1", { status: 303, headers: { "Set-Cookie": clear } });
}
