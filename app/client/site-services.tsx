import { type ComponentType, type ReactNode, Suspense, lazy, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { ConsentBanner } from "../consent/consent-banner";
import { CONSENT_SETTINGS_PATH } from "../consent/consent-form";
import { documentCookieJar } from "../consent/cookie-jar";
import { TRACKING_COOKIES } from "../consent/tracking-cookies";
import { SlowNavigationNotice } from "../loading/slow-navigation-notice";
import { afterLoadWhenIdle } from "../navigation/after-load-when-idle";
import { PREFETCH_INTERVAL_MS } from "../prefetch/prefetch-scheduler";
import { mayTrack } from "../tracking/may-track";
import { ClientShellContext, useClientShell, useConsent } from "./client-shell-context";
import { type ClientShell, createClientShell } from "./client-shell";
import type { ClientServicesProps } from "./client-services";
import { createConsentStore } from "./consent-store";
import type { PublicClientConfig } from "./public-config";

/**
 * Creates the client shell once, in the browser only (the server renders
 * without it), and makes it available to every route below the root layout.
 */
export function ClientShellProvider({ children }: { children: ReactNode }) {
  const [shell] = useState<ClientShell | null>(() => {
    if (typeof document === "undefined") return null;
    const secure = window.location.protocol === "https:";
    return createClientShell(createConsentStore(documentCookieJar(document, { secure }), { secure }));
  });
  return <ClientShellContext.Provider value={shell}>{children}</ClientShellContext.Provider>;
}

/** The longest the service worker's registration waits for an idle moment after load. */
const SERVICE_WORKER_IDLE_TIMEOUT_MS = 5_000;

/** The services chunk; if it cannot load the page still works and API calls go out unreported. */
function lazyClientServices(shell: ClientShell) {
  return lazy<ComponentType<ClientServicesProps>>(() =>
    import("./client-services").catch((error: unknown) => {
      shell.fail(error);
      return { default: () => null };
    }),
  );
}

// Without this chunk (offline, after a deploy) pages simply load when clicked.
const Prefetcher = lazy<ComponentType<{ nonce: string | undefined }>>(() =>
  import("./prefetcher").catch(() => ({ default: () => null })),
);

/**
 * What the root layout shows and runs around every page besides header and
 * footer. Every piece loads its code only when it has work to do, so content
 * pages stay light:
 * - the consent banner, in the served HTML (see consent/consent-ask-script.tsx)
 *   and after hydration while no choice is stored;
 * - the "Sidan laddas…" notice for slow navigations;
 * - the services chunk, once tracking is allowed, tracking cookies must be
 *   removed, an API call is made or an error is to be reported;
 * - prefetching and the service worker after the page has loaded;
 * - animate-on-scroll when the page has `data-aos` elements.
 */
export function SiteServices({ config }: { config: PublicClientConfig }) {
  const shell = useClientShell();
  const location = useLocation();
  const consent = useConsent();
  const [Services, setServices] = useState<ReturnType<typeof lazyClientServices> | null>(null);
  const [servicesWanted, setServicesWanted] = useState(false);

  useEffect(() => shell?.onNeeded(() => setServicesWanted(true)), [shell]);
  useEffect(() => {
    if (mayTrack(consent) || (consent !== undefined && hasTrackingCookies())) setServicesWanted(true);
  }, [consent]);
  useEffect(() => {
    if (servicesWanted && shell && !Services) setServices(() => lazyClientServices(shell));
  }, [servicesWanted, shell, Services]);

  useErrorReporting(shell, config.sentryDsn !== null);
  const loaded = usePageLoaded();
  useServiceWorker(import.meta.env.PROD);
  const prefetchNow = useDelayedIdle(loaded, PREFETCH_INTERVAL_MS);
  useAnimateOnScroll(location.pathname);
  const [nonce] = useState(() =>
    typeof document === "undefined"
      ? undefined
      : document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined,
  );

  // Rendered on the server and during hydration too (consent is `undefined`
  // until then), so it is painted with the page. The settings page is the
  // banner's own content; showing both would ask twice.
  const showBanner = (consent === null || consent === undefined) && location.pathname !== CONSENT_SETTINGS_PATH;
  return (
    <>
      {showBanner && (
        <ConsentBanner returnTo={location.pathname + location.search} onChoose={shell?.consent.choose} />
      )}
      <SlowNavigationNotice />
      {Services && shell && (
        <Suspense fallback={null}>
          <Services shell={shell} config={config} />
        </Suspense>
      )}
      {prefetchNow && (
        <Suspense fallback={null}>
          <Prefetcher nonce={nonce} />
        </Suspense>
      )}
    </>
  );
}

function hasTrackingCookies(): boolean {
  const jar = documentCookieJar(document, { secure: false });
  return Object.values(TRACKING_COOKIES).some((name) => jar.get(name) !== undefined);
}

/** With a DSN, uncaught errors go to error reporting (which then loads); without, the console shows them. */
function useErrorReporting(shell: ClientShell | null, enabled: boolean): void {
  useEffect(() => {
    if (!shell || !enabled) return;
    const onError = (event: ErrorEvent) =>
      shell.captureError(event.error ?? event.message, window.location.href, "onerror");
    const onRejection = (event: PromiseRejectionEvent) =>
      shell.captureError(event.reason, window.location.href, "unhandledrejection");
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, [shell, enabled]);
}

/** True once the window's load event has fired. */
function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (document.readyState === "complete") {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener("load", onLoad, { once: true });
    return () => window.removeEventListener("load", onLoad);
  }, []);
  return loaded;
}

/**
 * Registers /sw.js after the load event and once the browser is idle, as is
 * good practice: the worker's start-up must not compete with the page. The
 * load event often comes before hydration (the scripts start after the first
 * paint, app/document/hydrate-after-first-paint.ts), so waiting for it alone
 * would put the registration into hydration's own task. Production builds
 * only (a development worker would cache Vite's files).
 */
function useServiceWorker(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    return afterLoadWhenIdle(
      window,
      () =>
        void import("../offline/register-service-worker").then(
          ({ registerServiceWorker }) =>
            registerServiceWorker({
              location: window.location,
              navigator: window.navigator,
              logger: { error: (message, ...details) => console.error(message, ...details) },
            }),
          (error: unknown) => console.error("Error during service worker registration:", error),
        ),
      SERVICE_WORKER_IDLE_TIMEOUT_MS,
    );
  }, [enabled]);
}

/**
 * Prefetching starts one interval after the page has loaded, when the browser
 * is idle: it must never compete with the page's own files on a slow phone.
 */
function useDelayedIdle(start: boolean, delayMs: number): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!start) return;
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === "function") {
        idle = window.requestIdleCallback(() => setReady(true), { timeout: delayMs });
      } else setReady(true);
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [start, delayMs]);
  return ready;
}

/** Elements marked `data-aos` fade in as they scroll into view; pages without any load nothing for it. */
function useAnimateOnScroll(pathname: string): void {
  useEffect(() => {
    const elements = document.querySelectorAll<HTMLElement>("[data-aos]");
    if (elements.length === 0) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("../loading/animate-on-scroll").then(({ animateOnScroll }) => {
      if (cancelled) return;
      stop = animateOnScroll(elements, {
        matchMedia: (query) => window.matchMedia(query),
        createObserver:
          typeof IntersectionObserver === "undefined"
            ? undefined
            : (callback) => new IntersectionObserver(callback, { rootMargin: "0px 0px -10% 0px" }),
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [pathname]);
}
