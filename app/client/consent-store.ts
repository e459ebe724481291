import type { Consent } from "../consent/consent";
import { CONSENT_COOKIE, readConsent, writeConsent } from "../consent/consent-cookie";
import type { CookieJar } from "../consent/cookie-jar";

/**
 * The visitor's consent as the page's components see it, kept in the consent
 * cookie (the single source of truth, shared with the server and other tabs).
 * Components read it with useSyncExternalStore, whose server snapshot is
 * `undefined`: pre-rendered HTML cannot know the cookie. The banner is
 * rendered while consent is unknown (see consent/consent-ask-script.tsx);
 * anything that needs consent (the chat button) appears after hydration.
 */
export interface ConsentStore {
  /** The stored consent, or null when the visitor has not chosen yet. */
  getSnapshot(): Consent | null;
  subscribe(listener: () => void): () => void;
  /** Stores a choice and tells subscribers (the consent controller applies it). */
  choose(consent: Consent): void;
}

export function createConsentStore(jar: CookieJar, options: { secure: boolean }): ConsentStore {
  const listeners = new Set<() => void>();
  // useSyncExternalStore needs the same object while nothing changed.
  let lastRaw: string | undefined;
  let last: Consent | null = null;
  let read = false;

  const getSnapshot = () => {
    const raw = jar.get(CONSENT_COOKIE);
    if (!read || raw !== lastRaw) {
      read = true;
      lastRaw = raw;
      last = readConsent(jar);
    }
    return last;
  };

  return {
    getSnapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    choose(consent) {
      writeConsent(jar, consent, options);
      for (const listener of [...listeners]) listener();
    },
  };
}
