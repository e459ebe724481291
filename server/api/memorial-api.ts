import express, { type Response, type Router } from "express";
import type { AppContainer } from "../container";
import { deathDateRange, inRange } from "#core/memorial/death-window";
import type { DeceasedPerson, FuneralParlour } from "#core/memorial/memorial-records";
import { MemorialSourceError } from "#core/memorial/memorial-source";
import {
  DEFAULT_PAGE_SIZE,
  deceasedSearchParamsSchema,
  paramErrors,
  parlourSearchParamsSchema,
  type DeceasedSearchResponse,
  type ParlourSearchResponse,
} from "#core/memorial/search-params";
import { sendApiError } from "./api-errors";
import { limitRequests } from "./rate-limit";

/**
 * The memorial gift's two searches (spec section 7, frontend API):
 *
 *   GET /api/DeceasedPeople/Search?name=kar lin&town=&diedFrom=&diedTo=&withinDays=&pageSize=
 *     → { items: [DeceasedPerson], total, diedFrom, diedTo }
 *   GET /api/FuneralParlors/Search?query=fonus ume&town=&pageSize=
 *     → { items: [FuneralParlour], total }
 *
 * Only people who died within MEMORIAL_SEARCH_WINDOW_DAYS are searchable;
 * the window is enforced here on the source's answer too, and each item is
 * rebuilt field by field, so nothing beyond a death notice's contents leaves
 * the site whatever a source sends. The source failing is a 503 the page
 * answers by letting the visitor type the details by hand. Typed names are
 * never logged.
 */

const DECEASED_UNAVAILABLE =
  "Sökningen bland dödsannonser fungerar inte just nu. Skriv in namnet och uppgifterna själv, så kommer gåvan fram ändå.";
const PARLOURS_UNAVAILABLE =
  "Sökningen bland begravningsbyråer fungerar inte just nu. Skriv in byråns namn och adress själv.";
const INVALID = "Sökningen kunde inte tolkas. Rätta fälten och försök igen.";

export function memorialApiRouter(container: AppContainer): Router {
  const router = express.Router();
  const { source, windowDays } = container.memorial;
  const deceasedParams = deceasedSearchParamsSchema(windowDays);

  router.get("/DeceasedPeople/Search", limitRequests(container.memorialSearchLimits.deceased), async (req, res, next) => {
    const parsed = deceasedParams.safeParse(req.query);
    if (!parsed.success) return sendApiError(res, 400, "validation_failed", INVALID, paramErrors(parsed.error));
    const { name, town, diedFrom, diedTo, withinDays, pageSize = DEFAULT_PAGE_SIZE } = parsed.data;
    const range = deathDateRange(container.clock.now(), windowDays, { diedFrom, diedTo, withinDays });
    if (!range) {
      // The dates lie wholly outside the window: nobody there is searchable.
      const body: DeceasedSearchResponse = { items: [], total: 0, diedFrom: diedFrom ?? "", diedTo: diedTo ?? "" };
      return res.json(body);
    }
    try {
      const page = await source.searchDeceased({ name, town: town || undefined, dates: range, limit: pageSize });
      const items = page.items.filter((person) => inRange(person.dateOfDeath, range)).slice(0, pageSize).map(publicPerson);
      const body: DeceasedSearchResponse = {
        items,
        total: items.length < pageSize ? items.length : Math.max(page.total, items.length),
        diedFrom: range.from,
        diedTo: range.to,
      };
      res.json(body);
    } catch (error) {
      if (error instanceof MemorialSourceError) return sourceDown(container, res, error, "DeceasedPeople/Search", DECEASED_UNAVAILABLE);
      next(error);
    }
  });

  router.get("/FuneralParlors/Search", limitRequests(container.memorialSearchLimits.parlours), async (req, res, next) => {
    const parsed = parlourSearchParamsSchema.safeParse(req.query);
    if (!parsed.success) return sendApiError(res, 400, "validation_failed", INVALID, paramErrors(parsed.error));
    const { query, town, pageSize = DEFAULT_PAGE_SIZE } = parsed.data;
    try {
      const page = await source.searchFuneralParlours({ query, town: town || undefined, limit: pageSize });
      const items = page.items.slice(0, pageSize).map(publicParlour);
      const body: ParlourSearchResponse = { items, total: Math.max(page.total, items.length) };
      res.json(body);
    } catch (error) {
      if (error instanceof MemorialSourceError) return sourceDown(container, res, error, "FuneralParlors/Search", PARLOURS_UNAVAILABLE);
      next(error);
    }
  });

  return router;
}

function sourceDown(container: AppContainer, res: Response, error: MemorialSourceError, call: string, message: string): void {
  // A refused key is our configuration, not the source's mood: louder.
  const log = error.code === "unauthorized" ? container.logger.error.bind(container.logger) : container.logger.warn.bind(container.logger);
  log({ call, code: error.code, status: error.status }, "memorial source unavailable");
  res.setHeader("Retry-After", "30");
  sendApiError(res, 503, "source_unavailable", message);
}

/** Exactly a death notice's fields, whatever else the object carries. */
function publicPerson(person: DeceasedPerson): DeceasedPerson {
  return {
    id: person.id,
    givenNames: person.givenNames,
    surname: person.surname,
    birthYear: person.birthYear,
    age: person.age,
    dateOfDeath: person.dateOfDeath,
    homeTown: person.homeTown,
    funeralDate: person.funeralDate,
    funeralParlour: person.funeralParlour ? publicParlour(person.funeralParlour) : null,
  };
}

function publicParlour(parlour: FuneralParlour): FuneralParlour {
  return {
    id: parlour.id,
    name: parlour.name,
    town: parlour.town,
    postalAddress: { street: parlour.postalAddress.street, postalCode: parlour.postalAddress.postalCode, city: parlour.postalAddress.city },
    email: parlour.email,
    phone: parlour.phone,
  };
}
