import { parseDsn, publicDsn } from "../error-reporting/sentry-envelope";
import type { PublicClientConfig } from "./public-config";

const GTM_CONTAINER_ID = /^GTM-[A-Z0-9]{1,12}$/;

/**
 * The browser's configuration from the validated SENTRY_DSN and
 * GTM_CONTAINER_ID (server/config.ts, at run time and, for pre-rendered pages,
 * at build time): the DSN without its secret. Values the browser cannot use
 * are dropped rather than passed on.
 */
export function publicClientConfig(env: Record<string, string | undefined>): PublicClientConfig {
  const dsn = env.SENTRY_DSN ? parseDsn(env.SENTRY_DSN) : null;
  const gtm = env.GTM_CONTAINER_ID?.trim() ?? "";
  return {
    sentryDsn: dsn ? publicDsn(dsn) : null,
    gtmContainerId: GTM_CONTAINER_ID.test(gtm) ? gtm : null,
  };
}
