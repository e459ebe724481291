/**
 * Where the end-to-end server keeps its state (scripts/e2e-server.mjs), for
 * fixtures and scripts that a journey runs against the same database: one
 * server per E2E_PORT, its SQLite file and mail under var/e2e-<port>, and its
 * fixed SECRET_KEY (staff are found by a hash keyed from it; My data links are
 * signed with it).
 */
export const E2E_PORT = process.env.E2E_PORT ?? "4173";
export const E2E_SECRET_KEY = "e2e-only-secret-key-never-used-in-production-000";
export const E2E_STATE_DIR = `var/e2e-${E2E_PORT}`;

/** The environment for a fixture or command run against the e2e server's database. */
export const e2eFixtureEnv: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: `sqlite:${E2E_STATE_DIR}/site.db`,
  SECRET_KEY: E2E_SECRET_KEY,
  LOG_LEVEL: "warn",
};
