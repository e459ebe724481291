import { data, redirect, type RouterContextProvider } from "react-router";
import { containerContext } from "../../context";
import { assertSameOrigin, clientIp } from "../../donor/donor-session.server";
import { BankIdStartError, type PollResult } from "#core/donors/bankid-login";
import { bankIdQrSvg } from "#integrations/bankid/qr-image";
import type { SignInOrderView } from "./bankid-sign-in";

/**
 * The one BankID sign-in flow, for donors (/logga-in, order kind "auth") and
 * staff (/admin/logga-in, kind "staff"). Both pages start, follow and cancel
 * an order the same way, with or without JavaScript: the start and the cancel
 * are form posts to the page's action, the page's loader asks BankID where the
 * order stands, and the page reloads its data every second while BankID waits
 * (with JavaScript) or refreshes itself (without). What differs is only what a
 * completed identification becomes – a donor session or a staff session – and
 * that is the page's own loader's business.
 */
export interface SignInFlow {
  orderKind: "auth" | "staff";
  /** The page's own path, where a start or cancel returns. */
  pagePath: string;
  /** Where the BankID app sends someone who identified on this device. */
  returnUrl?: string;
  /** The refusal at the BankID start limit. */
  tooManyStarts: string;
}

/** Added to the page's address after a same-device start: the page opens the BankID app at once (BankID's guidelines). */
const OPEN_APP_PARAM = "oppna";

/**
 * This browser's sign-in order of the flow's kind – the one in the address, or
 * the newest it started (back from the BankID app) – as BankID sees it now.
 */
export async function currentSignInOrder(
  context: Readonly<RouterContextProvider>,
  request: Request,
  flow: SignInFlow,
): Promise<{ browserId: string; order: PollResult | null }> {
  const { bankId } = context.get(containerContext).donors;
  const browser = bankId.browserId(request.headers.get("cookie"));
  // A browser without the cookie has started nothing; the cookie is set when it starts an order (signInAction).
  if (browser.setCookie) return { browserId: browser.id, order: null };
  const orderRef = new URL(request.url).searchParams.get("order");
  const row = orderRef ? await bankId.order(orderRef, browser.id) : await bankId.latestOrder(browser.id);
  // Back from the app without an order in the address, only a live, unused order counts.
  const wanted = row?.kind === flow.orderKind && (orderRef !== null || (row.status !== "failed" && !row.consumed_at));
  return { browserId: browser.id, order: wanted ? await bankId.poll(row.order_ref, browser.id) : null };
}

/** What the page shows of an order that is not complete. */
export async function signInOrderView(order: PollResult | null, request: Request): Promise<SignInOrderView | null> {
  if (!order || order.status === "complete") return null;
  return {
    orderRef: order.orderRef,
    status: order.status,
    message: order.message?.text ?? null,
    sameDevice: order.sameDevice,
    autoStartUrl: order.autoStartUrl,
    qr: order.qr,
    qrSvg: order.qr ? await bankIdQrSvg(order.qr) : null,
    openApp: order.status === "pending" && order.sameDevice && new URL(request.url).searchParams.get(OPEN_APP_PARAM) === "1",
  };
}

/** The page's action: start an order (within the start limit) or cancel one, then back to the page. */
export async function signInAction(context: Readonly<RouterContextProvider>, request: Request, flow: SignInFlow, returnTo: string, form: FormData) {
  assertSameOrigin(context, request);
  const container = context.get(containerContext);
  const { bankId, limits } = container.donors;
  const browser = bankId.browserId(request.headers.get("cookie"));
  const intent = form.get("intent");
  if (intent === "cancel") {
    await bankId.cancel(String(form.get("orderRef") ?? ""), browser.id);
    return redirect(`${flow.pagePath}?${new URLSearchParams({ returnTo })}`, 303);
  }
  if (intent !== "start") throw data("Okänd begäran.", { status: 400 });
  const ip = clientIp(context);
  if (!(await limits.bankIdStarts.hit(ip))) return data({ error: flow.tooManyStarts }, { status: 429 });
  const sameDevice = form.get("device") === "this";
  try {
    const order = await bankId.start(flow.orderKind, {
      endUserIp: ip,
      browserId: browser.id,
      sameDevice,
      ...(flow.returnUrl ? { returnUrl: flow.returnUrl } : {}),
    });
    const query = new URLSearchParams({ order: order.orderRef, returnTo, ...(sameDevice ? { [OPEN_APP_PARAM]: "1" } : {}) });
    const headers = browser.setCookie ? { "Set-Cookie": browser.setCookie } : undefined;
    return redirect(`${flow.pagePath}?${query}`, { status: 303, headers });
  } catch (error) {
    if (error instanceof BankIdStartError) return data({ error: error.userMessage.text }, { status: 502 });
    throw error;
  }
}
