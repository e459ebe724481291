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
  },
});
