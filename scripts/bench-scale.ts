/**
 * `npm run bench:scale`: do the donor-facing paths stay as fast when the
 * database holds years of giving? For each engine (SQLite; PostgreSQL too when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set, in a schema of its own) two
 * databases are made:
 *   – empty: only the measured donor (the BankID simulator's first person,
 *     198112289874) with 300 gifts over five years;
 *   – full: the same plus a million gifts (one payment each) from 200,000
 *     donors over five years (SCALE=0.1 for a tenth, a quick run).
 * On each, in this process: the tax summary Mina sidor shows (givingOverview),
 * and the yearly KU65 report (core/tax: the plan, then the full file written);
 * and through the production build: the gift form (GET), gift + SwishInit,
 * SwishPoll and Mina sidor logged in (autocannon, 10 connections; the mean
 * latency is compared).
 * Each figure on the full database must stay within 1.5× of the empty one;
 * the report within a minute. The query plans of the measured reads are
 * printed, with and without migration 0021's indexes (dropped inside a
 * transaction that is rolled back), where they differ.
 * Writes bench-results/scale.json and bench-results/scale-plans.txt.
 * Options: --no-build, --seconds N (per HTTP measurement, default 5),
 * --keep (reuse a full database an earlier --keep run filled; saves the fill).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { CompiledQuery, sql, type Kysely, type KyselyPlugin } from "kysely";
import { openDatabase, type Engine } from "#db/dialect";
import { migrateToLatest } from "#db/migrate";
import type { DB } from "#db/schema";
import { givingOverview } from "#core/donors/gift-history";
import { findDonorByPersonnummer } from "#core/donors/donor-repository";
import { agreementsOfDonor } from "#core/agreements/agreement-view";
import { ku65Plan, makeKu65File } from "#core/tax/ku65";
import { systemClock } from "#core/clock";
import { loadSiteConfig } from "#core/site/site-config";
import { preparedBuild, startServer, type RunningServer } from "./bench/server";
import { logIn } from "./bench/bankid-login";
import { benchDonorRows, fill, fillSqliteFile, insertBatch } from "./bench/scale-fill";
import { MIGRATION_0021_DROPPED, MIGRATION_0021_INDEXES } from "#db/migrations/0021-indexes-for-scale";

const cwd = process.cwd();
const argv = process.argv.slice(2);
const seconds = Number(argv[argv.indexOf("--seconds") + 1]) || 5;
const keep = argv.includes("--keep");
const SCALE = Number(process.env.SCALE ?? "1");
if (!(SCALE > 0)) throw new Error("SCALE must be a positive number (1 = a million gifts)");
const GIFTS = Math.round(1_000_000 * SCALE);
const DONORS = Math.round(200_000 * SCALE);
const YEARS = 5;
const PERSONNUMMER = "198112289874";
const DONOR_GIFTS = 300;
const LIMIT = 1.5;
const REPORT_LIMIT_MS = 60_000;
const workDir = path.join(cwd, "var", "bench-scale");
const now = new Date();
const taxYear = now.getUTCFullYear() - 1;
const site = loadSiteConfig({});
const context = { session: "bench", identity: "bench", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "bench" };

interface Measure {
  name: string;
  /** What is compared: mean latency (HTTP under load) or median time (in process), in ms. */
  ms: number;
  detail: string;
}

interface Target {
  engine: Engine;
  kind: "empty" | "full";
  databaseUrl: string;
  dbFile: string;
  drop: () => Promise<void>;
}

/** A plugin that records every query compiled through it, to explain what the code really runs. */
function capturing(db: Kysely<DB>): { db: Kysely<DB>; queries: CompiledQuery[] } {
  const queries: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      queries.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), queries };
}

async function explain(db: Kysely<DB>, engine: Engine, query: CompiledQuery): Promise<string> {
  const prefix = engine === "postgres" ? "explain " : "explain query plan ";
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + query.sql, [...query.parameters]));
  return result.rows.map((row) => (engine === "postgres" ? String(row["QUERY PLAN"]) : `${"  ".repeat(Number(row.parent) ? 1 : 0)}${String(row.detail)}`)).join("\n");
}

