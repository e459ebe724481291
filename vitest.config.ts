import { defineConfig } from "vitest/config";

// Unit and integration tests sit beside the code as *.test.ts(x); tests of the
// project as a whole (lint boundaries, configuration docs) sit in tests/. End-to-end
// journeys live in tests/e2e and are run by Playwright, not Vitest.
export default defineConfig({
  test: {
    include: ["{app,core,db,documents,integrations,server,scripts}/**/*.test.{ts,tsx}", "tests/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    pool: "forks",
    // Names the run's PostgreSQL test databases and drops them when it ends (tests/support/postgres-test-databases.ts).
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    // One module cache per worker, not per file: importing the app's modules anew
    // for each of ~160 files cost more than the tests themselves (3.1 → 1.6 min for
    // the suite). The price is a rule: a test that changes something global
    // (fake timers, stubbed globals, process.env) restores it in afterEach.
    isolate: false,
    // Vitest's default is one worker fewer than the cores: one on our 2-core machines, so the
    // suite ran file after file while most tests wait on PostgreSQL, servers and timers. Three
    // keep both cores busy (whole suite on SQLite and PostgreSQL, quiet machine: 168 s with one
    // worker, 118 s with three, 130 s with four). Parallel files need migrations that do not read
    // other tests' schemas (db/migration-introspection.ts).
    maxWorkers: 3,
  },
});
