import type { RouterContextProvider } from "react-router";
import { containerContext } from "../context";
import { agreementView } from "#core/agreements/agreement-view";

/**
 * An extra gift paid now (issue #16, `extra_gift`): the one-off gift form,
 * opened from a monthly donor's agreement page with `?extra=<agreementId>`,
 * records the gift as type `extra` instead of `one_off`. Only the logged-in
 * donor whose monthly gift it is, while it runs, gives an extra gift; anyone
 * else gets the ordinary gift form. Checked in the loader and again in the action.
 */
export interface ExtraGiftFor {
  agreementId: string;
  monthlyAmountOre: number;
}

const LIVE = new Set(["active", "paused", "pending"]);

export async function extraGiftFor(
  context: Readonly<RouterContextProvider>,
  request: Request,
  agreementId: string | null,
): Promise<ExtraGiftFor | null> {
  if (!agreementId || !/^[0-9a-f-]{36}$/i.test(agreementId)) return null;
  const container = context.get(containerContext);
  const session = await container.donors.sessions.current(request.headers.get("cookie"));
  if (!session) return null;
  const view = await agreementView(container.db, agreementId, session.donor.id, container.clock.now());
  return view && LIVE.has(view.status) ? { agreementId: view.id, monthlyAmountOre: view.amountOre } : null;
}
