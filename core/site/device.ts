/**
 * Whether the visitor is on a phone or tablet, from the User-Agent: phones get
 * the Swish and BankID apps on the same device first, computers a QR code for
 * the phone. One test, so every page and the page cache's key agree.
 */
export function isPhone(userAgent: string | null | undefined): boolean {
  return /Mobi|Android|iPhone|iPad/i.test(userAgent ?? "");
}
