/**
 * The visitor's cookie consent. Necessary cookies are always allowed; the
 * other two categories are opt-in. Tracking needs both (spec section 4).
 */
export interface Consent {
  necessary: true;
  statistics: boolean;
  marketing: boolean;
}

export const NECESSARY_ONLY: Consent = Object.freeze({ necessary: true, statistics: false, marketing: false });
export const ALL_GRANTED: Consent = Object.freeze({ necessary: true, statistics: true, marketing: true });

/** The rule itself. Gate code through `mayTrack` in app/tracking, which calls this. */
export function trackingAllowed(consent: Consent): boolean {
  return consent.statistics && consent.marketing;
}

export function consentOf(statistics: boolean, marketing: boolean): Consent {
  return { necessary: true, statistics, marketing };
}

/**
 * Cookie value format: `v1.s1.m0` (version, statistics, marketing). Short, and
 * made only of characters that need no escaping in a cookie.
 */
const FORMAT = /^v1\.s([01])\.m([01])$/;

export function serializeConsent(consent: Consent): string {
  return `v1.s${consent.statistics ? 1 : 0}.m${consent.marketing ? 1 : 0}`;
}

/** The stored consent, or null when there is none or it cannot be read (then we ask again). */
export function parseConsent(value: string | null | undefined): Consent | null {
  if (!value) return null;
  const match = FORMAT.exec(value.trim());
  if (!match) return null;
  return consentOf(match[1] === "1", match[2] === "1");
}
