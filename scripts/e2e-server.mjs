// The server the end-to-end suite talks to: the production build on a fresh
// SQLite database, with the test-only routes switched on.
import fs from "node:fs";
import { spawn } from "node:child_process";

const port = process.env.E2E_PORT ?? "4173";
const dbFile = "var/e2e/site.db";
fs.rmSync("var/e2e", { recursive: true, force: true });
fs.mkdirSync("var/e2e", { recursive: true });

const server = spawn(process.execPath, ["build/server-main.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: port,
    DATABASE_URL: `sqlite:${dbFile}`,
    ENABLE_TEST_ROUTES: "true",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
