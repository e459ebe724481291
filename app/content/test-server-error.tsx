import { data } from "react-router";
import type { Route } from "./+types/test-server-error";
import { containerContext } from "../context";

/**
 * Lets the end-to-end suite see the real 500 page. It exists only when
 * ENABLE_TEST_ROUTES is set; otherwise the address is an ordinary 404.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(containerContext);
  if (!config.ENABLE_TEST_ROUTES) throw data(null, { status: 404 });
  throw new Error("Deliberate server error for testing the error page");
}

export default function TestServerError() {
  return null;
}
