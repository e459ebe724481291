import { CONSENT_COOKIE } from "./consent-cookie";

/** Set on <html> once the document is parsed, when the visitor has not chosen yet. */
export const CONSENT_ASK_ATTRIBUTE = "data-consent-ask";

/**
 * The consent banner is in the served HTML, so it is painted with the page
 * instead of popping up after the JavaScript has loaded. Pre-rendered pages
 * cannot know whether this visitor has already chosen, so consent.css keeps
 * the banner hidden until either this script, run in <head>, has found no
 * consent cookie and the document has been parsed, or React has hydrated and
 * decides from the cookie's actual value.
 *
 * Waiting for the end of parsing matters: the banner comes early in the
 * document (keyboard users reach it first), so a paint while the parser is
 * still inside it would show it half-built and then grow it upwards from the
 * bottom of the viewport, a layout shift. Without JavaScript nothing can set
 * a tracking cookie, so there is nothing to ask and the banner stays hidden.
 */
export const CONSENT_ASK_SCRIPT = `document.cookie.split("; ").some(function(c){return c.indexOf(${JSON.stringify(
  `${CONSENT_COOKIE}=`,
)})===0})||document.addEventListener("DOMContentLoaded",function(){document.documentElement.setAttribute(${JSON.stringify(
  CONSENT_ASK_ATTRIBUTE,
)},"")})`;

export function ConsentAskScript({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CONSENT_ASK_SCRIPT }} />;
}
