import type { Consent } from "../consent/consent";
import { type ChatWidget, createConsentController } from "../consent/consent-controller";
import type { CookieJar } from "../consent/cookie-jar";
import { randomUuid, readTrackingIds } from "../consent/tracking-cookies";
import { API_TIMEOUTS_MS, type ApiCall, ensureOk } from "../error-reporting/api-call";
import { browserBeaconDeps, sendJsonBeacon } from "../tracking/beacon";
import { type DataLayer, type DataLayerTarget, createDataLayer } from "../tracking/data-layer";
import type { ConsentSource } from "../tracking/may-track";
import { type RouteChangeTracker, createRouteChangeTracker } from "../tracking/route-change";
import { createTagManagerLoader, injectTagManager } from "../tracking/tag-manager";
import { createTimeOnPageTracker } from "../tracking/time-on-page";
import { type PageInfo, createWebEventSender } from "../tracking/web-events";

declare global {
  interface Window {
    dataLayer?: DataLayerTarget;
  }
}

export interface TrackingRuntimeDeps {
  win: Window;
  doc: Document;
  gtmContainerId: string | null;
  consent: ConsentSource;
  jar: CookieJar;
  secure: boolean;
  apiCall: ApiCall;
  chatWidget: () => ChatWidget | null;
}

export interface TrackingRuntime {
  dataLayer: DataLayer;
  routeChanges: RouteChangeTracker;
  /** The consent controller's transition (cookies, page view, chat, tag manager). */
  apply(consent: Consent | null): void;
  navigated(previousUrl: string): void;
  start(): () => void;
}

/**
 * Everything that only runs with tracking consent, as its own chunk: it is
 * loaded once the visitor has consented (or to undo tracking). Every piece
 * still asks `mayTrack` when it would send, so a withdrawal wins at once.
 */
export function createTrackingRuntime(deps: TrackingRuntimeDeps): TrackingRuntime {
  const { win, doc, consent, jar, secure, apiCall } = deps;
  const fetchImpl: typeof fetch = (input, init) => win.fetch(input, init);
  const dataLayerTarget = () => (win.dataLayer ??= []);
  const dataLayer = createDataLayer({ target: dataLayerTarget, consent });

  const webEvents = createWebEventSender({
    consent,
    trackingIds: () => readTrackingIds(jar),
    randomId: randomUuid,
    post: (path, body) =>
      apiCall(
        "RegisterWebEvent",
        "RegisterWebEventFailed",
        async (signal) =>
          ensureOk(
            "RegisterWebEvent",
            await fetchImpl(path, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(body),
              credentials: "same-origin",
              signal,
            }),
          ),
        { timeoutMs: API_TIMEOUTS_MS.main },
      ),
    beacon: (path, body) => void sendJsonBeacon(path, body, browserBeaconDeps(win.navigator, fetchImpl)),
  });
  const pageInfo = (referrer: string): PageInfo => ({
    currentUrl: win.location.href,
    referrer,
    useragent: win.navigator.userAgent,
  });

  // Scripts we add must carry the page's nonce; the browser exposes it only as a property.
  const nonce = doc.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
  const tagManager = createTagManagerLoader(deps.gtmContainerId, nonce);
  let tagManagerLoaded = false;

  const controller = createConsentController({
    jar,
    secure,
    randomId: randomUuid,
    now: () => new Date(),
    registerPageView: (ids) => webEvents.pageView(pageInfo(doc.referrer), ids).then(() => undefined),
    chatWidget: deps.chatWidget,
    onTrackingChange: (allowed) => {
      if (allowed) {
        if (injectTagManager(doc, dataLayerTarget(), tagManager, consent(), Date.now())) tagManagerLoaded = true;
      } else if (tagManagerLoaded) {
        // A loaded tag manager cannot be unloaded: a fresh page is the only way to stop it.
        win.location.reload();
      }
    },
  });

  const timeOnPage = createTimeOnPageTracker({
    now: () => win.performance.now(),
    currentUrl: () => win.location.href,
    send: (url, elapsedMs) => void webEvents.timeOnPage(url, elapsedMs),
  });
  const routeChanges = createRouteChangeTracker(dataLayer);

  return {
    dataLayer,
    routeChanges,
    apply: (current) => controller.apply(current),
    navigated(previousUrl) {
      timeOnPage.pageChanged();
      dataLayer.virtualPageView({ page: win.location.pathname + win.location.search, title: doc.title });
      webEvents.pageView(pageInfo(previousUrl)).catch(() => {
        // Reported by apiCall; a lost page view must not disturb the visitor.
      });
    },
    start: () => timeOnPage.attach(win, doc),
  };
}
