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
 * each with autocannon, 20 connections for 8 s (`--seconds N` to change), asking
 * as a browser does for a compressed page (the floor sends the home page's
 * bytes as a browser gets them), and
 * prints requests per second, p50/p99 latency and the ratio to the floor.
 * Writes bench-results/pages.json. Issue #18's targets: pre-rendered pages at
 * least 50 % of the floor; server-rendered pages 1,000 req/s with p99 < 50 ms.
 * Options: --no-build (use the existing build/), --seconds N.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, preparedBuild, startServer } from "./bench/server";
import { logIn } from "./bench/bankid-login";

const cwd = process.cwd();
const argv = process.argv.slice(2);
const seconds = Number(argv[argv.indexOf("--seconds") + 1]) || 8;
const workDir = path.join(cwd, "var", "bench-pages");
const CONNECTIONS = 20;

interface Row {
  page: string;
  kind: "floor" | "pre-rendered" | "server-rendered";
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** What a browser says it takes: every page is measured as a visitor gets it, compressed. */
const BROWSER_ENCODINGS = { "accept-encoding": "gzip, deflate, br, zstd" };

async function load(url: string, headers: Record<string, string> = {}): Promise<Omit<Row, "page" | "kind">> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { ...BROWSER_ENCODINGS, ...headers } });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
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

const PAGES: Array<{ page: string; kind: Row["kind"]; loggedIn?: boolean; label?: string }> = [
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

async function main(): Promise<void> {
  const buildDir = await preparedBuild(cwd, workDir, { build: !argv.includes("--no-build") });
  const server = await startServer({
    cwd,
    buildDir,
    dbFile: path.join(workDir, "site.db"),
    // Autocannon sends every request from one address: lift the per-visitor limits for the run.
    env: { RATE_LIMIT_BANKID_STARTS_PER_MINUTE: "1000" },
  });
  const rows: Row[] = [];
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
    for (const { page, kind, loggedIn, label } of PAGES) {
      // A short warm-up, so the first requests' module loading is not measured.
      await autocannon({ url: `${server.origin}${page}`, connections: 2, amount: 50, headers: loggedIn ? { cookie: session } : {} });
      rows.push({ page: label ?? page, kind, ...(await load(`${server.origin}${page}`, loggedIn ? { cookie: session } : {})) });
      process.stdout.write(`  ${page}: ${rows.at(-1)!.requestsPerSecond} req/s\n`);
    }
    await measureFloor("last");
  } finally {
    await server.stop();
  }

  const floorRate = Math.max(1, ...rows.filter((row) => row.kind === "floor").map((row) => row.requestsPerSecond));
  console.log(`\n${CONNECTIONS} connections, ${seconds} s each, production build on 127.0.0.1 (SQLite)\n`);
  console.log("| page | kind | req/s | p50 / p99 ms | of the floor |");
  console.log("|---|---|--:|--:|--:|");
  for (const row of rows) {
    const problems = row.non2xx + row.errors > 0 ? ` (${row.non2xx} non-2xx, ${row.errors} errors)` : "";
    console.log(
      `| ${row.page} | ${row.kind} | ${row.requestsPerSecond}${problems} | ${row.p50Ms} / ${row.p99Ms} | ${Math.round((100 * row.requestsPerSecond) / floorRate)} % |`,
    );
  }
  fs.mkdirSync(path.join(cwd, "bench-results"), { recursive: true });
  fs.writeFileSync(path.join(cwd, "bench-results", "pages.json"), `${JSON.stringify({ seconds, connections: CONNECTIONS, rows }, null, 2)}\n`);
}

await main();
