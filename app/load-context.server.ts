import { RouterContextProvider } from "react-router";
import type { AppContainer } from "#server/container";
import { clientIpContext, containerContext, freshTokenContext, nonceContext, prefillStandInContext } from "./context";
import { siteSettingsContext } from "./site-settings-context.server";

/**
 * Each request's context for loaders and actions, built by the server
 * (server/app.ts). The server and the routes are one module graph (decision
 * 0036), so the context keys set here are the very objects the routes read.
 * `standIns`: a page rendered to be kept (server/page-cache.ts) – stand-ins
 * for fresh tokens, and for a logged-in donor's details on a page kept for
 * logged-in donors (server/donor-kept-pages.ts).
 */
export function createLoadContext(
  container: AppContainer,
  nonce: string,
  clientIp = "",
  standIns?: { freshToken: () => string; donorDetails?: Readonly<Record<string, string>> },
): RouterContextProvider {
  const context = new RouterContextProvider();
  if (standIns) context.set(freshTokenContext, standIns.freshToken);
  if (standIns?.donorDetails) context.set(prefillStandInContext, standIns.donorDetails);
  context.set(containerContext, container);
  context.set(nonceContext, nonce);
  context.set(clientIpContext, clientIp);
  context.set(siteSettingsContext, container.siteSettings);
  return context;
}
