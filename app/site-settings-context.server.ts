import { createContext } from "react-router";
import type { SiteSettings } from "./site-settings";

/**
 * Set by vite.config.ts from the build's environment, validated by
 * server/config.ts like the server's own configuration. Absent outside a Vite
 * build (e.g. in unit tests), where the context then has no default.
 */
declare const __BUILD_SITE_SETTINGS__: SiteSettings | undefined;

const BUILD_TIME_SETTINGS = typeof __BUILD_SITE_SETTINGS__ === "undefined" ? undefined : __BUILD_SITE_SETTINGS__;

/**
 * The site settings for loaders. At run time `createLoadContext`
 * (app/load-context.server.ts) sets the server's values; pre-rendering at build time
 * runs without the server, so it gets the build-time values as the default.
 */
export const siteSettingsContext = BUILD_TIME_SETTINGS ? createContext<SiteSettings>(BUILD_TIME_SETTINGS) : createContext<SiteSettings>();
