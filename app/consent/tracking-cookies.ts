import { type CookieJar, DAY_SECONDS, serializeCookie } from "./cookie-jar";

/**
 * Cookies that only exist while the visitor allows tracking. Session lives
 * for the browser session; identity (the analytics cookie) and the timestamp
 * of its creation live 365 days (spec section 9).
 */
export const TRACKING_COOKIES = {
  session: "hl_session",
  identity: "hl_identity",
  timestamp: "hl_timestamp",
} as const;

export const ANALYTICS_COOKIE_MAX_AGE_SECONDS = 365 * DAY_SECONDS;

export interface TrackingIds {
  session: string;
  identity: string;
}

export interface TrackingCookieOptions {
  randomId: () => string;
  now: () => Date;
  secure: boolean;
}

/** Sets the tracking cookies, creating random ids only for those that are missing. */
export function ensureTrackingCookies(jar: CookieJar, options: TrackingCookieOptions): TrackingIds {
  const common = { sameSite: "Lax" as const, secure: options.secure };
  let session = jar.get(TRACKING_COOKIES.session);
  if (!isUsableId(session)) {
    session = options.randomId();
    jar.set(TRACKING_COOKIES.session, session, common);
  }
  let identity = jar.get(TRACKING_COOKIES.identity);
  if (!isUsableId(identity)) {
    identity = options.randomId();
    jar.set(TRACKING_COOKIES.identity, identity, { ...common, maxAgeSeconds: ANALYTICS_COOKIE_MAX_AGE_SECONDS });
    jar.set(TRACKING_COOKIES.timestamp, String(options.now().getTime()), {
      ...common,
      maxAgeSeconds: ANALYTICS_COOKIE_MAX_AGE_SECONDS,
    });
  } else if (!jar.get(TRACKING_COOKIES.timestamp)) {
    jar.set(TRACKING_COOKIES.timestamp, String(options.now().getTime()), {
      ...common,
      maxAgeSeconds: ANALYTICS_COOKIE_MAX_AGE_SECONDS,
    });
  }
  return { session, identity };
}

/** The ids when tracking cookies exist, otherwise null (never creates any). */
export function readTrackingIds(jar: CookieJar): TrackingIds | null {
  const session = jar.get(TRACKING_COOKIES.session);
  const identity = jar.get(TRACKING_COOKIES.identity);
  return isUsableId(session) && isUsableId(identity) ? { session, identity } : null;
}

export function removeTrackingCookies(jar: CookieJar, options: { secure: boolean }): void {
  for (const name of Object.values(TRACKING_COOKIES)) jar.remove(name, { sameSite: "Lax", secure: options.secure });
}

/** Same rule as the events API: 8–64 letters, digits, - or _. */
export function isUsableId(value: string | undefined): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{8,64}$/.test(value);
}

/** A random id from the Web Crypto API (browser and Node 20). */
export function randomUuid(): string {
  return globalThis.crypto.randomUUID();
}

/** `Set-Cookie` values that expire the tracking cookies, for the no-JavaScript consent action. */
export function trackingCookieRemovalHeaders(options: { secure: boolean }): string[] {
  return Object.values(TRACKING_COOKIES).map((name) =>
    serializeCookie(name, "", { maxAgeSeconds: 0, sameSite: "Lax", secure: options.secure }),
  );
}
