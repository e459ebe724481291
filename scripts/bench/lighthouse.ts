/**
 * Lighthouse mobile scores (the default config: mobile form factor, simulated
 * throttling) in the system Chromium, started headless with chrome-launcher.
 * With several runs per page the reported score per category is the median,
 * and every audit that kept a category under 100 in any run is listed with
 * how many runs it failed in.
 *
 * Lighthouse is not one of the project's dependencies: its 161 packages made
 * every `npm ci` (and so every CI run) slower for a benchmark run by hand. It
 * has its own package and lock file in scripts/bench/lighthouse-tool/, which
 * this module installs there (`npm ci`) the first time it is needed, and loads
 * from there. The few parts of its result used here are typed below.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { median } from "./median";
import { BROWSER_ARGS } from "./page-weight";

const TOOL_DIR = path.join(import.meta.dirname, "lighthouse-tool");

/** The parts of Lighthouse's result (its `LH.Result`) this benchmark reads. */
interface Result {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  runWarnings: unknown[];
  environment: { benchmarkIndex: number | null };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<
    string,
    | { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number; details?: unknown }
    | undefined
  >;
}

interface LighthouseModule {
  default: (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Result } | undefined>;
  generateReport: (lhr: Result, format: "html") => string;
}

interface ChromeLauncherModule {
  launch: (options: { chromePath: string; chromeFlags: string[]; logLevel: string; handleSIGINT: boolean }) => Promise<{ port: number; kill: () => void }>;
}

/** Installs the pinned Lighthouse into its tool folder once, and loads it and its chrome-launcher. */
async function loadLighthouse(): Promise<{ lighthouse: LighthouseModule; chromeLauncher: ChromeLauncherModule }> {
  if (!fs.existsSync(path.join(TOOL_DIR, "node_modules", "lighthouse"))) {
    console.log("Installing Lighthouse for the benchmark (scripts/bench/lighthouse-tool, once)…");
    execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--ignore-scripts"], { cwd: TOOL_DIR, stdio: "inherit" });
  }
  const require = createRequire(path.join(TOOL_DIR, "package.json"));
  const load = (name: string) => import(pathToFileURL(require.resolve(name)).href);
  return { lighthouse: (await load("lighthouse")) as LighthouseModule, chromeLauncher: (await load("chrome-launcher")) as ChromeLauncherModule };
}

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export interface FailingAudit {
  category: Category;
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  /** The first few rows of the audit's details (primitive fields only), to act on. */
  items?: Record<string, string | number | boolean>[];
  /** Runs in which this audit failed, out of `runs`. */
  failedRuns: number;
}

export interface LighthouseFigures {
  runs: number;
  /** Median score ×100 per category (null when Lighthouse could not score it). */
  scores: Record<Category, number | null>;
  /** Every run's scores, in run order. */
  allRuns: Record<Category, number | null>[];
  failingAudits: FailingAudit[];
  warnings: string[];
  metrics: Record<string, number | null>;
  /** Lighthouse's CPU benchmark of this machine (simulated throttling depends on it). */
  benchmarkIndex: number | null;
  lighthouseVersion: string;
  /** The HTML report of the last run. */
  reportHtml: string;
}

export interface LighthouseSession {
  run: (url: string, options: { runs: number; expectErrorStatus: boolean }) => Promise<LighthouseFigures>;
  close: () => Promise<void>;
}

const ATTEMPTS = 3;

const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
] as const;

const MAX_ITEMS = 5;

/** A compact, JSON-friendly view of an audit's details table. */
function itemsOf(details: unknown): Record<string, string | number | boolean>[] | undefined {
  if (!details || typeof details !== "object" || !("items" in details) || !Array.isArray(details.items)) return undefined;
  const rows = (details.items as unknown[]).slice(0, MAX_ITEMS).flatMap((item) => {
    if (!item || typeof item !== "object") return [];
    const row: Record<string, string | number | boolean> = {};
    for (const [key, value] of Object.entries(item)) {
      if (typeof value === "string") row[key] = value.length > 300 ? `${value.slice(0, 300)}…` : value;
      else if (typeof value === "number" || typeof value === "boolean") row[key] = value;
      else if (value && typeof value === "object" && "snippet" in value && typeof value.snippet === "string") {
        row[key] = value.snippet.slice(0, 300); // node items: the element's HTML
      } else if (value && typeof value === "object" && "url" in value && typeof value.url === "string") {
        row[key] = value.url; // source locations
      }
    }
    return Object.keys(row).length > 0 ? [row] : [];
  });
  return rows.length > 0 ? rows : undefined;
}

