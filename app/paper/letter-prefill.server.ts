import { cookieName, readCookie, serializeCookie, type CookieNaming } from "#core/donors/cookies";
import { letterPrefill, type LetterPrefill } from "#core/letter-links/letter-links";
import type { AppContainer } from "#server/container";

/**
 * How a letter's link (/brev/{reference}, decision 0023) carries the donor's
 * name and address to the gift form without putting them in an address: the
 * link's page sets this cookie and redirects to /ge-en-gava, whose loader
 * (app/donor/gift-prefill.server.ts) looks the reference up again.
 *
 * The cookie holds the reference – no name, no address – so the link's own
 * rules keep holding while it is used: it stops working when the link
 * expires, when the donor is erased or becomes protected. It is HttpOnly
 * (no script reads it), SameSite=Lax, Secure with the `__Host-` prefix on
 * https, and short-lived: enough to give a gift, not to linger on a shared
 * computer.
 */
export const LETTER_PREFILL_COOKIE = "hl_brev";
export const LETTER_PREFILL_SECONDS = 30 * 60;

function naming(container: Pick<AppContainer, "config">): CookieNaming {
  return { secure: container.config.publicUrl.startsWith("https://") };
}

/** The `Set-Cookie` value that lets the gift form fill in this letter's name and address. */
export function letterPrefillCookie(container: Pick<AppContainer, "config">, reference: string): string {
  const n = naming(container);
  return serializeCookie(cookieName(LETTER_PREFILL_COOKIE, n), reference, n, LETTER_PREFILL_SECONDS);
}

/** The name and address of the letter whose link this browser opened, or null (no cookie, or the link no longer works). */
export async function letterPrefillOfRequest(container: Pick<AppContainer, "config" | "db" | "clock">, request: Request): Promise<LetterPrefill | null> {
  const reference = readCookie(request.headers.get("cookie"), cookieName(LETTER_PREFILL_COOKIE, naming(container)));
  if (!reference) return null;
  return letterPrefill({ db: container.db, clock: container.clock }, reference);
}
