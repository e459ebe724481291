import { parseDsn, publicDsn } from "../error-reporting/sentry-envelope";
import type { PublicClientConfig } from "./public-config";

const GTM_CONTAINER_ID = /^GTM-[A-Z0-9]{1,12}$/;

/**
 * The browser's configuration from the environment. Runs at build time (for
 * pre-rendered pages) and on the server, so it reads the environment directly
 * instead of the validated server configuration, and drops values it cannot
 * use rather than failing the build. server/config.ts rejects the same bad
 * values at start, so a deployment cannot run with them.
 */
export function publicClientConfig(env: Record<string, string | undefined>): PublicClientConfig {
  const dsn = env.SENTRY_DSN ? parseDsn(env.SENTRY_DSN) : null;
  const gtm = env.GTM_CONTAINER_ID?.trim() ?? "";
  return {
    sentryDsn: dsn ? publicDsn(dsn) : null,
    gtmContainerId: GTM_CONTAINER_ID.test(gtm) ? gtm : null,
  };
}
