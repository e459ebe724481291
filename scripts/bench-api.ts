/**
 * `npm run bench:api`: load on the payment API of the production build, on
 * 127.0.0.1 only, bounded in time:
 *   1. gift creation + SwishInit (each request a new gift and Swish request, from a donor of its own),
 *      as fast as 10 connections go, for 10 s;
 *   2. SwishPoll at a constant 200 requests per second for 15 s – one request
 *      every 5 ms, as independent donors' browsers poll – spread over 50 pending
 *      payments (so the server also asks the Swish simulator about each one
 *      every 2 s, as it would in production). This is the issue's target;
 *   3. the same 200 per second as autocannon sends them: a burst of 200 at the
 *      start of each second (its rate limit lets every connection send its
 *      share back to back). A harsher load than the target, reported beside it.
 * Runs on SQLite, and on PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set. Prints a table; writes bench-results/api.json.
 * Target: SwishPoll p99 below 50 ms at 200 requests per second; gift +
 * SwishInit at least 400 a second on either database (issue #33).
 * `-- --init-only` measures only the first scenario; `-- --no-build` uses the
 * existing build; `-- --cpu-prof DIR` has each server write a CPU profile;
 * `-- --swish-apart` runs the Swish simulator as a process of its own
 * (SWISH_SIMULATOR_URL), so that the figure is the site's share of each gift
 * alone, as with the real Swish, instead of the site's and Swish's on one core;
 * `-- --db sqlite` or `-- --db postgres` measures that database only.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { preparedBuild, startServer, startSwishSimulator, type RunningServer } from "./bench/server";
import { runConstantRate } from "./bench/constant-rate";
import { donorAddress } from "./bench/donor-address";

const cwd = process.cwd();
const argv = process.argv.slice(2);
const args = new Set(argv);
/** `-- --cpu-prof DIR`: each scenario's server writes a CPU profile there (see where a request's time goes). */
const cpuProfileDir = args.has("--cpu-prof") ? path.resolve(argv[argv.indexOf("--cpu-prof") + 1] ?? "var/cpu-profiles") : null;
const workDir = path.join(cwd, "var", "bench-api");
const swishApart = args.has("--swish-apart");
/** `-- --db sqlite` or `-- --db postgres`: that database only (default: SQLite, and PostgreSQL when a URL is set). */
const only = args.has("--db") ? argv[argv.indexOf("--db") + 1] : null;
const context = { session: "bench", identity: "bench", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "bench" };

interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
}

function initBody(): string {
  return JSON.stringify({
    context,
    payload: { amount: 250, name: "Bench Givare", email: "bench@exempel.se", idempotencyKey: crypto.randomUUID() },
  });
}

function figures(result: autocannon.Result): Figures {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

async function benchInit(server: RunningServer): Promise<Figures> {
  let donors = 0;
  const result = await autocannon({
    url: `${server.origin}/api/SwishInit`,
    connections: 10,
    duration: 10,
    requests: [
      {
        method: "POST",
        setupRequest: (req) => ({ ...req, headers: { "content-type": "application/json", "x-forwarded-for": donorAddress(donors++) }, body: initBody() }),
      },
    ],
  });
  return figures(result);
}

/**
 * Donors start paying at different moments; created all at once, the 50
 * payments would fall due for their provider check (every 2 s) together.
 */
async function pendingPayments(server: RunningServer, count = 50): Promise<string[]> {
  const paymentIds: string[] = [];
  for (let i = 0; i < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 40));
    const response = await fetch(`${server.origin}/api/SwishInit`, { method: "POST", headers: { "content-type": "application/json" }, body: initBody() });
    const body = (await response.json()) as { paymentId?: string };
    if (!body.paymentId) throw new Error(`SwishInit failed while preparing the poll benchmark: ${JSON.stringify(body)}`);
    paymentIds.push(body.paymentId);
  }
  return paymentIds;
}

function pollBody(paymentIds: string[], index: number): string {
  return JSON.stringify({ context, payload: { paymentId: paymentIds[index % paymentIds.length] } });
}

async function benchPoll(server: RunningServer): Promise<Figures> {
  const paymentIds = await pendingPayments(server);
  const result = await runConstantRate({ url: `${server.origin}/api/SwishPoll`, rate: 200, durationSeconds: 15, body: (i) => pollBody(paymentIds, i) });
  return {
    requestsPerSecond: result.requestsPerSecond,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    errors: result.errors,
    non2xx: result.non2xx,
    requests: result.requests,
  };
}

