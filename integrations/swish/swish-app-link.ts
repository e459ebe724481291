/**
 * Starting the Swish app for an m-commerce payment request (one created
 * without payerAlias, which gives a PaymentRequestToken).
 */

/**
 * App switch on the phone. `callbackurl` here is where the app sends the donor
 * back afterwards (our result page), not the server-to-server callback.
 */
export function swishAppUrl(token: string, callbackUrl: string): string {
  return `swish://paymentrequest?token=${encodeURIComponent(token)}&callbackurl=${encodeURIComponent(callbackUrl)}`;
}

/**
 * Content of the QR code a desktop visitor scans with the Swish app.
 * *Unverified*: Swish's guide describes the QR content for a payment request
 * token as the letter `D` followed by the token; confirm against the current
 * guide (or Swish's QR code API) before going live.
 */
export function swishQrPayload(token: string): string {
  return `D${token}`;
}

/**
 * The same app switch against the local simulator's page (mounted at
 * `simulatorBase`, e.g. `/_sim/swish`), so that the phone flow can be tested
 * end to end without the Swish app.
 */
export function swishSimulatorAppUrl(simulatorBase: string, token: string, callbackUrl: string): string {
  const base = simulatorBase.replace(/\/+$/, "");
  return `${base}/paymentrequest?token=${encodeURIComponent(token)}&callbackurl=${encodeURIComponent(callbackUrl)}`;
}

/**
 * Content of a printed or broadcast QR code that opens Swish with the payee
 * filled in (the gala's TV code): `C` and the Swish number, then `;amount`,
 * `;message` and `;` a number saying which of them the payer may not change
 * (0: every one may be changed). No payment request is made: the gift is an
 * ordinary Swish payment to the number.
 * *Unverified*: the layout is the one Swish's QR code generator documents for
 * "prefilled" codes; confirm it against the current guide before going live.
 */
export function swishPrefilledQrPayload(swishNumber: string, message: string): string {
  return `C${swishNumber};;${message.replace(/;/g, " ")};0`;
}
