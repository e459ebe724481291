import { type Consent, trackingAllowed } from "../consent/consent";

/**
 * THE gate for tracking. Every data-layer push, web event, time-on-page event
 * and the tag manager ask this, and nothing else, whether they may run: only
 * with both statistics and marketing consent (spec sections 4 and 5).
 */
export function mayTrack(consent: Consent | null | undefined): boolean {
  return consent != null && trackingAllowed(consent);
}

/** How tracking code reads the current consent; it changes while the page is open. */
export type ConsentSource = () => Consent | null | undefined;
