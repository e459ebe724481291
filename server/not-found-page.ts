import crypto from "node:crypto";
import type { Request as ExpressRequest } from "express";
import type { ServerBuild } from "react-router";
import { loadContentLibrary } from "#core/content/content-library";
import { CONTENT_DIR } from "#app/site.server";
import { sharedBy, type Address } from "./page-cache";

/**
 * The not-found page kept for anonymous visitors (issue #33, decision 0054).
 *
 * Every unknown address gets the same document but for the address itself,
 * which it carries twice: in the consent banner's no-JavaScript form
 * (`returnTo`, path and query, an HTML attribute) and in the scroll
 * restoration's key (the path, a JSON string in an inline script). So one
 * document is rendered for a stand-in address, kept like the gift forms
 * (server/page-cache.ts), and each visitor's own address is put where the
 * stand-in was. That gives the page React Router would have rendered only
 * where three things hold, and the address is rendered for its visitor
 * otherwise:
 *
 * - **No escaping.** The address is made only of characters that read the
 *   same in an HTML attribute, in HTML text and in a JavaScript string
 *   (letters, digits, `-._~!$()*+,;=:@`, `%XX`, and `/` and `?` in the query;
 *   no `&`, quotes, `<`, `>`, backslash or white space), and is short (a path
 *   of at most 512 characters, a query of at most 200). The URL parser
 *   changes none of them either, and a path with a `.` or `..` segment (which
 *   it would resolve) is rendered for its visitor. The path is shown as it
 *   was asked for; the query as React Router writes it again (`routerSearch`).
 * - **The same routes.** React Router's document depends on which routes
 *   match the address and each of its ancestors (the route modules it
 *   preloads, the manifest of routes it hands the browser). Here the first
 *   segment is claimed by no route of its own: then a one-segment address is
 *   the content page route's (`:slug`, which answers 404 for a slug that is
 *   no content page) and every deeper one the catch-all's, whatever the
 *   rest. So there are two shapes, each with its own stand-in; a route table
 *   with any other route whose first segment is not fixed (which would make
 *   more shapes) keeps nothing (`notFoundPagesFor` answers null).
 * - **Nothing else in the page depends on the address.** The header's
 *   navigation marks the section the address is under (a `NavLink` compares
 *   the path without regard to case): a first segment that is, in any case,
 *   a content page's slug or path is rendered for its visitor. Addresses
 *   under `/en/` (the English frame) start with a route's segment, `en`.
 *
 * A kept page is also checked when it is rendered: were the stand-in to
 * appear anywhere but in those places (a later change that escapes or
 * encodes the address somewhere), its random name would be left in the page,
 * and the page is not kept (the visitor's own is rendered instead). The
 * stand-ins therefore hold every special character an address may have.
 */

export type NotFoundShape = "one-segment" | "deeper";

export interface KeptNotFoundRequest {
  /** The kept page's key in the page cache (never a path, so `dropPages` leaves it alone). */
  key: string;
  /** The stand-in address this shape's page is rendered for: path and query as asked for. */
  standInUrl: string;
  /** The stand-in address as the page shows it (`location`), replaced by the visitor's. */
  standIn: Address;
  /** The visitor's own address as the page shows it. */
  visitor: Address;
  /** The stand-ins' random name: left in a rendered page, it was escaped or encoded somewhere, and the page is not kept. */
  marker: string;
}

export const MAX_NOT_FOUND_PATH_LENGTH = 512;
export const MAX_NOT_FOUND_QUERY_LENGTH = 200;
/** Non-empty segments of characters that need no escaping in an attribute, in text or in a script's string. */
const PATH = /^(?:\/(?:[A-Za-z0-9\-._~!$()*+,;=:@]|%[0-9A-Fa-f]{2})+)+$/;
const QUERY = /^(?:[A-Za-z0-9\-._~!$()*+,;=:@/?]|%[0-9A-Fa-f]{2})*$/;
/** A segment the URL parser resolves (`.`, `..`, also percent-encoded): React Router would see another path. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;
/** The content pages' route: the one route whose only segment is a parameter (app/routes.ts). */
export const CONTENT_PAGE_ROUTE_ID = "content-sv";

type RouteTable = Pick<ServerBuild, "routes"> & Partial<Pick<ServerBuild, "routeDiscovery">>;

export class NotFoundPages {
  private readonly marker = `nf-${crypto.randomBytes(8).toString("hex")}`;
  private readonly standIns: Record<NotFoundShape, { pathname: string; query: string }>;

  /**
   * `reserved`: first segments (lower case) that a route or a content page claims; `oneSegment`: whether a
   * one-segment address is kept (the route table's parameter route is the content pages').
   */
  constructor(
    private readonly reserved: ReadonlySet<string>,
    private readonly oneSegment: boolean,
  ) {
    // Every character an address may hold, so that any escaping or encoding of it leaves the marker behind.
    const segment = `${this.marker}-._~!$()*+,;=:@%2D%c3%a5`;
    const query = `${this.marker}=-._~!$()*+,;:@/?%2D%c3%a5%26%3D`;
    this.standIns = {
      "one-segment": { pathname: `/${segment}`, query },
      deeper: { pathname: `/${segment}/${segment}`, query },
    };
  }

