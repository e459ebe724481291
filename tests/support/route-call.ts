import { RouterContextProvider } from "react-router";
import { clientIpContext, containerContext } from "#app/context";
import type { AppContainer } from "#server/container";

/**
 * Calling a route module's loader or action as React Router calls it – a
 * request, the app's context, the route's params – against a real container,
 * without a build: for integration tests of page forms.
 */
export type RouteHandler = (args: { request: Request; context: RouterContextProvider; params: Record<string, string> }) => Promise<unknown> | unknown;

/** The app's context for a request from `ip`. */
export function routeContext(container: AppContainer, ip: string): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(containerContext, container);
  provider.set(clientIpContext, ip);
  return provider;
}

/** What a loader or action answered or threw: a status, its headers and data, or a Response. */
// Test code reads the routes' data as it comes; asserting on it is the type check.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function outcome(run: () => Promise<unknown> | unknown): Promise<{ status: number; headers: Headers; data: any; response: Response | null }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, headers: value.headers, data: null, response: value };
  const wrapped = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped && wrapped.type === "DataWithResponseInit") {
    return { status: wrapped.init?.status ?? 200, headers: new Headers(wrapped.init?.headers), data: wrapped.data, response: null };
  }
  return { status: 200, headers: new Headers(), data: value, response: null };
}

/** A form posted to a route's action from `ip`, as a browser without JavaScript sends it (same origin). */
export function postForm(container: AppContainer, action: unknown, path: string, fields: Record<string, string>, ip: string, headers: Record<string, string> = {}) {
  const url = `${container.config.publicUrl}${path}`;
  const request = new Request(url, {
    method: "POST",
    headers: { origin: container.config.publicUrl, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
  return outcome(() => (action as RouteHandler)({ request, context: routeContext(container, ip), params: {} }));
}
