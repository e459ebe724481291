import type { ChatWidget } from "../consent/consent-controller";
import { documentCookieJar } from "../consent/cookie-jar";
import { TRACKING_COOKIES, removeTrackingCookies } from "../consent/tracking-cookies";
import { createApiCall } from "../error-reporting/api-call";
import { mayTrack } from "../tracking/may-track";
import type { RouteChangeTracker } from "../tracking/route-change";
import type { ClientServices, ClientShell } from "./client-shell";
import { createLazyReporter } from "./lazy-reporter";
import type { PublicClientConfig } from "./public-config";
import type { TrackingRuntime } from "./tracking-runtime";

export interface ClientRuntimeDeps {
  win: Window;
  doc: Document;
  config: PublicClientConfig;
  shell: ClientShell;
  /** The chat widget, looked up when consent is withdrawn. */
  chatWidget: () => ChatWidget | null;
}

export interface ClientRuntime {
  services: ClientServices;
  /** Forwards to the tracking runtime once it is loaded (with consent). */
  routeChanges: RouteChangeTracker;
  /** Provides the services to the shell and starts listening; returns the function that stops. */
  start(): () => void;
  /** A client-side navigation has happened; `previousUrl` is the page that was left. */
  navigated(previousUrl: string): void;
  /** Resolves when loading triggered so far has settled (for tests). */
  settled(): Promise<void>;
}

/**
 * The browser services every page runs: the API-call wrapper with error
 * reporting (the reporter itself loads at the first error), the service
 * worker, and the consent controller's trigger. Tracking code is a separate
 * chunk (tracking-runtime.ts) loaded only with consent, so a visitor who has
 * not consented downloads none of it. Building this has no side effects;
 * `start` has them.
 */
export function createClientRuntime(deps: ClientRuntimeDeps): ClientRuntime {
  const { win, doc, config, shell } = deps;
  const secure = win.location.protocol === "https:";
  const jar = documentCookieJar(doc, { secure });
  const consent = () => shell.consent.getSnapshot();
  const fetchImpl: typeof fetch = (input, init) => win.fetch(input, init);

  const reporter = createLazyReporter(async () => {
    const [{ createErrorReporter, consoleLogger }, envelope] = await Promise.all([
      import("../error-reporting/error-reporter"),
      config.sentryDsn ? import("../error-reporting/sentry-envelope") : null,
    ]);
    return createErrorReporter({
      dsn: config.sentryDsn,
      send: envelope && config.sentryDsn ? envelope.sentryEnvelopeTransport(config.sentryDsn, fetchImpl) : () => {},
      logger: consoleLogger,
      platform: "javascript",
    });
  });

  let tracking: TrackingRuntime | null = null;
  let trackingLoad: Promise<TrackingRuntime | null> | null = null;
  let stopTracking: (() => void) | null = null;
  let started = false;

  const apiCall = createApiCall({ reporter, trackFailure: (name) => tracking?.dataLayer.failure(name) });

  const loadTracking = () =>
    (trackingLoad ??= import("./tracking-runtime").then(
      ({ createTrackingRuntime }) => {
        tracking = createTrackingRuntime({
          win,
          doc,
          gtmContainerId: config.gtmContainerId,
          consent,
          jar,
          secure,
          apiCall,
          chatWidget: deps.chatWidget,
        });
        if (started) stopTracking = tracking.start();
        return tracking;
      },
      (error: unknown) => {
        trackingLoad = null;
        console.error("Tracking could not be loaded", error);
        return null;
      },
    ));

  const apply = () => {
    const current = consent();
    if (mayTrack(current)) {
      void loadTracking().then((runtime) => runtime?.apply(consent()));
    } else if (tracking) {
      tracking.apply(current);
    } else if (Object.values(TRACKING_COOKIES).some((name) => jar.get(name) !== undefined)) {
      // Left from an earlier consent (withdrawn elsewhere): undo it without loading the tracking code.
      removeTrackingCookies(jar, { secure });
    }
  };

  const services: ClientServices = {
    apiCall,
    reporter,
    tracking: async () => (mayTrack(consent()) ? loadTracking() : null),
  };

  return {
    services,
    routeChanges: {
      routeUpdated: (page) => tracking?.routeChanges.routeUpdated(page),
      dispose: () => tracking?.routeChanges.dispose(),
    },
    start() {
      started = true;
      shell.provide(services);
      if (tracking && !stopTracking) stopTracking = tracking.start();
      apply();
      const unsubscribe = shell.consent.subscribe(apply);
      // A choice made in another tab is in the cookie; pick it up when this tab is shown again.
      const onVisible = () => {
        if (doc.visibilityState === "visible") apply();
      };
      doc.addEventListener("visibilitychange", onVisible);
      return () => {
        started = false;
        unsubscribe();
        doc.removeEventListener("visibilitychange", onVisible);
        stopTracking?.();
        stopTracking = null;
      };
    },
    navigated(previousUrl) {
      reporter.addBreadcrumb({ category: "navigation", message: win.location.pathname, level: "info" });
      tracking?.navigated(previousUrl);
    },
    async settled() {
      await trackingLoad;
    },
  };
}