/** Audits that cost a category points in this run. */
function failingIn(lhr: Result): Omit<FailingAudit, "failedRuns">[] {
  const failing: Omit<FailingAudit, "failedRuns">[] = [];
  for (const category of CATEGORIES) {
    const result = lhr.categories[category];
    if (!result || result.score === 1) continue;
    for (const ref of result.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      const weighted = ref.weight > 0;
      // Performance scores only its metrics; opportunities with savings (weight 0)
      // are what to act on, so list those as well.
      const opportunity = category === "performance" && audit.scoreDisplayMode === "metricSavings";
      if (!weighted && !opportunity) continue;
      failing.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        ...(itemsOf(audit.details) ? { items: itemsOf(audit.details) } : {}),
      });
    }
  }
  return failing;
}

export async function openLighthouse(chromePath: string): Promise<LighthouseSession> {
  const { lighthouse: lighthouseModule, chromeLauncher } = await loadLighthouse();
  const lighthouse = lighthouseModule.default;
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", ...BROWSER_ARGS],
    logLevel: "silent",
    handleSIGINT: false,
  });

  const runOnce = async (url: string, expectErrorStatus: boolean): Promise<Result> => {
    const flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      // The not-found page answers 404 on purpose; score it anyway.
      ignoreStatusCode: expectErrorStatus,
    };
    // Trace recording fails now and then (NO_NAVSTART, NO_FCP…); Lighthouse's
    // advice is to run again, so a run gets a few attempts.
    let problem = "";
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const result = await lighthouse(url, flags);
      if (!result) problem = "no result";
      else if (result.lhr.runtimeError) problem = `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`;
      else return result.lhr;
      if (attempt < ATTEMPTS) console.warn(`  Lighthouse attempt ${attempt} on ${url} failed (${problem}); trying again`);
    }
    throw new Error(`Lighthouse failed on ${url} ${ATTEMPTS} times; last: ${problem}`);
  };

  return {
    async run(url, { runs, expectErrorStatus }) {
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) results.push(await runOnce(url, expectErrorStatus));

      const allRuns = results.map(
        (lhr) =>
          Object.fromEntries(
            CATEGORIES.map((category) => {
              const score = lhr.categories[category]?.score;
              return [category, typeof score === "number" ? Math.round(score * 100) : null];
            }),
          ) as Record<Category, number | null>,
      );
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [
          category,
          median(allRuns.map((run) => run[category]).filter((score): score is number => score !== null)),
        ]),
      ) as Record<Category, number | null>;

      const audits = new Map<string, FailingAudit>();
      for (const lhr of results) {
        for (const audit of failingIn(lhr)) {
          const key = `${audit.category}/${audit.id}`;
          const known = audits.get(key);
          if (known) known.failedRuns += 1;
          else audits.set(key, { ...audit, failedRuns: 1 });
        }
      }

      const metrics = Object.fromEntries(
        METRICS.map((id) => [
          id,
          median(
            results
              .map((lhr) => lhr.audits[id]?.numericValue)
              .filter((value): value is number => typeof value === "number"),
          ),
        ]),
      );

      const warnings = [...new Set(results.flatMap((lhr) => lhr.runWarnings.map(String)))];
      const last = results[results.length - 1]!;
      return {
        runs,
        scores,
        allRuns,
        failingAudits: [...audits.values()],
        warnings,
        metrics,
        benchmarkIndex: last.environment.benchmarkIndex,
        lighthouseVersion: last.lighthouseVersion,
        reportHtml: lighthouseModule.generateReport(last, "html"),
      };
    },
    async close() {
      chrome.kill();
    },
  };
}
