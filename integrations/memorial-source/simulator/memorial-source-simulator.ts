import { Router, type Request, type Response } from "express";
import { timingSafeEqual } from "node:crypto";
import type { Clock } from "#core/clock";
import { dayNumber, isIsoDate, swedishDate } from "#core/calendar/swedish-calendar";
import { DeceasedIndex, ParlourIndex } from "#core/memorial/memorial-search";
import type { DeceasedPerson, FuneralParlour } from "#core/memorial/memorial-records";
import { API_KEY_HEADER, DECEASED_PATH, MAX_SOURCE_LIMIT, PARLOURS_PATH, type WireError } from "../protocol";
import { DEFAULT_SEED, deathsOnDay, generateParlours, type GeneratedDeath, type GeneratedParlour } from "./fictional-data";

/**
 * A local death-notice source speaking the memorial source protocol
 * (../README.md). Mount it under /_sim/memorial-source/ and point the client
 * there. It holds fictional people who died in the last `historyDays` days
 * (120 by default, more than the site's 90-day window, so the window is the
 * site's to enforce) relative to the injected clock, and ~450 parlours.
 *
 * Test inputs, like providers' own test systems, in `name` or `q`:
 *   test-unavailable → 503
 *   test-garbage     → 200 with an HTML body
 *   test-slow        → answers only after `slowMs` (default 25 s, past the client's 20 s)
 */

export interface MemorialSourceSimulatorOptions {
  clock: Clock;
  /** The key callers must send in X-Api-Key. */
  apiKey: string;
  seed?: number;
  historyDays?: number;
  slowMs?: number;
}

export interface MemorialSourceSimulator {
  router: Router;
  /** Everything the simulator holds as of the clock's today (for tests and benchmarks). */
  deceased(): DeceasedPerson[];
  parlours(): FuneralParlour[];
  deceasedIndex(): DeceasedIndex;
  parlourIndex(): ParlourIndex;
}

const DEFAULT_HISTORY_DAYS = 120;

