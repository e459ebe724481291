import { RouterContextProvider } from "react-router";
import type { AppContainer } from "#server/container";
import { clientIpContext, containerContext, freshTokenContext, nonceContext } from "./context";
import { siteSettingsContext } from "./site-settings-context.server";

/**
 * Each request's context for loaders and actions, built by the server
 * (server/app.ts). The server and the routes are one module graph (decision
 * 0036), so the context keys set here are the very objects the routes read.
 */
export function createLoadContext(container: AppContainer, nonce: string, clientIp = "", freshToken?: () => string): RouterContextProvider {
  const context = new RouterContextProvider();
  if (freshToken) context.set(freshTokenContext, freshToken);
  context.set(containerContext, container);
  context.set(nonceContext, nonce);
  context.set(clientIpContext, clientIp);
  context.set(siteSettingsContext, container.siteSettings);
  return context;
}
