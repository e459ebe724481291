/**
 * Configuration the browser needs, handed over in the root loader's data.
 *
 * Careful: the root loader's data is baked into every pre-rendered page at
 * build time. These values therefore come from the *build* environment for
 * pre-rendered pages and from the server's environment for pages rendered per
 * request: set them to the same values in both, and rebuild when they change
 * (docs/decisions/0005-consent-and-tracking.md). Only public values belong
 * here: a Sentry DSN's public key is public by design (its secret, if any, is
 * removed) and a Tag Manager container id is visible in any page using it.
 */
export interface PublicClientConfig {
  /** Sentry DSN without secret, or null: the browser then only logs errors to the console. */
  sentryDsn: string | null;
  /** Google Tag Manager container id, or null: then no tag manager is ever loaded. */
  gtmContainerId: string | null;
}

export const NO_CLIENT_CONFIG: PublicClientConfig = Object.freeze({
  sentryDsn: null,
  gtmContainerId: null,
});
