/**
 * `npm run bench:pages`: what one production server gives each page type, on
 * 127.0.0.1 only, bounded in time. In one run:
 *   – the floor: a bare Node `http` server (its own process) sending the home
 *     page's bytes from memory, the most this machine can answer – measured
 *     first and last, the ratios taken to the higher of the two;
 *   – each page type through the production build: pre-rendered (home, a
 *     content page) and server-rendered (the gift forms, search, research,
 *     Mina sidor logged in with the BankID simulator, and the gift form for
 *     that logged-in donor – rendered for them alone, as Mina sidor is);
 *   – the second floor (issue #33): a blank React Router 7 app in framework
 *     mode, one route rendered on the server per request and served by
 *     Express through @react-router/express, written and built by this script
 *     from the project's own packages (scripts/bench/blank-app.ts) – also
 *     running beside the site and measured just before each page rendered per
 *     visitor (the load on a shared machine moves by the minute), whose ratio
 *     is taken to that measurement (issue #33's target: at least 0.5);
 * each with autocannon, 20 connections for 8 s (`--seconds N` to change), asking
 * as a browser does for a compressed page (the floor sends the home page's
 * bytes as a browser gets them), and
 * prints requests per second, p50/p99 latency and the ratios to both floors.
 * Writes bench-results/pages.json. Issue #18's targets: pre-rendered pages at
 * least 50 % of the floor; server-rendered pages 1,000 req/s with p99 < 50 ms.
 * Options: --no-build (use the existing build/), --seconds N, --per-visitor
 * (only the two floors and issue #33's pages rendered per visitor: a shorter
 * run), --cpu-prof DIR (the site's server writes a V8 CPU profile there when
 * it stops).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, preparedBuild, startServer } from "./bench/server";
import { logIn } from "./bench/bankid-login";
import { buildBlankApp, startBlankApp } from "./bench/blank-app";

const cwd = process.cwd();
const argv = process.argv.slice(2);
const seconds = Number(argv[argv.indexOf("--seconds") + 1]) || 8;
const workDir = path.join(cwd, "var", "bench-pages");
const CONNECTIONS = 20;
const PER_VISITOR_ONLY = argv.includes("--per-visitor");
const CPU_PROFILE_DIR = argv.includes("--cpu-prof") ? path.resolve(argv[argv.indexOf("--cpu-prof") + 1] ?? "var/cpu-profiles") : null;

interface Row {
  page: string;
  kind: "floor" | "blank app" | "pre-rendered" | "server-rendered" | "per visitor";
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** A page rendered per visitor: the blank app's req/s measured just before it, which its ratio is taken to. */
  blankRate?: number;
}

/** What a browser says it takes: every page is measured as a visitor gets it, compressed. */
const BROWSER_ENCODINGS = { "accept-encoding": "gzip, deflate, br, zstd" };

async function load(url: string, headers: Record<string, string> = {}, expectStatus = 200): Promise<Omit<Row, "page" | "kind">> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { ...BROWSER_ENCODINGS, ...headers } });
  // The not-found page is meant to answer 404: only answers other than the expected one are problems.
  const expected = expectStatus === 200 ? result["2xx"] : ((result.statusCodeStats as Record<string, { count: number }> | undefined)?.[String(expectStatus)]?.count ?? 0);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: Math.max(0, result["2xx"] + result.non2xx - expected),
    errors: result.errors + result.timeouts,
  };
}

/** A page's bytes and headers exactly as the server sends them to a browser (fetch would decompress them). */
async function rawGet(url: string): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_ENCODINGS }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const headers: Record<string, string> = { "content-type": String(response.headers["content-type"] ?? "text/html") };
          if (response.headers["content-encoding"]) headers["content-encoding"] = String(response.headers["content-encoding"]);
          resolve({ body: Buffer.concat(chunks), headers });
        });
      })
      .on("error", reject);
  });
}

