import { useEffect, type ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
  useMatches,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { layoutData, type LayoutData } from "./site.server";
import { useNonce } from "./nonce";
import { SiteHeader } from "./components/site-header";
import { StaffHeader } from "./components/staff-header";
import { SITE_FOOTER_ID, SiteFooter } from "./components/site-footer";
import { RouteAnnouncer } from "./components/route-announcer";
import { ErrorPage } from "./components/error-page";
import { useNavigationRecovery } from "./navigation/use-navigation-recovery";
import { ClientShellProvider, SiteServices } from "./client/site-services";
import { NO_CLIENT_CONFIG, type PublicClientConfig } from "./client/public-config";
import { siteSettingsContext } from "./site-settings-context.server";
import { themeCss } from "./styles/theme";
import { SiteStylesheet } from "./styles/site-stylesheet";
import { ConsentAskScript } from "./consent/consent-ask-script";
import { HYDRATED_MARK } from "./document/hydrated-mark";

export function loader({ request, context }: Route.LoaderArgs) {
  // Baked into pre-rendered pages at build time: see app/site-settings.ts and app/client/public-config.ts.
  const { site, client } = context.get(siteSettingsContext);
  return {
    ...layoutData(site, new URL(request.url).pathname.startsWith("/en/") ? "en" : "sv"),
    client,
  };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

/**
 * The layout data depends on the path only (its language), never on the query
 * string, so the search page's as-you-type navigations (which only change
 * ?query and ?page on /sok) do not fetch it again on every keystroke.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === "/sok" && nextUrl.pathname === "/sok") return false;
  return defaultShouldRevalidate;
}

/**
 * Pages say which language they are in through their route handle or their
 * loader data's `lang`; the back office says `chrome: "staff"` for its own
 * header and no public navigation, footer or consent banner.
 */
export interface PageHandle {
  lang?: "sv" | "en";
  chrome?: "site" | "staff";
}

function usePageChrome(): "site" | "staff" {
  const matches = useMatches();
  return matches.some((m) => (m.handle as PageHandle | undefined)?.chrome === "staff") ? "staff" : "site";
}

function usePageLanguage(): "sv" | "en" {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as PageHandle | undefined;
    if (handle?.lang) return handle.lang;
    const pageData = matches[i]?.loaderData as { lang?: unknown } | undefined;
    if (pageData?.lang === "en" || pageData?.lang === "sv") return pageData.lang;
  }
  return "sv";
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<LayoutData & { client?: PublicClientConfig }>("root");
  const lang = usePageLanguage();
  const chrome = usePageChrome();
  useNavigationRecovery();
  useMarkHydrated();
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/*
          No frame before the page is parsed down to the footer (the whole page is
          one TCP flight of compressed HTML): a paint in mid-parse would show the
          header without its menu and the page half-built, then shift it, and
          lay the page out twice. Browsers without rel=expect ignore it.
        */}
        <link rel="expect" href={`#${SITE_FOOTER_ID}`} blocking="render" />
        <meta name="theme-color" content={data?.site.colours.primary ?? "#ffffff"} />
        <Meta />
        <SiteStylesheet nonce={nonce} />
        <ConsentAskScript nonce={nonce} />
        <Links />
        {data && <style nonce={nonce} dangerouslySetInnerHTML={{ __html: themeCss(data.site.colours) }} />}
      </head>
      <body>
        <ClientShellProvider>
          <a className="skip-link" href="#huvudinnehall">
            {lang === "en" ? "Skip to content" : "Hoppa till innehållet"}
          </a>
          {chrome === "staff" ? (
            <StaffHeader data={data} />
          ) : (
            <>
              {/* Early in the document so keyboard users reach the consent banner first; it is fixed at the bottom. */}
              <SiteServices config={data?.client ?? NO_CLIENT_CONFIG} />
              <SiteHeader data={data} lang={lang} />
            </>
          )}
          <main id="huvudinnehall" tabIndex={-1}>
            {children}
          </main>
          {chrome === "site" && <SiteFooter data={data} lang={lang} />}
          <RouteAnnouncer lang={lang} />
        </ClientShellProvider>
        <ScrollRestoration nonce={nonce} getKey={scrollKeyByPath} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Scroll positions are remembered per path (spec), not per history entry. */
function scrollKeyByPath(location: { pathname: string }): string {
  return location.pathname;
}

/** Marks the document once React has taken over, for tests and for CSS that needs JavaScript. */
function useMarkHydrated(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    performance.mark(HYDRATED_MARK);
  }, []);
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data = useRouteLoaderData<LayoutData>("root");
  return <ErrorPage status={status} siteName={data?.site.shortName} />;
}
