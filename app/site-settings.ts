import type { SiteConfig } from "#core/site/site-config";
import type { PublicClientConfig } from "./client/public-config";

/**
 * What pages show of the configuration: the charity's name, numbers and
 * colours, and the browser's public settings. Loaders read it from
 * `siteSettingsContext` (app/site-settings-context.server.ts): the server sets
 * it from its validated configuration on every request; pages pre-rendered at
 * build time get the values the build baked in (decision 0009).
 */
export interface SiteSettings {
  site: SiteConfig;
  client: PublicClientConfig;
}