class Rollback extends Error {}

/** Each read's plan with 0021's indexes and without them (dropped in a transaction that is rolled back). */
async function plans(db: Kysely<DB>, engine: Engine, queries: CompiledQuery[]): Promise<string> {
  const reads = [...new Map(queries.filter((q) => /^\s*select/i.test(q.sql)).map((q) => [q.sql, q])).values()];
  const after = await Promise.all(reads.map((q) => explain(db, engine, q)));
  const before: string[] = [];
  await db
    .transaction()
    .execute(async (trx) => {
      const applied = await trx.executeQuery<{ n: number }>(
        CompiledQuery.raw(
          engine === "postgres" ? "select count(*)::int as n from pg_indexes where indexname = $1 and schemaname = current_schema()" : "select count(*) as n from sqlite_master where type = 'index' and name = ?",
          [MIGRATION_0021_INDEXES[0]],
        ),
      );
      if (Number(applied.rows[0]?.n) > 0) {
        for (const index of MIGRATION_0021_INDEXES) await sql`drop index ${sql.ref(index)}`.execute(trx);
        for (const index of MIGRATION_0021_DROPPED) await trx.schema.createIndex(index.name).on(index.table).columns([...index.columns]).execute();
      }
      for (const q of reads) before.push(await explain(trx, engine, q));
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  const out: string[] = [];
  reads.forEach((q, i) => {
    const changed = before[i] !== after[i];
    out.push(`-- ${changed ? "CHANGED" : "unchanged"}: ${q.sql}`);
    if (changed) out.push(`before (without 0021):\n${before[i]}`, `after:\n${after[i]}`, "");
    else out.push(after[i]!, "");
  });
  return out.join("\n");
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

async function median(runs: number, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timed(run)).ms);
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function postgresSchema(base: string, name: string, fresh: boolean): Promise<{ url: string; drop: () => Promise<void>; existed: boolean }> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const existed = (await admin.query("select 1 from information_schema.schemata where schema_name = $1", [name])).rowCount === 1;
  if (existed && fresh) await admin.query(`drop schema ${name} cascade`);
  if (!existed || fresh) await admin.query(`create schema ${name}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set("schema", name);
  return {
    url: url.toString(),
    existed: existed && !fresh,
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop schema if exists ${name} cascade`);
      await client.end();
    },
  };
}

async function prepare(engine: Engine, kind: Target["kind"]): Promise<{ target: Target; reused: boolean }> {
  const reuse = keep && kind === "full";
  const dbFile = path.join(workDir, `${engine}-${kind}-${SCALE}.db`);
  if (engine === "sqlite") {
    const reused = reuse && fs.existsSync(dbFile);
    if (!reused) for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(dbFile + suffix, { force: true });
    return {
      reused,
      target: { engine, kind, dbFile, databaseUrl: `sqlite:${dbFile}`, drop: async () => (reuse ? undefined : fs.rmSync(dbFile, { force: true })) },
    };
  }
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("no PostgreSQL URL");
  const name = reuse ? `bench_scale_${String(SCALE).replace(/\W/g, "_")}` : `bench_scale_${crypto.randomBytes(4).toString("hex")}`;
  const schema = await postgresSchema(base, name, !reuse);
  return { reused: schema.existed, target: { engine, kind, dbFile, databaseUrl: schema.url, drop: reuse ? async () => {} : schema.drop } };
}

