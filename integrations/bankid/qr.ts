import { createHmac } from "node:crypto";

/**
 * Content of the animated QR code for "BankID on another device". BankID
 * requires a new code every second so that a photo of the screen cannot be
 * replayed from elsewhere; only the server knows qrStartSecret, so the page
 * fetches each new code from us rather than computing it in the browser.
 *
 * `seconds` is the whole number of seconds since the order was started.
 */
export function qrCodeContent(qrStartToken: string, qrStartSecret: string, seconds: number): string {
  if (!Number.isInteger(seconds) || seconds < 0) throw new RangeError("seconds must be a whole number >= 0");
  const qrAuthCode = createHmac("sha256", qrStartSecret).update(String(seconds)).digest("hex");
  return `bankid.${qrStartToken}.${seconds}.${qrAuthCode}`;
}

/** Whole seconds between the order's start and now, never negative. */
export function secondsSinceOrderStart(orderStartedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - orderStartedAt.getTime()) / 1000));
}