export function createMemorialSourceSimulator(options: MemorialSourceSimulatorOptions): MemorialSourceSimulator {
  const seed = options.seed ?? DEFAULT_SEED;
  const historyDays = options.historyDays ?? DEFAULT_HISTORY_DAYS;
  const slowMs = options.slowMs ?? 25_000;
  const generatedParlours: GeneratedParlour[] = generateParlours(seed);
  const parlours: FuneralParlour[] = generatedParlours.map(({ municipality: _m, county: _c, ...parlour }) => parlour);
  const parlourIndex = new ParlourIndex(parlours);
  const parlourById = new Map(parlours.map((p) => [p.id, p]));
  const days = new Map<number, GeneratedDeath[]>();
  let current: { today: number; people: DeceasedPerson[]; index: DeceasedIndex; byId: Map<string, DeceasedPerson> } | undefined;

  /** Rebuilt when the clock reaches a new day: new deaths, funerals announced, the oldest day gone. */
  const snapshot = () => {
    const today = dayNumber(swedishDate(options.clock.now()));
    if (current?.today === today) return current;
    const people: DeceasedPerson[] = [];
    for (let day = today - historyDays + 1; day <= today; day++) {
      let deaths = days.get(day);
      if (!deaths) {
        deaths = deathsOnDay(day, generatedParlours, seed);
        days.set(day, deaths);
      }
      for (const { person, funeralAnnouncedFromDay } of deaths) {
        const announced = funeralAnnouncedFromDay !== null && funeralAnnouncedFromDay <= today;
        people.push(announced ? person : { ...person, funeralDate: null, funeralParlour: null });
      }
    }
    for (const day of days.keys()) if (day <= today - historyDays) days.delete(day);
    current = { today, people, index: new DeceasedIndex(people), byId: new Map(people.map((p) => [p.id, p])) };
    return current;
  };

  const expected = Buffer.from(options.apiKey);
  const authorised = (req: Request) => {
    const given = Buffer.from(req.get(API_KEY_HEADER) ?? "");
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const router = Router();
  router.use((req, res, next) => {
    res.set("cache-control", "no-store");
    if (!authorised(req)) return fail(res, 401, "unauthorized", "Missing or wrong X-Api-Key.");
    next();
  });

  router.get(DECEASED_PATH, (req, res) => {
    const params = readParams(req, res, { text: "name", required: ["name", "diedFrom", "diedTo"], allowed: ["town", "limit"] });
    if (!params) return;
    const { name, town, diedFrom, diedTo } = params.values as { name: string; town?: string; diedFrom: string; diedTo: string };
    for (const [key, value] of [["diedFrom", diedFrom], ["diedTo", diedTo]] as const) {
      if (!isIsoDate(value)) return fail(res, 400, "invalid_parameter", `${key} must be a date YYYY-MM-DD.`, key);
    }
    testBehaviour(name, res, slowMs, () => {
      const page = snapshot().index.search({ name, town, dates: { from: diedFrom, to: diedTo }, limit: params.limit });
      res.json(page);
    });
  });

  router.get(PARLOURS_PATH, (req, res) => {
    const params = readParams(req, res, { text: "q", required: ["q"], allowed: ["town", "limit"] });
    if (!params) return;
    const { q, town } = params.values as { q: string; town?: string };
    testBehaviour(q, res, slowMs, () => {
      res.json(parlourIndex.search({ query: q, town, limit: params.limit }));
    });
  });

  router.get(`${DECEASED_PATH}/:id`, (req, res) => {
    const person = snapshot().byId.get(req.params.id);
    if (!person) return fail(res, 404, "not_found", "No such person.");
    res.json(person);
  });

  router.get(`${PARLOURS_PATH}/:id`, (req, res) => {
    const parlour = parlourById.get(req.params.id);
    if (!parlour) return fail(res, 404, "not_found", "No such funeral parlour.");
    res.json(parlour);
  });

  router.use((_req, res) => fail(res, 404, "not_found", "No such resource."));

  return {
    router,
    deceased: () => snapshot().people,
    parlours: () => parlours,
    deceasedIndex: () => snapshot().index,
    parlourIndex: () => parlourIndex,
  };
}

function fail(res: Response, status: number, code: WireError["error"]["code"], message: string, parameter?: string): void {
  const body: WireError = { error: { code, message, ...(parameter ? { parameter } : {}) } };
  res.status(status).json(body);
}

interface Params {
  values: Record<string, string | undefined>;
  limit: number;
}

/** Query parameters as the protocol defines them: each once, known names only, limit 1–50 (default 20). */
function readParams(req: Request, res: Response, spec: { text: string; required: string[]; allowed: string[] }): Params | null {
  const known = new Set([...spec.required, ...spec.allowed]);
  const params: Params = { values: {}, limit: 20 };
  for (const [key, value] of Object.entries(req.query)) {
    if (!known.has(key)) {
      fail(res, 400, "invalid_parameter", `Unknown parameter ${key}.`, key);
      return null;
    }
    if (typeof value !== "string" || value.length > 200) {
      fail(res, 400, "invalid_parameter", `${key} must be given once, at most 200 characters.`, key);
      return null;
    }
    params.values[key] = value;
  }
  for (const key of spec.required) {
    if (!params.values[key]?.trim()) {
      fail(res, 400, "invalid_parameter", `${key} is required.`, key);
      return null;
    }
  }
  if (req.query.limit !== undefined) {
    const limit = Number(req.query.limit);
    if (!/^\d+$/.test(String(req.query.limit)) || limit < 1 || limit > MAX_SOURCE_LIMIT) {
      fail(res, 400, "invalid_parameter", `limit must be 1–${MAX_SOURCE_LIMIT}.`, "limit");
      return null;
    }
    params.limit = limit;
  }
  return params;
}

function testBehaviour(text: string, res: Response, slowMs: number, answer: () => void): void {
  const trigger = text.trim().toLowerCase();
  if (trigger === "test-unavailable") return fail(res, 503, "unavailable", "The source is down for maintenance.");
  if (trigger === "test-garbage") {
    res.status(200).type("html").send("<html><body>Underhåll pågår</body></html>");
    return;
  }
  if (trigger === "test-slow") {
    const timer = setTimeout(answer, slowMs);
    res.on("close", () => clearTimeout(timer));
    return;
  }
  answer();
}
