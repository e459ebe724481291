/**
 * CSRF defence in depth for state-changing requests. SameSite=Lax already
 * keeps our cookies off cross-site POSTs; this also refuses a POST whose
 * browser says it came from another site. Browsers send Origin on POSTs and
 * Sec-Fetch-Site on all modern requests; a request with neither comes from a
 * non-browser client (tests, curl, a provider's callback), which carries no
 * donor cookie to abuse, so it is let through.
 */
export interface OriginHeaders {
  origin?: string | null;
  secFetchSite?: string | null;
  host?: string | null;
}

export function isSameOriginRequest(headers: OriginHeaders, publicUrl: string): boolean {
  const origin = headers.origin?.trim();
  if (origin && origin !== "null") {
    let originUrl: URL;
    try {
      originUrl = new URL(origin);
    } catch {
      return false;
    }
    if (originUrl.origin === new URL(publicUrl).origin) return true;
    // Behind a proxy or on a second name the Host header is what the browser used.
    return headers.host !== undefined && headers.host !== null && originUrl.host === headers.host;
  }
  if (origin === "null") return false;
  const site = headers.secFetchSite?.trim().toLowerCase();
  if (site) return site === "same-origin" || site === "none";
  return true;
}

export function originHeadersOf(request: Request): OriginHeaders {
  return {
    origin: request.headers.get("origin"),
    secFetchSite: request.headers.get("sec-fetch-site"),
    host: request.headers.get("host"),
  };
}
