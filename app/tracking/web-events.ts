import type {
  RegisterWebEventInput,
  TimeOnPagePayload,
  WebEventPayload,
  WebEventType,
} from "#core/tracking/web-event-schema";
import { LIMITS } from "#core/tracking/web-event-limits";
import type { TrackingIds } from "../consent/tracking-cookies";
import { type ConsentSource, mayTrack } from "./may-track";

export const REGISTER_WEB_EVENT_PATH = "/api/RegisterWebEvent";

export interface PageInfo {
  /** location.href */
  currentUrl: string;
  /** document.referrer ("" when none) */
  referrer: string;
  /** navigator.userAgent */
  useragent: string;
}

/** A web event's payload, with the utm_* campaign parameters taken from the address. */
export function webEventPayload(type: WebEventType, page: PageInfo): WebEventPayload {
  const params = searchParams(page.currentUrl);
  const utm = (name: string) => {
    const value = params.get(name)?.trim();
    return value ? value.slice(0, LIMITS.utm) : undefined;
  };
  const payload: WebEventPayload = {
    type,
    referrer: page.referrer.slice(0, LIMITS.url),
    useragent: page.useragent.slice(0, LIMITS.userAgent),
    currentUrl: page.currentUrl.slice(0, LIMITS.url),
  };
  const campaign = utm("utm_campaign");
  const medium = utm("utm_medium");
  const source = utm("utm_source");
  if (campaign) payload.utm_campaign = campaign;
  if (medium) payload.utm_medium = medium;
  if (source) payload.utm_source = source;
  return payload;
}

export function timeOnPagePayload(currentUrl: string, elapsedMs: number): TimeOnPagePayload {
  return {
    type: "timeonpage",
    currentUrl: currentUrl.slice(0, LIMITS.url),
    timems: Math.min(Math.max(0, Math.round(elapsedMs)), LIMITS.timeOnPageMs),
  };
}

/** The standard request context: tracking ids, the page, and a fresh random request-group id. */
export function registerWebEventBody(
  ids: TrackingIds,
  currentUrl: string,
  requestgroup: string,
  payload: WebEventPayload | TimeOnPagePayload,
): RegisterWebEventInput {
  return {
    context: {
      session: ids.session,
      identity: ids.identity,
      currentUrl: currentUrl.slice(0, LIMITS.url),
      requestgroup,
    },
    payload,
  };
}

export interface WebEventSenderOptions {
  consent: ConsentSource;
  /** Reads the tracking cookies (readTrackingIds); null when there are none. */
  trackingIds: () => TrackingIds | null;
  randomId: () => string;
  /** A normal call, through apiCall("RegisterWebEvent", "RegisterWebEventFailed", …). */
  post: (path: string, body: RegisterWebEventInput) => Promise<unknown>;
  /** For the page going away: sendJsonBeacon. */
  beacon: (path: string, body: RegisterWebEventInput) => void;
}

export interface WebEventSender {
  /** Returns false when not sent (no consent or no tracking cookies). */
  pageView(page: PageInfo, ids?: TrackingIds): Promise<boolean>;
  timeOnPage(currentUrl: string, elapsedMs: number): boolean;
}

export function createWebEventSender(options: WebEventSenderOptions): WebEventSender {
  const context = (ids?: TrackingIds) => (mayTrack(options.consent()) ? (ids ?? options.trackingIds()) : null);
  return {
    async pageView(page, ids) {
      const known = context(ids);
      if (!known) return false;
      const body = registerWebEventBody(known, page.currentUrl, options.randomId(), webEventPayload("pageview", page));
      await options.post(REGISTER_WEB_EVENT_PATH, body);
      return true;
    },
    timeOnPage(currentUrl, elapsedMs) {
      const known = context();
      if (!known) return false;
      options.beacon(
        REGISTER_WEB_EVENT_PATH,
        registerWebEventBody(known, currentUrl, options.randomId(), timeOnPagePayload(currentUrl, elapsedMs)),
      );
      return true;
    },
  };
}

function searchParams(url: string): URLSearchParams {
  try {
    return new URL(url, "http://path.invalid").searchParams;
  } catch {
    return new URLSearchParams();
  }
}
