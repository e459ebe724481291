// The server the end-to-end suite talks to: the production build on a fresh
// SQLite database, with the test-only routes switched on.
import fs from "node:fs";
import { spawn } from "node:child_process";

const port = process.env.E2E_PORT ?? "4173";
const buildDir = process.env.BUILD_DIR ?? "build";
const stateDir = `var/e2e-${port}`;
fs.rmSync(stateDir, { recursive: true, force: true });
fs.mkdirSync(stateDir, { recursive: true });

const server = spawn(process.execPath, [`${buildDir}/server-main.js`], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: port,
    DATABASE_URL: `sqlite:${stateDir}/site.db`,
    MAIL_DIR: `${stateDir}/mail`,
    SIMULATOR_STATE_DIR: `${stateDir}/sim`,
    ENABLE_TEST_ROUTES: "true",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