async function benchPollBursts(server: RunningServer): Promise<Figures> {
  const paymentIds = await pendingPayments(server);
  let next = 0;
  const result = await autocannon({
    url: `${server.origin}/api/SwishPoll`,
    connections: 20,
    overallRate: 200,
    duration: 15,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        setupRequest: (req) => ({ ...req, body: pollBody(paymentIds, next++) }),
      },
    ],
  });
  return figures(result);
}

async function postgresUrl(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const schema = `bench_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set("schema", schema);
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/**
 * Each scenario gets a fresh server and database, so the hundreds of payments
 * the first scenario leaves pending (and their reconciliation) do not load the
 * second one.
 */
async function runOn(engine: string, buildDir: string, databaseUrl: () => Promise<{ url?: string; drop: () => Promise<void> }>) {
  const measure = async <T>(scenario: (server: RunningServer) => Promise<T>): Promise<T> => {
    const database = await databaseUrl();
    const swish = swishApart ? await startSwishSimulator({ cwd, stateDir: path.join(workDir, engine, "swish-sim") }) : null;
    const server = await startServer({
      cwd,
      buildDir,
      dbFile: path.join(workDir, engine, "site.db"),
      databaseUrl: database.url,
      ...(cpuProfileDir ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${path.join(cpuProfileDir, engine)}`] } : {}),
      env: {
        RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: "1000000",
        RATE_LIMIT_POLLS_PER_MINUTE: "1000000",
        SEED_DEMO_DATA: "false",
        // Behind a proxy, so that each gift comes from a donor of its own (scripts/bench/donor-address.ts).
        TRUST_PROXY_HOPS: "1",
        ...(swish ? { SWISH_SIMULATOR_URL: swish.url } : {}),
      },
    });
    try {
      return await scenario(server);
    } finally {
      await server.stop();
      await swish?.stop();
      await database.drop();
    }
  };
  const init = await measure(benchInit);
  if (args.has("--init-only")) return { engine, init };
  const poll = await measure(benchPoll);
  const pollBursts = await measure(benchPollBursts);
  return { engine, init, poll, pollBursts };
}

async function main() {
  const buildDir = await preparedBuild(cwd, workDir, { build: !args.has("--no-build") });
  const sqlite = async () => {
    fs.rmSync(path.join(workDir, "sqlite"), { recursive: true, force: true });
    return { drop: async () => {} };
  };
  const runs = only === "postgres" ? [] : [await runOn("sqlite", buildDir, sqlite)];
  if (only !== "sqlite" && (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL)) {
    runs.push(
      await runOn("postgres", buildDir, async () => {
        const target = await postgresUrl();
        if (!target) throw new Error("no PostgreSQL URL");
        fs.rmSync(path.join(workDir, "postgres"), { recursive: true, force: true });
        return target;
      }),
    );
  }
  const swishWhere = swishApart ? "Swish apart" : "Swish in-process";
  const rows = runs.flatMap((r) => [
    [r.engine, `gift + SwishInit (10 conn., ${swishWhere})`, r.init] as const,
    ...(r.poll && r.pollBursts
      ? ([
          [r.engine, "SwishPoll at 200 req/s (one every 5 ms)", r.poll],
          [r.engine, "SwishPoll, 200 in a burst each second", r.pollBursts],
        ] as const)
      : []),
  ]);
  console.log("\n| database | scenario | req/s | p50 ms | p99 ms | requests | errors | non-2xx |");
  console.log("|:--|:--|--:|--:|--:|--:|--:|--:|");
  for (const [engine, name, f] of rows) {
    console.log(`| ${engine} | ${name} | ${f.requestsPerSecond} | ${f.p50Ms} | ${f.p99Ms} | ${f.requests} | ${f.errors} | ${f.non2xx} |`);
  }
  for (const r of runs) {
    if (!r.poll) continue;
    const met = r.poll.p99Ms < 50 && r.poll.errors === 0 && r.poll.non2xx === 0;
    console.log(`${r.engine}: SwishPoll p99 ${r.poll.p99Ms} ms at ${r.poll.requestsPerSecond} req/s – target (< 50 ms at 200 req/s) ${met ? "met" : "MISSED"}`);
  }
  fs.mkdirSync(path.join(cwd, "bench-results"), { recursive: true });
  fs.writeFileSync(
    path.join(cwd, "bench-results", "api.json"),
    JSON.stringify({ at: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version }, swishApart, runs }, null, 2),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
