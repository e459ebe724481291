/**
 * What a visitor on a slow phone sees: builds the site, serves the production
 * build on 127.0.0.1 and loads each page several times on a simulated slow
 * phone (scripts/bench/slow-phone.ts), reporting the median first paint,
 * largest paint and hydration. It is the real-visitor side of the choices in
 * docs/decisions/0008 (the scripts start after the first paint), which
 * Lighthouse's simulation alone does not show.
 *
 *   npm run bench:phone [-- --no-build] [-- --runs N]
 *
 * Writes bench-results/phone.json and prints a table. It sets no target and
 * exits non-zero only when the run itself fails.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Browser } from "@playwright/test";
import { launchBrowser } from "./bench/page-weight";
import { median } from "./bench/median";
import { preparedBuild, startServer, type RunningServer } from "./bench/server";
import { SLOW_PHONE, loadOnSlowPhone, type PhoneLoad } from "./bench/slow-phone";

const ROOT = process.cwd();
const WORK_DIR = path.join(ROOT, "var", "bench-phone");
const RESULTS_FILE = path.join(ROOT, "bench-results", "phone.json");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PAGES = ["/", "/om-oss", "/en/about"];

function parseOptions() {
  const { values } = parseArgs({
    options: {
      "no-build": { type: "boolean", default: false },
      runs: { type: "string", default: "7" },
    },
    strict: true,
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 50) throw new Error(`--runs must be a whole number 1–50, got ${values.runs}`);
  return { build: !values["no-build"], runs };
}

async function main(): Promise<void> {
  const options = parseOptions();
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
  const buildDir = await preparedBuild(ROOT, WORK_DIR, options);

  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer({ cwd: ROOT, buildDir, dbFile: path.join(WORK_DIR, "site.db") });
    browser = await launchBrowser(CHROMIUM);
    const pages: { path: string; loads: PhoneLoad[]; median: PhoneLoad }[] = [];
    for (const pagePath of PAGES) {
      const loads: PhoneLoad[] = [];
      for (let run = 0; run < options.runs; run++) loads.push(await loadOnSlowPhone(browser, server.origin + pagePath));
      const of = (key: keyof PhoneLoad) => median(loads.map((load) => load[key])) ?? NaN;
      pages.push({
        path: pagePath,
        loads,
        median: { firstContentfulPaintMs: of("firstContentfulPaintMs"), largestContentfulPaintMs: of("largestContentfulPaintMs"), hydratedMs: of("hydratedMs") },
      });
      console.log(`${pagePath}: ${options.runs} loads`);
    }

    const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);
    console.log(`\nSlow phone (${SLOW_PHONE.latencyMs} ms latency, 1.6 Mbit/s, CPU ${SLOW_PHONE.cpuSlowdown}× slower), median of ${options.runs} loads`);
    console.log("| page        | first paint | largest paint | hydrated |");
    console.log("|:------------|------------:|--------------:|---------:|");
    for (const page of pages) {
      const { firstContentfulPaintMs, largestContentfulPaintMs, hydratedMs } = page.median;
      console.log(`| ${page.path.padEnd(11)} | ${ms(firstContentfulPaintMs).padStart(11)} | ${ms(largestContentfulPaintMs).padStart(13)} | ${ms(hydratedMs)} |`);
    }
    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify({ timestamp: new Date().toISOString(), conditions: SLOW_PHONE, runs: options.runs, pages }, null, 2)}\n`);
    console.log(`\nWrote ${path.relative(ROOT, RESULTS_FILE)}`);
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