/** Fills the database (unless reused) and explains the measured reads. */
async function filled(target: Target, reused: boolean) {
  const { db, engine, schema } = openDatabase(target.databaseUrl);
  let fillMs: number | null = null;
  let migrateMs = 0;
  let plansText = "";
  try {
    migrateMs = (await timed(() => migrateToLatest(db, engine, schema))).ms;
    if (!reused) {
      const started = performance.now();
      if (target.kind === "full") {
        let shown = 0;
        const progress = (written: number) => {
          if (written - shown >= 100_000) {
            shown = written;
            process.stdout.write(`  ${engine}: ${written.toLocaleString("en")} gifts, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
          }
        };
        const options = { gifts: GIFTS, donors: DONORS, years: YEARS, now };
        if (engine === "sqlite") fillSqliteFile(target.dbFile, options, progress);
        else await fill(db, engine, options, progress);
      }
      await insertBatch(db, engine, benchDonorRows({ now, years: YEARS, count: DONOR_GIFTS, personnummer: PERSONNUMMER }));
      // PostgreSQL's autovacuum would gather statistics within a minute; SQLite gathers none by itself, so it is left without.
      if (engine === "postgres") await sql`analyze`.execute(db);
      fillMs = performance.now() - started;
    }
    const donor = await findDonorByPersonnummer(db, PERSONNUMMER);
    if (!donor) throw new Error("the measured donor is missing");
    const watched = capturing(db);
    const overview = await givingOverview(watched.db, donor);
    await agreementsOfDonor(watched.db, donor.id, new Date());
    if (overview.gifts.length < DONOR_GIFTS) throw new Error(`the measured donor has ${overview.gifts.length} gifts, not ${DONOR_GIFTS}`);
    await ku65Plan(watched.db, taxYear, "full");
    if (target.kind === "full") plansText = await plans(db, engine, watched.queries);
  } finally {
    await db.destroy();
  }
  return { fillMs, migrateMs, plansText };
}

/** In this process: the tax summary Mina sidor shows and the KU65 plan. */
async function inProcess(target: Target): Promise<Measure[]> {
  const { db } = openDatabase(target.databaseUrl);
  try {
    const donor = await findDonorByPersonnummer(db, PERSONNUMMER);
    if (!donor) throw new Error("the measured donor is missing");
    const summaryMs = await median(15, () => givingOverview(db, donor));
    const plan = await timed(() => ku65Plan(db, taxYear, "full"));
    return [
      { name: `tax summary (Mina sidor's gifts and tax years, ${DONOR_GIFTS} gifts)`, ms: summaryMs, detail: `median of 15: ${summaryMs.toFixed(1)} ms` },
      { name: `KU65 plan for ${taxYear}`, ms: plan.ms, detail: `${plan.value.length} persons in ${(plan.ms / 1000).toFixed(2)} s` },
    ];
  } finally {
    await db.destroy();
  }
}

/** Writes the year's full KU65 file (after the HTTP measurements: it records what it says). */
async function reportFile(target: Target): Promise<Measure> {
  const { db } = openDatabase(target.databaseUrl);
  try {
    const file = await timed(() => makeKu65File({ db, clock: systemClock, site }, taxYear, "full", "bench:scale"));
    const count = file.value?.statements.length ?? 0;
    return { name: `KU65 file for ${taxYear} (full, recorded)`, ms: file.ms, detail: `${count} statements, ${(file.value?.xml.length ?? 0).toLocaleString("sv-SE")} bytes in ${(file.ms / 1000).toFixed(2)} s` };
  } finally {
    await db.destroy();
  }
}

function initBody(): string {
  return JSON.stringify({ context, payload: { amount: 250, name: "Bench Givare", email: "bench@exempel.se", idempotencyKey: crypto.randomUUID() } });
}

async function cannon(url: string, options: Partial<autocannon.Options>): Promise<Measure & { rps: number }> {
  const result = await autocannon({ url, connections: 10, duration: seconds, ...options });
  const problems = result.non2xx + result.errors + result.timeouts;
  return {
    name: url,
    // Nothing answered in time counts as slowest, never as the best round.
    ms: result.requests.total > 0 ? result.latency.mean : Number.POSITIVE_INFINITY,
    rps: Math.round(result.requests.average),
    detail: `${Math.round(result.requests.average)} req/s, mean ${result.latency.mean.toFixed(1)} ms, p50 ${result.latency.p50} / p99 ${result.latency.p99} ms${problems > 0 ? ` (${result.non2xx} non-2xx, ${result.errors + result.timeouts} errors)` : ""}`,
  };
}

interface Served {
  server: RunningServer;
  session: string;
  paymentIds: string[];
}

/** Starts the server, three times at most: other sessions dropping their test schemas can trip PostgreSQL's catalogue reads at start-up. */
async function startWithRetries(options: Parameters<typeof startServer>[0]): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServer(options);
    } catch (error) {
      if (attempt >= 3) throw error;
      process.stdout.write(`  the server did not start (${(error as Error).message.split("\n")[0]}); again\n`);
    }
  }
}

async function serve(target: Target, buildDir: string): Promise<Served> {
  const server: RunningServer = await startWithRetries({
    cwd,
    buildDir,
    dbFile: target.dbFile,
    keepDatabase: true,
    databaseUrl: target.engine === "postgres" ? target.databaseUrl : undefined,
    timeoutMs: 300_000,
    env: {
      SEED_DEMO_DATA: "false",
      RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: "1000000",
      RATE_LIMIT_POLLS_PER_MINUTE: "1000000",
      RATE_LIMIT_BANKID_STARTS_PER_MINUTE: "1000",
    },
  });
  try {
    const paymentIds: string[] = [];
    for (let i = 0; i < 50; i++) {
      const response = await fetch(`${server.origin}/api/SwishInit`, { method: "POST", headers: { "content-type": "application/json" }, body: initBody() });
      const body = (await response.json()) as { paymentId?: string };
      if (!body.paymentId) throw new Error(`SwishInit failed: ${JSON.stringify(body)}`);
      paymentIds.push(body.paymentId);
    }
    return { server, paymentIds, session: await logIn(server, PERSONNUMMER) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** The HTTP measurements, each a function of a served database. */
const HTTP_MEASURES: Array<{ name: string; run: (served: Served) => Promise<Measure> }> = [
  { name: "gift form (GET /ge-en-gava)", run: async ({ server }) => cannon(`${server.origin}/ge-en-gava`, {}) },
  {
    name: "gift + SwishInit (POST)",
    run: async ({ server }) =>
      cannon(`${server.origin}/api/SwishInit`, {
        requests: [{ method: "POST", headers: { "content-type": "application/json" }, setupRequest: (req) => ({ ...req, body: initBody() }) }],
      }),
  },
  {
    // Closed loop (10 connections, each polling as soon as it has its answer): on a shared machine
    // a fixed 200 per second can be more than it has, and then queueing, not the database, sets the figure.
    name: "SwishPoll (10 connections)",
    run: async ({ server, paymentIds }) => {
      let next = 0;
      return cannon(`${server.origin}/api/SwishPoll`, {
        requests: [
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ context, payload: { paymentId: paymentIds[next++ % paymentIds.length] } }) }),
          },
        ],
      });
    },
  },
  {
    name: `Mina sidor, logged in (${DONOR_GIFTS} gifts)`,
    run: async ({ server, session }) => cannon(`${server.origin}/mina-sidor`, { headers: { cookie: session } }),
  },
];

