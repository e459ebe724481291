import type { CookieJar } from "./cookie-jar";
import { type Consent, trackingAllowed } from "./consent";
import { writeConsent } from "./consent-cookie";
import { type TrackingIds, ensureTrackingCookies, removeTrackingCookies } from "./tracking-cookies";

/** The third-party chat widget, as far as consent is concerned. */
export interface ChatWidget {
  close(): void;
  remove(): void;
}

export interface ConsentControllerOptions {
  jar: CookieJar;
  secure: boolean;
  randomId: () => string;
  now: () => Date;
  /** Registers a page-view web event (POST /api/RegisterWebEvent); failures are the sender's business. */
  registerPageView: (ids: TrackingIds) => void | Promise<void>;
  /** Looked up when needed, because the widget may load after the controller is created. */
  chatWidget?: () => ChatWidget | null | undefined;
  /** Told after every transition, e.g. to load or unload the tag manager. */
  onTrackingChange?: (allowed: boolean) => void;
}

export interface ConsentController {
  /** Applies a consent read at page load (no cookie is written for the choice itself). */
  apply(consent: Consent | null): void;
  /** Stores a new choice in the consent cookie and applies it. */
  update(consent: Consent): void;
  /** Whether the last applied consent allows tracking. */
  readonly trackingAllowed: boolean;
}

/**
 * The spec's transition (section 4): with both statistics and marketing the
 * tracking cookies are set and a page-view event is registered; with either
 * missing the tracking cookies are removed and the chat widget is closed and
 * removed. Only changes act: applying the same state twice does nothing, so
 * callers may apply on every render or every consent-cookie read.
 */
export function createConsentController(options: ConsentControllerOptions): ConsentController {
  let allowed: boolean | null = null;

  const grant = () => {
    const ids = ensureTrackingCookies(options.jar, options);
    void Promise.resolve()
      .then(() => options.registerPageView(ids))
      .catch(() => {
        // Reported by the sender (apiCall); a lost page view must not break the page.
      });
  };

  const revoke = () => {
    removeTrackingCookies(options.jar, { secure: options.secure });
    const widget = options.chatWidget?.();
    if (widget) {
      try {
        widget.close();
      } finally {
        widget.remove();
      }
    }
  };

  const apply = (consent: Consent | null) => {
    const next = consent !== null && trackingAllowed(consent);
    if (next === allowed) return;
    allowed = next;
    if (next) grant();
    else revoke();
    options.onTrackingChange?.(next);
  };

  return {
    apply,
    update(consent) {
      writeConsent(options.jar, consent, { secure: options.secure });
      apply(consent);
    },
    get trackingAllowed() {
      return allowed === true;
    },
  };
}
