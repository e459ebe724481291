import type { RequestHandler } from "express";

/**
 * Canonical addresses: no trailing slash, and /index.html is the home page.
 * Both answer with a permanent redirect. The target is always built as a
 * same-site path (leading slashes collapsed), so a crafted address like
 * `//evil.example/` or `/\\evil.example/` cannot turn this into an open redirect, and a canonical
 * path never redirects again, so there is no loop.
 */
export function canonicalPath(pathname: string): string | null {
  if (pathname === "/index.html") return "/";
  if (pathname.length > 1 && pathname.endsWith("/")) {
    const stripped = pathname.replace(/\/+$/, "").replace(LEADING_SEPARATORS, "/");
    return stripped === "" ? "/" : stripped;
  }
  if (LEADING_SEPARATORS.test(pathname) && pathname.replace(LEADING_SEPARATORS, "/") !== pathname) {
    return pathname.replace(LEADING_SEPARATORS, "/");
  }
  return null;
}

/** Browsers read a backslash in an http(s) address as a slash, so "/\\host" is as off-site as "//host". */
const LEADING_SEPARATORS = /^[/\\]+/;

export function canonicalRedirects(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // Simulators speak other services' protocols, where a trailing slash is part
    // of the address (the research portal's GET /{product}/petitions/approved/).
    if (req.path.startsWith("/_sim/")) return next();
    const queryIndex = req.originalUrl.indexOf("?");
    const pathname = queryIndex === -1 ? req.originalUrl : req.originalUrl.slice(0, queryIndex);
    const target = canonicalPath(pathname);
    if (target === null) return next();
    const query = queryIndex === -1 ? "" : req.originalUrl.slice(queryIndex);
    res.redirect(301, target + query);
  };
}
