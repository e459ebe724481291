import type { RequestHandler } from "express";
import { isSameOriginRequest } from "#core/donors/same-origin";
import { sendApiError } from "./api-errors";

/**
 * No request that changes something is taken from another site's page:
 * every POST, PUT, PATCH and DELETE under /api whose browser says it came from
 * elsewhere (Origin, or Sec-Fetch-Site: cross-site / same-site) is refused
 * with 403 before any endpoint runs – including the ones that take no body
 * (`POST /api/Payments/Cancel?paymentId=…`) and any added later. Requests
 * without those headers (providers' callbacks, scripts) carry no donor's
 * browser to abuse and pass, as in core/donors/same-origin.ts.
 */
export function refuseCrossSite(publicUrl: string): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const headers = { origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site"), host: req.get("host") };
    if (isSameOriginRequest(headers, publicUrl)) return next();
    sendApiError(res, 403, "cross_origin", "Förfrågan kom från en annan webbplats.");
  };
}
