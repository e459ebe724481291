import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { E2E_PORT, e2eFixtureEnv } from "./e2e-server-env";

/**
 * The scripts journeys run against the e2e server's database: test fixtures
 * (tests/e2e/*-fixture.ts) and the operators' own commands (scripts/*.ts).
 * Run through tsx, each call compiled the core it imports anew: 2–3 s of CPU
 * a call, some seventy calls a run, taken from the browsers and the server on
 * a 2-core machine. tests/e2e/global-setup.ts bundles them once per run
 * instead (Vite's SSR build, dependencies left in node_modules, as the
 * migration bundle is made), and a call starts plain Node on the bundle.
 */
export const FIXTURE_SCRIPTS = [
  "tests/e2e/admin-fixture.ts",
  "tests/e2e/agreement-fixture.ts",
  "tests/e2e/company-christmas-fixture.ts",
  "tests/e2e/fundraiser-team-fixture.ts",
  "tests/e2e/gift-documents-fixture.ts",
  "tests/e2e/memorial-order-fixture.ts",
  "tests/e2e/postal-form-fixture.ts",
  "scripts/fulfilment.ts",
  "scripts/mydata-link.ts",
  "scripts/payments-import.ts",
  "scripts/staff-add.ts",
  "scripts/tax-ku65.ts",
] as const;

export type FixtureScript = (typeof FIXTURE_SCRIPTS)[number];

/** Where this run's bundles are: per E2E_PORT, so that runs side by side do not share them. */
export const FIXTURE_BUNDLE_DIR = `var/e2e-fixtures-${E2E_PORT}`;

function bundleOf(script: FixtureScript): string {
  return path.join(FIXTURE_BUNDLE_DIR, `${path.basename(script, ".ts")}.mjs`);
}

/** Bundles every fixture script (global setup, once a run). */
export async function bundleFixtureScripts(): Promise<void> {
  const { build } = await import("vite");
  await build({
    configFile: false,
    publicDir: false,
    logLevel: "warn",
    build: {
      ssr: true,
      outDir: FIXTURE_BUNDLE_DIR,
      emptyOutDir: true,
      target: "node20",
      minify: false,
      rollupOptions: {
        input: Object.fromEntries(FIXTURE_SCRIPTS.map((script) => [path.basename(script, ".ts"), script])),
        output: { format: "es", entryFileNames: "[name].mjs", chunkFileNames: "chunks/[name]-[hash].mjs" },
      },
    },
  });
}

/** Runs a fixture script with these arguments against the e2e server's database; answers what it printed. */
export function runFixture(script: FixtureScript, args: string[] = [], env: NodeJS.ProcessEnv = e2eFixtureEnv): string {
  const bundle = bundleOf(script);
  if (!fs.existsSync(bundle)) throw new Error(`${bundle} is missing: tests/e2e/global-setup.ts bundles the fixture scripts before the journeys run`);
  return execFileSync(process.execPath, [bundle, ...args], { env, encoding: "utf8" });
}
