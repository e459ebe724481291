import type { SiteConfig } from "#core/site/site-config";
import { navigationFor, type Language, type NavigationItem } from "#core/content/content-library";

/** Where content Markdown lives, relative to the working directory the server runs in. */
export const CONTENT_DIR = "content";

export interface LayoutData {
  site: Pick<SiteConfig, "name" | "shortName" | "orgNumber" | "bankgiro" | "swishNumber" | "email" | "phone" | "postalAddress" | "colours">;
  mainNavigation: NavigationItem[];
  footerNavigation: NavigationItem[];
}

/**
 * The data every page's frame needs. It must not depend on the request, because
 * pre-rendered pages bake it in at build time; `site` comes from the site
 * settings context (app/site-settings-context.server.ts).
 */
export function layoutData(site: SiteConfig, lang: Language = "sv"): LayoutData {
  return {
    site,
    mainNavigation: navigationFor(CONTENT_DIR, "main", lang),
    footerNavigation: navigationFor(CONTENT_DIR, "footer", lang),
  };
}
