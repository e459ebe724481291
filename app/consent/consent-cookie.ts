import { type CookieJar, DAY_SECONDS, parseCookies, serializeCookie } from "./cookie-jar";
import { type Consent, parseConsent, serializeConsent } from "./consent";

/** First-party cookie holding the visitor's choice, with the charity's `hl_` prefix. */
export const CONSENT_COOKIE = "hl_consent";
export const CONSENT_MAX_AGE_SECONDS = 365 * DAY_SECONDS;

/** The `Set-Cookie` header value for a route action: 365 days, SameSite=Lax, Secure on https. */
export function consentCookieHeader(consent: Consent, options: { secure: boolean }): string {
  return serializeCookie(CONSENT_COOKIE, serializeConsent(consent), {
    maxAgeSeconds: CONSENT_MAX_AGE_SECONDS,
    sameSite: "Lax",
    secure: options.secure,
  });
}

/** The consent in a request's `Cookie` header (server side), or null when not yet given. */
export function consentFromCookieHeader(cookieHeader: string | null | undefined): Consent | null {
  return parseConsent(parseCookies(cookieHeader).get(CONSENT_COOKIE));
}

export function readConsent(jar: CookieJar): Consent | null {
  return parseConsent(jar.get(CONSENT_COOKIE));
}

export function writeConsent(jar: CookieJar, consent: Consent, options: { secure: boolean }): void {
  jar.set(CONSENT_COOKIE, serializeConsent(consent), {
    maxAgeSeconds: CONSENT_MAX_AGE_SECONDS,
    sameSite: "Lax",
    secure: options.secure,
  });
}

/** Secure when the page (or the public address, on the server) is https. */
export function isSecureUrl(url: string | URL): boolean {
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
}
