/**
 * Names of the tracking events sent when a call fails (spec section 8). The
 * analytics set-up matches on these exact strings, including their mixed style.
 */
export const FAILURE_EVENTS = [
  "SwishInitFailed",
  "SwishPollFailed",
  "RegisterWebEventFailed",
  "LookupIdentityFailed",
  "PaymentInitFailed",
  "PaymentPollFailed",
  "DeceasedPersonsFailed",
  "FuneralParloursFailed",
  "download_gift_card_failed",
  "download_digital_greeting_card_failed",
  "error_gift_card_preview",
] as const;
export type FailureEventName = (typeof FAILURE_EVENTS)[number];

export function isFailureEventName(value: unknown): value is FailureEventName {
  return typeof value === "string" && (FAILURE_EVENTS as readonly string[]).includes(value);
}