/** The floor: the same bytes from a bare http server in a process of its own (so autocannon does not share its thread). */
async function startFloor(body: Buffer, headers: Record<string, string>): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const file = path.join(workDir, "floor-body.html");
  fs.writeFileSync(file, body);
  const script = `
    const http = require("node:http");
    const body = require("node:fs").readFileSync(${JSON.stringify(file)});
    const headers = { ...${JSON.stringify(headers)}, "content-length": body.length };
    http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
      .listen(${port}, "127.0.0.1", () => process.stdout.write("ready\\n"));`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`floor server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

const PAGES: Array<{ page: string; kind: Row["kind"]; loggedIn?: boolean; label?: string; expectStatus?: number }> = [
  { page: "/", kind: "pre-rendered" },
  { page: "/om-oss", kind: "pre-rendered" },
  { page: "/ge-en-gava", kind: "server-rendered" },
  { page: "/ge-en-gava/minnesgava", kind: "server-rendered" },
  { page: "/ge-en-gava/gratulationskort", kind: "server-rendered" },
  { page: "/ge-en-gava/manadsgava", kind: "server-rendered" },
  { page: "/sok?query=hj%C3%A4rta", kind: "server-rendered" },
  { page: "/forskning/projekt", kind: "server-rendered" },
  { page: "/mina-sidor", kind: "server-rendered", loggedIn: true },
  // The same gift form for a logged-in donor is rendered for them alone, like Mina sidor: what any personal page costs.
  { page: "/ge-en-gava", kind: "server-rendered", loggedIn: true, label: "/ge-en-gava, logged in" },
];

/**
 * Issue #33's pages rendered for each visitor, each measured against the blank
 * React Router app: the login pages, the not-found page, Mina sidor and the
 * gift form for a logged-in donor, the collection start pages.
 */
const PER_VISITOR: typeof PAGES = [
  { page: "/logga-in", kind: "per visitor" },
  { page: "/admin/logga-in", kind: "per visitor" },
  { page: "/finns-inte-har", kind: "per visitor", label: "not found (/finns-inte-har)", expectStatus: 404 },
  { page: "/mina-sidor", kind: "per visitor", loggedIn: true, label: "/mina-sidor, logged in" },
  { page: "/ge-en-gava", kind: "per visitor", loggedIn: true, label: "/ge-en-gava, logged in" },
  { page: "/minnesinsamling", kind: "per visitor" },
  { page: "/insamling", kind: "per visitor" },
];

async function main(): Promise<void> {
  const buildDir = await preparedBuild(cwd, workDir, { build: !argv.includes("--no-build") });
  const blankDir = await buildBlankApp(cwd, path.join(workDir, "blank-app"));
  if (CPU_PROFILE_DIR) fs.mkdirSync(CPU_PROFILE_DIR, { recursive: true });
  const server = await startServer({
    cwd,
    buildDir,
    dbFile: path.join(workDir, "site.db"),
    // Autocannon sends every request from one address: lift the per-visitor limits for the run.
    env: { RATE_LIMIT_BANKID_STARTS_PER_MINUTE: "1000" },
    ...(CPU_PROFILE_DIR ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${CPU_PROFILE_DIR}`] } : {}),
  });
  const rows: Row[] = [];
  // The blank app runs beside the site for the whole run and is measured just before each page rendered per visitor:
  // on a shared machine the load moves by the minute, and a page is compared with the blank app of the same minute.
  const blank = await startBlankApp(blankDir, await freePort());
  await autocannon({ url: blank.url, connections: 2, amount: 50 });
  try {
    const home = await rawGet(`${server.origin}/`);
    // The floor before and after the pages: on a shared machine it moves, and the higher one makes the fairer ratio.
    const measureFloor = async (when: string) => {
      const floor = await startFloor(home.body, home.headers);
      try {
        rows.push({ page: `bare Node http, same bytes (${when})`, kind: "floor", ...(await load(floor.url)) });
      } finally {
        floor.stop();
      }
    };
    await measureFloor("first");
    const session = await logIn(server);
    for (const { page, kind, loggedIn, label, expectStatus } of PER_VISITOR_ONLY ? PER_VISITOR : [...PAGES, ...PER_VISITOR]) {
      const headers: Record<string, string> = loggedIn ? { cookie: session } : {};
      let blankRate: number | undefined;
      if (kind === "per visitor") {
        rows.push({ page: `blank React Router app (before ${label ?? page})`, kind: "blank app", ...(await load(blank.url)) });
        blankRate = rows.at(-1)!.requestsPerSecond;
      }
      // A short warm-up, so the first requests' module loading is not measured.
      await autocannon({ url: `${server.origin}${page}`, connections: 2, amount: 50, headers });
      rows.push({ page: label ?? page, kind, ...(await load(`${server.origin}${page}`, headers, expectStatus)), ...(blankRate ? { blankRate } : {}) });
      process.stdout.write(`  ${label ?? page}: ${rows.at(-1)!.requestsPerSecond} req/s${blankRate ? ` (blank app just before: ${blankRate})` : ""}\n`);
    }
    await measureFloor("last");
  } finally {
    blank.stop();
    await server.stop();
  }

  const floorRate = Math.max(1, ...rows.filter((row) => row.kind === "floor").map((row) => row.requestsPerSecond));
  const ofBlank = (row: Row) => (row.blankRate ? Number((row.requestsPerSecond / row.blankRate).toFixed(2)) : null);
  console.log(`\n${CONNECTIONS} connections, ${seconds} s each, production build on 127.0.0.1 (SQLite); load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}\n`);
  console.log("| page | kind | req/s | p50 / p99 ms | of the floor | × the blank app just before |");
  console.log("|---|---|--:|--:|--:|--:|");
  for (const row of rows) {
    const problems = row.non2xx + row.errors > 0 ? ` (${row.non2xx} unexpected status, ${row.errors} errors)` : "";
    console.log(
      `| ${row.page} | ${row.kind} | ${row.requestsPerSecond}${problems} | ${row.p50Ms} / ${row.p99Ms} | ${Math.round((100 * row.requestsPerSecond) / floorRate)} % | ${ofBlank(row)?.toFixed(2) ?? ""} |`,
    );
  }
  fs.mkdirSync(path.join(cwd, "bench-results"), { recursive: true });
  fs.writeFileSync(
    path.join(cwd, "bench-results", "pages.json"),
    `${JSON.stringify({ seconds, connections: CONNECTIONS, floorRate, loadAverage: os.loadavg(), rows: rows.map((row) => ({ ...row, ofBlankApp: ofBlank(row) })) }, null, 2)}\n`,
  );
}

await main();
