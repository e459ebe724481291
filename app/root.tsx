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
} from "react-router";
import type { Route } from "./+types/root";
import { layoutData, type LayoutData } from "./site.server";
import { useNonce } from "./nonce";
import { SiteHeader } from "./components/site-header";
import { SiteFooter } from "./components/site-footer";
import { RouteAnnouncer } from "./components/route-announcer";
import { ErrorPage } from "./components/error-page";
import { useNavigationRecovery } from "./navigation/use-navigation-recovery";
import { themeCss } from "./styles/theme";
import "./styles/global.css";

export function loader({ request }: Route.LoaderArgs) {
  return layoutData(new URL(request.url).pathname.startsWith("/en/") ? "en" : "sv");
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Pages say which language they are in through their route handle or their loader data's `lang`. */
export interface PageHandle {
  lang?: "sv" | "en";
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
  const data = useRouteLoaderData<LayoutData>("root");
  const lang = usePageLanguage();
  useNavigationRecovery();
  useMarkHydrated();
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#000000" />
        <Meta />
        <Links />
        {data && <style nonce={nonce} dangerouslySetInnerHTML={{ __html: themeCss(data.site.colours) }} />}
      </head>
      <body>
        <a className="skip-link" href="#huvudinnehall">
          {lang === "en" ? "Skip to content" : "Hoppa till innehållet"}
        </a>
        <SiteHeader data={data} lang={lang} />
        <main id="huvudinnehall" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter data={data} lang={lang} />
        <RouteAnnouncer lang={lang} />
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
