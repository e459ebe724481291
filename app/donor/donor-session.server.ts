import { data, redirect, type RouterContextProvider } from "react-router";
import { clientIpContext, containerContext } from "../context";
import type { AppContainer } from "#server/container";
import type { CurrentSession } from "#core/donors/session-service";
import { isSameOriginRequest, originHeadersOf } from "#core/donors/same-origin";

/** The logged-in donor for a page, or a redirect to the login page that comes back here afterwards. */
export async function requireDonor(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<{ container: AppContainer; session: CurrentSession }> {
  const container = context.get(containerContext);
  const session = await container.donors.sessions.current(request.headers.get("cookie"));
  if (!session) {
    const url = new URL(request.url);
    const hadCookie = (request.headers.get("cookie") ?? "").includes(container.donors.sessions.cookie);
    const params = new URLSearchParams({ returnTo: `${url.pathname}${url.search}` });
    if (hadCookie) params.set("utgangen", "1");
    throw redirect(`/logga-in?${params.toString()}`);
  }
  return { container, session };
}

export async function optionalDonor(context: Readonly<RouterContextProvider>, request: Request): Promise<CurrentSession | null> {
  return context.get(containerContext).donors.sessions.current(request.headers.get("cookie"));
}

/** Refuses a POST that a browser says came from another site (CSRF defence on top of SameSite=Lax). */
export function assertSameOrigin(context: Readonly<RouterContextProvider>, request: Request): void {
  const container = context.get(containerContext);
  if (!isSameOriginRequest(originHeadersOf(request), container.config.publicUrl)) {
    throw data("Förfrågan kom från en annan webbplats.", { status: 403 });
  }
}

export function clientIp(context: Readonly<RouterContextProvider>): string {
  return context.get(clientIpContext) || "127.0.0.1";
}

/** Pages with personal data: never stored by the browser or a proxy, never indexed. */
export const PRIVATE_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } as const;

/**
 * A private page whose address carries a token (My data, a raise or new-card
 * link, a collection's manage link): the address is never sent on to another
 * site. Not no-referrer: that makes the browser send "Origin: null" with the
 * page's own posts, which the same-origin check refuses, so their forms failed
 * without JavaScript.
 */
export const TOKEN_PAGE_HEADERS = { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" } as const;

/** A token page's status for a link that does not work: forged or altered 401, expired or replaced 410. */
export const TOKEN_FAILURE_STATUS = { invalid: 401, expired: 410, revoked: 410 } as const;
