/**
 * `npm run bench:memorial`: how fast the memorial searches answer, on the
 * simulator's data (~2,100 deceased in the 90-day window, ~460 parlours):
 *   1. the search itself (core/memorial, in this process), and
 *   2. through GET /api/DeceasedPeople/Search and /api/FuneralParlors/Search
 *      of the production build on 127.0.0.1 (API → client → the simulator over
 *      HTTP in the same server, as `npm start` runs it).
 * Queries are what visitors type: growing prefixes of a real (fictional) name,
 * given name then surname, without diacritics, with one typo, sometimes with a
 * town or "the last N days"; parlours by town and name prefixes. Bounded: a
 * fixed number of queries, one request at a time; stops by itself.
 * Target: p95 under 20 ms. Writes bench-results/memorial.json.
 * Options: --no-build (use the build in BUILD_DIR or build), --strict (exit 1 on a miss).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { systemClock } from "#core/clock";
import { deathDateRange } from "#core/memorial/death-window";
import type { DeceasedPerson } from "#core/memorial/memorial-records";
import { seededRandom } from "#core/seeded-random";
import { createMemorialSourceSimulator } from "#integrations/memorial-source/simulator/memorial-source-simulator";
import { buildSite, startServer } from "./bench/server";
import { latencyFigures } from "./bench/latency-figures";

const cwd = process.cwd();
const args = new Set(process.argv.slice(2));
const buildDir = path.resolve(cwd, process.env.BUILD_DIR ?? "build");
const workDir = path.join(cwd, "var", "bench-memorial");
const TARGET_P95_MS = 20;
const DECEASED_QUERIES = 1_500;
const PARLOUR_QUERIES = 500;
const HTTP_DECEASED_REQUESTS = 1_000;
const HTTP_PARLOUR_REQUESTS = 300;
const WARM_UP = 100;
const WINDOW_DAYS = 90;

const figures = latencyFigures;

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

interface DeceasedQuery {
  name: string;
  town?: string;
  withinDays?: number;
}

/** What visitors type, keystroke by keystroke, for people picked by a seeded generator. */
function deceasedQueries(people: DeceasedPerson[], count: number): DeceasedQuery[] {
  const random = seededRandom(20_261_123);
  const queries: DeceasedQuery[] = [];
  while (queries.length < count) {
    const person = people[Math.floor(random() * people.length)]!;
    const given = person.givenNames.split(/[ -]/)[0]!;
    const typing: string[] = [];
    for (let n = 2; n <= Math.min(given.length, 5); n++) typing.push(given.slice(0, n));
    for (let n = 1; n <= Math.min(person.surname.length, 5); n++) typing.push(`${given} ${person.surname.slice(0, n)}`);
    typing.push(fold(`${given} ${person.surname}`));
    if (person.surname.length >= 5) {
      const s = person.surname;
      typing.push(`${given} ${s.slice(0, 2)}${s[3]}${s[2]}${s.slice(4)}`); // two letters swapped
    }
    const extra = random();
    for (const name of typing) {
      if (queries.length >= count) break;
      queries.push(extra < 0.1 ? { name, town: person.homeTown.slice(0, 4) } : extra < 0.2 ? { name, withinDays: 30 } : { name });
    }
  }
  return queries;
}

function parlourQueries(towns: string[], count: number): string[] {
  const random = seededRandom(20_261_124);
  const queries: string[] = [];
  while (queries.length < count) {
    const town = towns[Math.floor(random() * towns.length)]!;
    for (const q of [town.slice(0, 2), town.slice(0, 3), fold(town.slice(0, 5)), `begr ${town.slice(0, 3)}`, `fonus ${fold(town).slice(0, 4)}`]) {
      if (queries.length < count) queries.push(q);
    }
  }
  return queries;
}

function deceasedUrl(origin: string, q: DeceasedQuery): string {
  const params = new URLSearchParams({ name: q.name, pageSize: "10" });
  if (q.town) params.set("town", q.town);
  if (q.withinDays) params.set("withinDays", String(q.withinDays));
  return `${origin}/api/DeceasedPeople/Search?${params}`;
}

async function timeRequests(urls: string[]): Promise<{ samples: number[]; errors: number; statuses: Record<string, number> }> {
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  for (const url of urls) {
    const started = performance.now();
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      samples.push(performance.now() - started);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status !== 200) errors++;
    } catch {
      errors++;
    }
  }
  return { samples, errors, statuses };
}