  /** The shape of an unknown address that may get the kept page, or null: render it for its visitor. */
  shapeOf(pathname: string, query: string): NotFoundShape | null {
    if (pathname.length > MAX_NOT_FOUND_PATH_LENGTH || query.length > MAX_NOT_FOUND_QUERY_LENGTH) return null;
    if (!PATH.test(pathname) || !QUERY.test(query)) return null;
    const segments = pathname.slice(1).split("/");
    if (segments.some((segment) => DOT_SEGMENT.test(segment))) return null;
    let decoded: string[];
    try {
      decoded = segments.map((segment) => decodeURIComponent(segment));
    } catch {
      return null; // Not UTF-8: React Router matches the undecoded path, and warns.
    }
    // A data request (`….data`) is React Router's single fetch, not a document.
    if (/\.data$/i.test(pathname) || /\.data$/i.test(decoded.at(-1) ?? "")) return null;
    const first = segments[0]!.toLowerCase();
    const firstDecoded = decoded[0]!.toLowerCase();
    if (this.reserved.has(first) || this.reserved.has(firstDecoded)) return null;
    if (segments.length === 1) return this.oneSegment ? "one-segment" : null;
    return "deeper";
  }

  /** The kept page for this request, or null when it must be rendered for its visitor. */
  keptRequest(req: Pick<ExpressRequest, "method" | "originalUrl" | "headers">): KeptNotFoundRequest | null {
    if (req.method !== "GET") return null;
    const queryAt = req.originalUrl.indexOf("?");
    const pathname = queryAt === -1 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
    const query = queryAt === -1 ? "" : req.originalUrl.slice(queryAt + 1);
    const shape = this.shapeOf(pathname, query);
    if (shape === null) return null;
    const visitors = sharedBy(req.headers);
    if (visitors === null) return null;
    const standIn = this.standIns[shape];
    return {
      key: `404:${shape}|${visitors}`,
      standInUrl: `${standIn.pathname}?${standIn.query}`,
      standIn: { pathname: standIn.pathname, search: routerSearch(standIn.query) },
      visitor: { pathname, search: routerSearch(query) },
      marker: this.marker,
    };
  }
}

/**
 * The query as the page sees it (`location.search`): React Router's server reads it as URLSearchParams,
 * leaves out its own `_routes` and writes it again (getNormalizedPath), so `~` becomes `%7E`, `%2D` `-`,
 * and an empty query none. Such a query holds only letters, digits, `*-._+=%` – and `&`, which an
 * address kept here has not (the page would show it as `&amp;`). Were React Router to change this, the
 * stand-in's query would no longer be found in the page, and the page would not be kept.
 */
export function routerSearch(query: string): string {
  const params = new URLSearchParams(query);
  params.delete("_routes");
  const search = params.toString();
  return search === "" ? "" : `?${search}`;
}

/**
 * What decides the not-found page's shapes, read from the build's route table
 * and the content pages; null when the route table has a route whose first
 * segment is not fixed other than `:slug` (the content pages) and `*`.
 */
export function notFoundPages(build: RouteTable, contentPages: ReadonlyArray<{ slug: string; path: string }>): NotFoundPages | null {
  const reserved = new Set<string>();
  let oneSegment = true;
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const segments = fullPath(build.routes, route.id).split("/").filter(Boolean);
    const first = segments[0];
    if (first === undefined) continue; // the root and the home page
    if (first === "*" && segments.length === 1) continue;
    if (first.startsWith(":") || first.includes("*") || first.endsWith("?")) {
      if (segments.length !== 1 || first.endsWith("?")) return null;
      // Another one-segment parameter route than the content pages': its loader, not a missing content page, decides.
      if (route.id !== CONTENT_PAGE_ROUTE_ID) oneSegment = false;
      continue;
    }
    reserved.add(first.toLowerCase());
  }
  const manifestFirst = build.routeDiscovery?.manifestPath.split("/").filter(Boolean)[0];
  if (manifestFirst) reserved.add(manifestFirst.toLowerCase());
  for (const page of contentPages) {
    reserved.add(page.slug.toLowerCase());
    const first = page.path.split("/").filter(Boolean)[0];
    if (first) reserved.add(first.toLowerCase());
  }
  return new NotFoundPages(reserved, oneSegment);
}

const forBuild = new WeakMap<object, NotFoundPages | null>();

/** The not-found pages of this build and the site's content (read once per build). */
export function notFoundPagesFor(build: RouteTable): NotFoundPages | null {
  if (!forBuild.has(build)) forBuild.set(build, notFoundPages(build, loadContentLibrary(CONTENT_DIR)));
  return forBuild.get(build) ?? null;
}

function fullPath(routes: RouteTable["routes"], id: string): string {
  const route = routes[id];
  if (!route) return "";
  const own = route.path ?? "";
  if (own.startsWith("/") || !route.parentId) return own;
  const parent = fullPath(routes, route.parentId);
  return parent && own ? `${parent}/${own}` : parent || own;
}