/**
 * Runs each measurement on the empty and the full database in turn, ROUNDS
 * times, and keeps each side's best: other work on a shared machine then
 * weighs on both sides alike instead of on whichever ran during it.
 */
const ROUNDS = 2;

async function alternating(
  names: string[],
  run: (index: number, side: "empty" | "full") => Promise<Measure>,
): Promise<Record<"empty" | "full", Measure[]>> {
  const best: Record<"empty" | "full", Measure[]> = { empty: [], full: [] };
  for (let i = 0; i < names.length; i++) {
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of ["empty", "full"] as const) {
        const measure = { ...(await run(i, side)), name: names[i]! };
        if (!best[side][i] || measure.ms < best[side][i]!.ms) best[side][i] = measure;
      }
    }
  }
  return best;
}

async function main(): Promise<void> {
  const buildDir = await preparedBuild(cwd, workDir, { build: !argv.includes("--no-build") });
  const engines: Engine[] = ["sqlite"];
  if (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) engines.push("postgres");
  const results: Array<{ engine: Engine; fillMs: number | null; migrateMs: number; empty: Measure[]; full: Measure[] }> = [];
  const planTexts: string[] = [];
  for (const engine of engines) {
    const empty = await prepare(engine, "empty");
    const full = await prepare(engine, "full");
    const targets = { empty: empty.target, full: full.target };
    try {
      process.stdout.write(`${engine}: filling the empty database…\n`);
      await filled(empty.target, empty.reused);
      process.stdout.write(`${engine}: ${full.reused ? "reusing the filled database (migrating it)" : "filling the full database"}…\n`);
      const prepared = await filled(full.target, full.reused);
      planTexts.push(`==== ${engine} (${GIFTS.toLocaleString("en")} gifts) ====\n${prepared.plansText}`);
      const local = await alternating([`tax summary (Mina sidor's gifts and tax years, ${DONOR_GIFTS} gifts)`, `KU65 plan for ${taxYear}`], async (i, side) => (await inProcess(targets[side]))[i]!);
      const emptyServed = await serve(empty.target, buildDir);
      const fullServed = await serve(full.target, buildDir).catch(async (error: unknown) => {
        await emptyServed.server.stop();
        throw error;
      });
      const served = { empty: emptyServed, full: fullServed };
      let http: Record<"empty" | "full", Measure[]>;
      try {
        http = await alternating(
          HTTP_MEASURES.map((m) => m.name),
          (i, side) => HTTP_MEASURES[i]!.run(served[side]),
        );
      } finally {
        await served.empty.server.stop();
        await served.full.server.stop();
      }
      const measured = {
        empty: [...local.empty, ...http.empty, await reportFile(empty.target)],
        full: [...local.full, ...http.full, await reportFile(full.target)],
      };
      for (const side of ["empty", "full"] as const) for (const m of measured[side]) process.stdout.write(`  ${side}: ${m.name}: ${m.detail}\n`);
      results.push({ engine, fillMs: prepared.fillMs, migrateMs: prepared.migrateMs, ...measured });
    } finally {
      await empty.target.drop();
      await full.target.drop();
    }
  }

  console.log(`\n${GIFTS.toLocaleString("en")} gifts from ${DONORS.toLocaleString("en")} donors over ${YEARS} years vs an empty database (the measured donor only); HTTP: ${seconds} s each, production build on 127.0.0.1\n`);
  console.log("| database | what | empty | full | full ÷ empty | target |");
  console.log("|:--|:--|--:|--:|--:|:--|");
  let failed = 0;
  for (const r of results) {
    if (r.fillMs !== null) console.log(`| ${r.engine} | fill (${GIFTS.toLocaleString("en")} gifts, ${DONORS.toLocaleString("en")} donors) | | ${(r.fillMs / 1000).toFixed(1)} s | | |`);
    for (const full of r.full) {
      const empty = r.empty.find((m) => m.name === full.name);
      const ratio = empty ? full.ms / empty.ms : NaN;
      const report = full.name.startsWith("KU65");
      const met = report ? full.ms < REPORT_LIMIT_MS : ratio <= LIMIT;
      if (!met) failed++;
      console.log(
        `| ${r.engine} | ${full.name} | ${empty?.detail ?? "–"} | ${full.detail} | ${report ? "–" : `${ratio.toFixed(2)}×`} | ${report ? "< 60 s" : `≤ ${LIMIT}×`} ${met ? "met" : "MISSED"} |`,
      );
    }
  }
  fs.mkdirSync(path.join(cwd, "bench-results"), { recursive: true });
  fs.writeFileSync(path.join(cwd, "bench-results", "scale-plans.txt"), `${planTexts.join("\n")}\n`);
  fs.writeFileSync(
    path.join(cwd, "bench-results", "scale.json"),
    `${JSON.stringify({ at: now.toISOString(), scale: SCALE, gifts: GIFTS, donors: DONORS, seconds, machine: { cpus: os.cpus().length, node: process.version }, results }, null, 2)}\n`,
  );
  console.log(`\nQuery plans: bench-results/scale-plans.txt. ${failed === 0 ? "Every target met." : `${failed} target(s) missed.`}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
