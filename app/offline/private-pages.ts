/**
 * Which pages are private – never kept by the service worker for offline use,
 * always sent with `Cache-Control: no-store` – derived from the route table
 * (app/routes.ts) rather than listed by hand, so a new page cannot be
 * forgotten:
 *
 * - every page whose address holds a parameter (an order reference, an
 *   agreement, a card code, a token) is private, except the content pages'
 *   own slugs, which are public articles;
 * - every page in a private area (below) is private, parameter or not.
 *
 * The result is one regular expression over the path's leading segments,
 * written out in app/offline/sw-routing.ts and public/sw.js (which has no
 * build step); app/offline/private-pages.test.ts fails, with the expression
 * to paste, as soon as the route table says something else.
 */
export interface RouteEntryLike {
  id?: string;
  path?: string;
  index?: boolean;
  children?: RouteEntryLike[];
}

/** Areas that are personal or staff-only as a whole (foretag/gavor: a company's own page by its link). */
export const PRIVATE_AREAS = ["_test", "admin", "cookie-installningar", "dina-uppgifter", "foretag/gavor", "logga-in", "logga-ut", "mina-sidor"] as const;

/** Routes with a parameter that are public: the content pages (":slug", "en/:slug"). */
export const PUBLIC_PARAMETER_ROUTES = new Set(["content-sv", "content-en"]);

function flatten(routes: readonly RouteEntryLike[], parent = ""): Array<{ id?: string; path: string }> {
  return routes.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ id: entry.id, path }, ...flatten(entry.children ?? [], path)];
  });
}

/** The leading, fixed segments of the private pages' paths, shortest covering set, sorted. */
export function privatePrefixes(routes: readonly RouteEntryLike[]): string[] {
  const prefixes = new Set<string>(PRIVATE_AREAS);
  for (const { id, path } of flatten(routes)) {
    // "*" alone is the not-found page; it answers 404, which is never stored.
    if (path === "*" || (id && PUBLIC_PARAMETER_ROUTES.has(id))) continue;
    const segments = path.split("/");
    const firstDynamic = segments.findIndex((s) => s.startsWith(":") || s === "*");
    if (firstDynamic === -1) continue;
    const fixed = segments.slice(0, firstDynamic).join("/");
    if (fixed === "") throw new Error(`Route "${path}" starts with a parameter: say in PUBLIC_PARAMETER_ROUTES whether it is public`);
    prefixes.add(fixed);
  }
  const all = [...prefixes];
  return all.filter((p) => !all.some((other) => other !== p && p.startsWith(`${other}/`))).sort();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** The regular expression's source, as written in sw-routing.ts and sw.js. */
export function privatePagesPattern(routes: readonly RouteEntryLike[]): string {
  return `^\\/(?:${privatePrefixes(routes).map(escape).join("|")})(?:\\/|$)`;
}
