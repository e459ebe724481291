/**
 * Starting the Swish app for an m-commerce payment request (one created
 * without payerAlias, which gives a PaymentRequestToken).
 */
import { isValidMessage } from "./validation";

/**
 * App switch on the phone. `callbackurl` here is where the app sends the donor
 * back afterwards (our result page), not the server-to-server callback.
 */
export function swishAppUrl(token: string, callbackUrl: string): string {
  return `swish://paymentrequest?token=${encodeURIComponent(token)}&callbackurl=${encodeURIComponent(callbackUrl)}`;
}

/**
 * Content of the QR code a desktop visitor scans with the Swish app.
 * *Unverified, and the protocol notes cannot settle it*: our notes
 * (/work/shared/protocols/README.md, "Swish Commerce API") say only "on
 * desktop show a QR code of the token" – they name no prefix. The `D` before
 * the token is what Swish's own merchant guide has described for a payment
 * request's QR code, and a bare token would be what the notes say read
 * literally; which one the current Swish app scans must be confirmed against
 * the current guide (or Swish's QR code API, which makes the image from the
 * token) before going live. The simulator scans whatever we print, so no test
 * here can tell.
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
 * `;message` and `;` a bit mask of the fields the payer may change (1 the
 * number, 2 the amount, 4 the message; 0 locks all three). The gala's code
 * leaves the amount empty for the donor to choose and locks the number and
 * the message: mask 2. No payment request is made: the gift is an ordinary
 * Swish payment to the number.
 * *Unverified against Swish's own guide*, and the protocol notes
 * (/work/shared/protocols/README.md) say nothing about prefilled codes. The
 * layout and the mask are as two independent public generators write them
 * (an npm package and a JavaScript library, both with number 1, amount 2,
 * message 4, bits set meaning "may be changed"); a third, in Python, has the
 * amount's and the message's bits the other way round. An earlier version
 * here wrote 0, which by all three locks the empty amount. Confirm with
 * Swish's QR code generator (its API takes the fields with an `editable` flag
 * each) before the gala goes live. What the notes do settle is the message
 * itself – at most 50 characters of letters, digits and `:;.,?!()-"` (else
 * RP02) – so a message outside that is refused here rather than printed on a
 * TV code the app would turn down; `;` is the code's own separator and is not
 * allowed in it.
 */
/** The payer may change the amount (and only it) in a prefilled code. */
const PREFILLED_AMOUNT_EDITABLE = 2;

export function swishPrefilledQrPayload(swishNumber: string, message: string): string {
  if (!/^\d{10}$/.test(swishNumber)) throw new Error("a Swish number is 10 digits");
  if (message.includes(";") || !isValidMessage(message)) throw new Error(`not a message Swish takes: ${JSON.stringify(message)}`);
  return `C${swishNumber};;${message};${PREFILLED_AMOUNT_EDITABLE}`;
}
