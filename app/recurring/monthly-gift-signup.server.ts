import type { RouterContextProvider } from "react-router";
import { containerContext } from "../context";
import { DbKeyValueStore } from "#db/kv-entries";
import type { MandateSigningDeps } from "#core/agreements/mandate-signing";

/**
 * What the monthly gift page needs to sign an autogiro mandate with BankID
 * (core/agreements/mandate-signing.ts does the signing): the services from
 * the container, and the browser's BankID binding from its cookie.
 */
export function mandateSigning(context: Readonly<RouterContextProvider>): MandateSigningDeps {
  const container = context.get(containerContext);
  return {
    db: container.db,
    clock: container.clock,
    logger: container.logger,
    bankId: container.donors.bankId,
    drafts: new DbKeyValueStore(container.db, container.clock),
    site: container.site,
  };
}

/** Where the BankID app returns a donor who signed on this device; the page finds the order by the browser's cookie. */
export const SIGNING_RETURN_PATH = "/ge-en-gava/manadsgava?fran=bankid";

/** The browser's BankID binding; `setCookie` when it had none and one was made. */
export function signingBrowser(context: Readonly<RouterContextProvider>, request: Request) {
  return context.get(containerContext).donors.bankId.browserId(request.headers.get("cookie"));
}

/** The signing order this browser started last, for a donor the BankID app sent back without its reference. */
export async function latestSigningOrder(context: Readonly<RouterContextProvider>, request: Request): Promise<string | null> {
  const browser = signingBrowser(context, request);
  if (browser.setCookie) return null;
  const row = await context.get(containerContext).donors.bankId.latestOrder(browser.id);
  return row?.kind === "sign" ? row.order_ref : null;
}
