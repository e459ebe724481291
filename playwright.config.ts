import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end journeys against the production build, in the system Chromium
 * (no browser download is possible on our machines). The server runs with a
 * fresh SQLite file and every outside service simulated.
 */
const PORT = Number(process.env.E2E_PORT ?? 4173);
/**
 * Debian's chromium-headless-shell when it is installed (`.ci/run` installs it): Chromium's old
 * headless mode, the one Playwright itself runs by default, the same engine without the full
 * browser's UI and GPU process. It took ~40 % less CPU than /usr/bin/chromium in headless mode on
 * the same 33 journeys, and the journeys share 2 cores with the server. Else /usr/bin/chromium.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const chromiumPath = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: `test-results/${PORT}`,
  fullyParallel: true,
  // Journeys mostly wait (for the simulated Swish app, BankID's polls, the server's jobs): a whole run
  // uses about 6 CPU-minutes of the 2 cores, and the sum of the journeys' times is 30 minutes. Four at
  // a time keep the cores busy (9.6 minutes, none failed, on a machine busy with other work too).
  // E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 4),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // The production build registers a service worker, and requests it answers
    // are invisible to page.route(). Tests of the worker opt in (offline.spec.ts).
    serviceWorkers: "block",
    // Recording a trace snapshots the page at every action, for every test; in CI
    // only the retry of a failed test records one (about 7 % of the run's time).
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: [/mobile\.spec\.ts/, /\.clock\.spec\.ts/] },
    { name: "mobile", use: { ...devices["Pixel 7"], channel: undefined }, testMatch: /mobile\.spec\.ts/ },
    // Journeys that move the server's clock (POST /_test/clock) would expire other
    // journeys' payments and sessions: they run after all the others, one at a time.
    {
      name: "clock",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: /\.clock\.spec\.ts/,
      dependencies: ["desktop", "mobile"],
      workers: 1,
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_PORT: String(PORT), BUILD_DIR: process.env.BUILD_DIR ?? "build" },
  },
});
