import crypto from "node:crypto";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#tests/support/test-server";
// @ts-expect-error – a plain .mjs module without types (the build runs it with Node, without tsx)
import { buildMigrationBundle } from "./migration-bundle.mjs";

/**
 * The container's start script (issue #34), run here as the image runs it
 * (Docker itself cannot run on this machine): it waits for PostgreSQL, gives
 * up with a clear message when nothing answers, migrates with the production
 * build's migration bundle, and only then starts the server – here a stand-in
 * server-main.js that reports the environment it was given.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const baseUrl = process.env.TEST_DATABASE_URL;
// Inside the project so that the bundle finds node_modules, as in the image (build-*/ is ignored by git).
const buildDir = fs.mkdtempSync(path.join(ROOT, "build-container-start-"));

beforeAll(async () => {
  await buildMigrationBundle(buildDir, { logLevel: "silent" });
  fs.writeFileSync(
    path.join(buildDir, "server-main.js"),
    `console.log("server started with NODE_ENV=" + process.env.NODE_ENV + " and " + (process.env.DATABASE_URL ? "DATABASE_URL" : "no DATABASE_URL"));\n`,
  );
}, 60_000);

afterAll(() => fs.rmSync(buildDir, { recursive: true, force: true }));

describe("container start script", () => {
  it("gives up with a clear message when PostgreSQL never answers, and never starts the site", async () => {
    const port = await freePort();
    const run = await start(`postgres://site:secret-pw-9@127.0.0.1:${port}/site`, ["--attempts", "3", "--interval-ms", "50"]);
    expect(run.code).toBe(1);
    expect(run.output).toContain(`waiting for PostgreSQL at 127.0.0.1:${port} (attempt 3 of 3)`);
    expect(run.output).toContain(`PostgreSQL at 127.0.0.1:${port} did not answer after 3 attempts; giving up.`);
    expect(run.output).not.toContain("server started");
    expect(run.output).not.toContain("secret-pw-9");
  });

  it.skipIf(!baseUrl)("waits for PostgreSQL, migrates, then starts the site with the container's environment", async () => {
    const schema = `test_${crypto.randomBytes(6).toString("hex")}`;
    await adminQuery(`create schema ${schema}`);
    try {
      const url = new URL(baseUrl!);
      url.searchParams.set("schema", schema);
      const run = await start(url.toString(), []);
      expect(run.code, run.output).toBe(0);
      const steps = ["PostgreSQL at", "Migrated the PostgreSQL database", "starting the site", "server started with NODE_ENV=production and DATABASE_URL"];
      const at = steps.map((step) => run.output.indexOf(step));
      expect(at.every((index) => index >= 0), run.output).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      const tables = await client.query("select 1 from information_schema.tables where table_schema = $1 and table_name = 'gifts'", [schema]);
      await client.end();
      expect(tables.rowCount).toBe(1);
    } finally {
      await adminQuery(`drop schema ${schema} cascade`);
    }
  }, 60_000);
});

function start(databaseUrl: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, "scripts", "container-start.mjs"), ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir, DATABASE_URL: databaseUrl },
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, output })));
}

async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}
