import express, { type Router } from "express";
import { z } from "zod";
import type { AppContainer } from "../container";
import { isSameOriginRequest } from "#core/donors/same-origin";
import { parsePersonnummer } from "#core/identity/personnummer";
import { sendApiError } from "./api-errors";
import { limitRequests } from "./rate-limit";

const lookupQuery = z.object({ personnummer: z.string().max(20) });

/** Failure event name from the spec's catalogue (section 8); the browser tracks the same name. */
export const LOOKUP_FAILED_EVENT = "LookupIdentityFailed";

/**
 * `GET /api/LookupIdentity?personnummer=…`: name and address from the
 * population register, so gift forms can fill them in. Limited per IP (an open
 * look-up of addresses must not become a directory), refused to other sites'
 * pages, never cached. A protected identity gets no address – the register
 * gives none and we add none – and nothing from a look-up is stored.
 */
export function identityApiRouter(container: AppContainer): Router {
  const router = express.Router();
  const { register, limits } = container.donors;

  router.get("/LookupIdentity", limitRequests(limits.lookups), async (req, res) => {
    const sameOrigin = isSameOriginRequest(
      { origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site"), host: req.get("host") },
      container.config.publicUrl,
    );
    if (!sameOrigin) return sendApiError(res, 403, "cross_origin", "Förfrågan kom från en annan webbplats.");
    const query = lookupQuery.safeParse(req.query);
    const parsed = query.success ? parsePersonnummer(query.data.personnummer, { now: container.clock.now() }) : null;
    if (!parsed) {
      return sendApiError(res, 400, "validation_failed", "Personnumret stämmer inte. Skriv det som ÅÅÅÅMMDD-NNNN.", {
        personnummer: "Personnumret stämmer inte. Skriv det som ÅÅÅÅMMDD-NNNN.",
      });
    }
    try {
      const record = await register.lookup(parsed.canonical);
      if (!record) return sendApiError(res, 404, "not_found", "Vi hittade ingen person med det personnumret. Fyll i namn och adress själv.");
      res.json({
        givenName: record.givenName,
        surname: record.surname,
        name: `${record.givenName} ${record.surname}`,
        protectedIdentity: record.protectedIdentity,
        address: record.protectedIdentity ? null : (record.address ?? null),
      });
    } catch (error) {
      // The event name and the error only; the number stays out of the log.
      container.logger.warn({ event: LOOKUP_FAILED_EVENT, err: error }, "identity look-up failed");
      sendApiError(res, 502, "lookup_failed", "Vi kunde inte hämta dina uppgifter just nu. Fyll i namn och adress själv.");
    }
  });

  return router;
}