async function main() {
  // 1. The search itself.
  const simulator = createMemorialSourceSimulator({ clock: systemClock, apiKey: "bench-only-key-0123456789" });
  const dates = deathDateRange(systemClock.now(), WINDOW_DAYS)!;
  const people = simulator.deceased().filter((p) => p.dateOfDeath >= dates.from && p.dateOfDeath <= dates.to);
  const parlours = simulator.parlours();
  const dQueries = deceasedQueries(people, DECEASED_QUERIES);
  const pQueries = parlourQueries([...new Set(parlours.map((p) => p.town))], PARLOUR_QUERIES);
  const deceasedIndex = simulator.deceasedIndex();
  const parlourIndex = simulator.parlourIndex();
  const withinDates = (q: DeceasedQuery) => (q.withinDays ? deathDateRange(systemClock.now(), WINDOW_DAYS, { withinDays: q.withinDays })! : dates);
  for (const q of dQueries.slice(0, WARM_UP)) deceasedIndex.search({ ...q, dates: withinDates(q), limit: 10 });
  const deceasedSamples: number[] = [];
  let hits = 0;
  for (const q of dQueries) {
    const started = performance.now();
    const page = deceasedIndex.search({ ...q, dates: withinDates(q), limit: 10 });
    deceasedSamples.push(performance.now() - started);
    if (page.total > 0) hits++;
  }
  const parlourSamples: number[] = [];
  for (const q of pQueries) {
    const started = performance.now();
    parlourIndex.search({ query: q, limit: 10 });
    parlourSamples.push(performance.now() - started);
  }
  const inProcess = {
    deceased: { ...figures(deceasedSamples), queriesWithHits: hits },
    parlours: figures(parlourSamples),
  };
  console.log(`data: ${people.length} deceased in the ${WINDOW_DAYS}-day window (${dates.from}–${dates.to}), ${parlours.length} parlours`);
  console.log("in process  deceased", inProcess.deceased, "\n            parlours", inProcess.parlours);

  // 2. Through the API of the production build.
  if (!args.has("--no-build")) await buildSite(cwd);
  if (!fs.existsSync(path.join(buildDir, "server-main.js"))) throw new Error(`no production build at ${buildDir} (run without --no-build)`);
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
  const snapshot = path.join(workDir, "build");
  fs.cpSync(buildDir, snapshot, { recursive: true });
  const server = await startServer({
    cwd,
    buildDir: snapshot,
    dbFile: path.join(workDir, "site.db"),
    env: { SEED_DEMO_DATA: "false", JOBS_ENABLED: "false", RATE_LIMIT_MEMORIAL_SEARCHES_PER_MINUTE: "1000000" },
  });
  let api;
  try {
    const dUrls = dQueries.slice(0, HTTP_DECEASED_REQUESTS).map((q) => deceasedUrl(server.origin, q));
    const pUrls = pQueries.slice(0, HTTP_PARLOUR_REQUESTS).map((q) => `${server.origin}/api/FuneralParlors/Search?${new URLSearchParams({ query: q })}`);
    // Warm-up: the simulator generates its days on the first search; the JIT settles.
    await timeRequests([...dUrls.slice(0, WARM_UP), ...pUrls.slice(0, WARM_UP / 2)]);
    const deceased = await timeRequests(dUrls);
    const parlourRun = await timeRequests(pUrls);
    api = {
      deceased: { ...figures(deceased.samples), errors: deceased.errors, statuses: deceased.statuses },
      parlours: { ...figures(parlourRun.samples), errors: parlourRun.errors, statuses: parlourRun.statuses },
    };
  } finally {
    await server.stop();
  }
  console.log("HTTP API    deceased", api.deceased, "\n            parlours", api.parlours);

  const worst = Math.max(inProcess.deceased.p95Ms, inProcess.parlours.p95Ms, api.deceased.p95Ms, api.parlours.p95Ms);
  const met = worst < TARGET_P95_MS && api.deceased.errors === 0 && api.parlours.errors === 0;
  const result = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? "", loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))), node: process.version },
    data: { deceasedInWindow: people.length, parlours: parlours.length, windowDays: WINDOW_DAYS, from: dates.from, to: dates.to },
    targetP95Ms: TARGET_P95_MS,
    inProcess,
    api,
    met,
  };
  fs.mkdirSync(path.join(cwd, "bench-results"), { recursive: true });
  fs.writeFileSync(path.join(cwd, "bench-results", "memorial.json"), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`${met ? "target met" : "TARGET MISSED"}: worst p95 ${worst} ms (target < ${TARGET_P95_MS} ms); bench-results/memorial.json written`);
  if (!met && args.has("--strict")) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
