import type { Request as ExpressRequest } from "express";
import { readCookie } from "#core/donors/cookies";
import { mentions, sharedBy, type CompiledPage, type DonorFieldSlot, type PlaceholderTokens } from "./page-cache";

/**
 * The gift forms kept for logged-in donors (issue #33, decision 0058).
 *
 * A donor logged in with BankID gets the gift forms with their name, e-mail
 * address, personnummer and address filled in, so each page was rendered for
 * each of them: about 15 ms of CPU against the anonymous form's kept copy.
 * Apart from those details a form listed here is everyone's (its loader reads
 * nothing else of the session). So it is rendered once for stand-ins, and
 * each donor's own details are put where the stand-ins were, escaped for
 * their place:
 *
 * - **The kept page never holds a donor's details.** It is rendered without
 *   the visitor's session cookie, with stand-ins (random markers) for the
 *   details given to the form's loader (`prefillStandInContext`); nothing
 *   the page could read about the visitor reaches it. The worst a mistake
 *   here can do is show a donor a wrong form – never another donor's
 *   details.
 * - **Every place is known.** A stand-in may stand in HTML (an input's value)
 *   and in React Router's data stream (the loader's data), each escaped as
 *   React and React Router would escape it, so the page is byte for byte the
 *   one rendered for the donor (server/donor-kept-pages.test.tsx). A stand-in
 *   anywhere else, cut, changed or left out of the data, and the page is not
 *   kept: the donor's own is rendered, as before (`donorPlacesFit`).
 * - **One page per shape.** Which details a donor has (no address for a
 *   protected identity, no e-mail) is part of the key, as are the query, the
 *   device and the consent, as for an anonymous visitor's page. Only the
 *   query parameters listed here (each page's own: the amount of a gala's
 *   link, a card chosen from the catalogue), and no cookie but the session,
 *   the BankID browser binding that logging in leaves (read by BankID's API,
 *   not by these pages) and the harmless ones: anything else can make the
 *   page depend on the visitor (a monthly donor's extra gift, `?extra=`,
 *   reads their agreement).
 */
export const DONOR_KEPT_PAGES: Readonly<Record<string, readonly string[]>> = {
  "/ge-en-gava": ["belopp"],
  "/ge-en-gava/minnesgava": [],
  "/ge-en-gava/gratulationskort": ["kort"],
  "/ge-en-gava/gavokort": ["kort"],
  "/ge-en-gava/gavobevis": ["kort"],
  "/ge-en-gava/diplom": ["kort"],
  "/ge-en-gava/lista": [],
  // Not /bli-medlem: its loader reads the donor's own membership and renewal choice, not only their details.
};

const MAX_QUERY_LENGTH = 200;

/** The cookies a logged-in donor's browser brings to a page kept for them: the session, and BankID's browser binding. */
export interface DonorPageCookies {
  session: string;
  bankIdBrowser: string;
}

/**
 * The part of a logged-in donor's key that does not depend on who they are: path and query, then device
 * and consent after a line break (which no address or cookie can hold, so no anonymous visitor's key is
 * ever a donor's); null when the page must be rendered for this visitor.
 */
export function donorPageKey(req: Pick<ExpressRequest, "method" | "path" | "originalUrl" | "headers">, cookies: DonorPageCookies): string | null {
  const allowedQuery = DONOR_KEPT_PAGES[req.path];
  if (req.method !== "GET" || !allowedQuery) return null;
  if (readCookie(req.headers.cookie, cookies.session) === undefined) return null;
  const queryAt = req.originalUrl.indexOf("?");
  const query = queryAt === -1 ? "" : req.originalUrl.slice(queryAt + 1);
  if (query.length > MAX_QUERY_LENGTH || [...new URLSearchParams(query).keys()].some((name) => !allowedQuery.includes(name))) return null;
  const visitors = sharedBy(req.headers, [cookies.session, cookies.bankIdBrowser]);
  return visitors === null ? null : `${req.path}?${query}\n${visitors}`;
}

/** The key of the page for this donor's shape: which of the details they have. */
export function donorShapeKey(pageKey: string, details: Readonly<Record<string, string>>): string {
  return `${pageKey}\n${Object.keys(details).sort().join(",")}`;
}

/** A stand-in for each of the donor's details: what the page is rendered with in their place. */
export function standInDetails(details: Readonly<Record<string, string>>, standIns: PlaceholderTokens): Record<string, string> {
  return Object.fromEntries(Object.keys(details).map((field) => [field, standIns.donorField(field)]));
}

/**
 * Whether a page rendered with these stand-ins may be kept: each detail stands once in React Router's data
 * stream and otherwise only in HTML, and nothing is left of a stand-in anywhere else (escaped, cut or
 * changed by what rendered it).
 */
export function donorPlacesFit(page: CompiledPage, fields: readonly string[], standIns: PlaceholderTokens): boolean {
  const places = page.body.slots.filter((slot): slot is DonorFieldSlot => typeof slot === "object");
  if (places.some((place) => place.in === "other-script" || !fields.includes(place.field))) return false;
  if (fields.some((field) => places.filter((place) => place.field === field && place.in === "stream").length !== 1)) return false;
  return !mentions(page, standIns.marker);
}
