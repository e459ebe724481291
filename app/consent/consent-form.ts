import { ALL_GRANTED, type Consent, NECESSARY_ONLY, consentOf } from "./consent";

/**
 * The consent forms post here; they work as plain HTML forms and are enhanced
 * with JavaScript when it runs.
 */
export const CONSENT_SETTINGS_PATH = "/cookie-installningar";

/** Field names shared by the components and `parseConsentForm`. */
export const CONSENT_FIELDS = {
  choice: "choice",
  statistics: "statistics",
  marketing: "marketing",
  returnTo: "returnTo",
} as const;

export type ConsentChoice = "all" | "necessary" | "custom";

interface FormDataLike {
  get(name: string): FormDataEntryValue | null;
}

/**
 * The consent a submitted form asks for. `choice=all` and `choice=necessary`
 * come from the banner's buttons; anything else reads the two checkboxes, so a
 * tampered or empty form never grants more than was ticked.
 */
export function parseConsentForm(form: FormDataLike): Consent {
  return consentFromFields(form.get(CONSENT_FIELDS.choice), form.get(CONSENT_FIELDS.statistics), form.get(CONSENT_FIELDS.marketing));
}

/**
 * The rule itself, for the banner's buttons here and for the settings form's
 * Zod schema (`consent-settings-schema.ts`, kept apart so that the banner in
 * the root bundle does not carry Zod).
 */
export function consentFromFields(choice: unknown, statistics: unknown, marketing: unknown): Consent {
  if (choice === "all") return ALL_GRANTED;
  if (choice === "necessary") return NECESSARY_ONLY;
  return consentOf(isTicked(statistics), isTicked(marketing));
}

function isTicked(value: unknown): boolean {
  return value === "on" || value === "true" || value === "1";
}

/**
 * Where to send the visitor after a no-JavaScript post: a path on this site,
 * never another origin (`//host`, `/\host`, schemes), defaulting to the start page.
 */
export function safeReturnTo(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (value.includes("\\") || [...value].some((char) => char.charCodeAt(0) < 0x20)) return fallback;
  return value;
}

/**
 * Consent may only be changed from our own pages: another site must not be
 * able to post "choice=all" for the visitor. Browsers send Origin on POSTs;
 * without it, Sec-Fetch-Site decides, and a request with neither (old
 * browsers, curl) is allowed.
 */
export function isSameOriginPost(headers: { get(name: string): string | null }, expectedOrigin: string): boolean {
  const origin = headers.get("origin");
  if (origin && origin !== "null") return origin === expectedOrigin;
  if (origin === "null") return false;
  const site = headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}
