// The container's start command (Dockerfile): wait until PostgreSQL answers,
// bring the schema up to date, then start the production server. Each step
// says what it does; a database that never answers or a migration that fails
// stops the container with a message, so the orchestrator restarts it and the
// reason is in its log. Plain Node and production dependencies only: the
// runtime image has no tsx. Usage:
//   node scripts/container-start.mjs [--attempts N] [--interval-ms MS]
import { spawn, spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

const options = { attempts: 30, "interval-ms": 2000 };
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i += 2) {
  const name = args[i]?.replace(/^--/, "");
  const value = Number(args[i + 1]);
  if (!name || !(name in options) || !Number.isInteger(value) || value < 1) {
    console.error("Usage: node scripts/container-start.mjs [--attempts N] [--interval-ms MS]");
    process.exit(2);
  }
  options[name] = value;
}

const buildDir = process.env.BUILD_DIR ?? "build";
const databaseUrl = process.env.DATABASE_URL ?? "";

if (/^postgres(ql)?:\/\//.test(databaseUrl)) await waitForPostgres(databaseUrl);

const migrated = spawnSync(process.execPath, [path.join(buildDir, "migrate", "db-migrate.js")], { stdio: "inherit" });
if (migrated.status !== 0) {
  console.error("container-start: the migration failed (see above); the site was not started.");
  process.exit(1);
}

console.log("container-start: starting the site.");
const server = spawn(process.execPath, [path.join(buildDir, "server-main.js")], { stdio: "inherit" });
// The orchestrator stops the container with SIGTERM to this process (PID 1); the site shuts down gracefully on it.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));

async function waitForPostgres(url) {
  // Where, for the log: host and port only, never the user's password.
  const { hostname, port } = new URL(url);
  const where = `${hostname}:${port || 5432}`;
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    // Without ?schema=…, which is ours, not libpq's.
    const target = new URL(url);
    target.searchParams.delete("schema");
    const client = new pg.Client({ connectionString: target.toString(), connectionTimeoutMillis: options["interval-ms"] });
    try {
      await client.connect();
      await client.query("select 1");
      await client.end();
      console.log(`container-start: PostgreSQL at ${where} answers.`);
      return;
    } catch (error) {
      await client.end().catch(() => {});
      console.log(`container-start: waiting for PostgreSQL at ${where} (attempt ${attempt} of ${options.attempts}): ${reasonOf(error)}`);
      if (attempt < options.attempts) await sleep(options["interval-ms"]);
    }
  }
  console.error(`container-start: PostgreSQL at ${where} did not answer after ${options.attempts} attempts; giving up. Check DATABASE_URL and that the database is running.`);
  process.exit(1);
}

function reasonOf(error) {
  const message = error instanceof Error ? error.message : String(error);
  return message.replaceAll(decodeURIComponent(new URL(databaseUrl).password || "\0"), "***");
}
