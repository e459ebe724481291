import Database from "better-sqlite3";
import crypto from "node:crypto";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { restoreDatabase } from "#db/backup";
import { openDatabase, type OpenedDatabase } from "#db/dialect";
import { migrateToLatest } from "#db/migrate";
import { systemClock } from "#core/clock";
import { createGift } from "#core/gifts/gift-service";
import { testNewGift } from "#tests/support/test-gift";

/**
 * Issue #34: a backup taken while gifts are being written restores, and holds
 * every gift whose write was acknowledged before the backup began. The backup
 * and restore run as operators run them, through the scripts in their own
 * processes, while this process keeps writing. On PostgreSQL too when
 * TEST_DATABASE_URL is set; the restore goes into another schema than the
 * backup came from, with a password in the URL that must never be printed.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const PASSWORD = "never-printed-7Qx";
const baseUrl = process.env.TEST_DATABASE_URL;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-backup-"));
const schemas: string[] = [];

afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  if (schemas.length > 0) await adminQuery(`drop schema if exists ${schemas.join(", ")} cascade`);
});

if (!baseUrl) {
  describe("backup under load on PostgreSQL", () => {
    it.skip("needs TEST_DATABASE_URL (a local PostgreSQL, as .ci/run sets when one answers)", () => {});
  });
}

describe.each(baseUrl ? (["sqlite", "postgres"] as const) : (["sqlite"] as const))("backup under load on %s", (engine) => {
  it("restores every gift acknowledged before the backup began, into a fresh database that opens and migrates", async () => {
    const sourceUrl = await freshDatabaseUrl(engine, "source");
    const source = openDatabase(sourceUrl);
    await migrateToLatest(source.db, source.engine, source.schema);
    // The newest writes of a SQLite database live in its -wal file until a checkpoint. Without automatic
    // checkpoints all of them stay there, so a backup that copied only the main file would lose every gift.
    if (engine === "sqlite") await sql`pragma wal_autocheckpoint = 0`.execute(source.db);

    const writers = startWriting(source);
    await writers.untilAcknowledged(20);
    const acknowledgedBeforeBackup = [...writers.acknowledged];
    const backupFile = path.join(dir, `${engine}.backup`);
    const backedUp = await runScript("db-backup.ts", ["--out", backupFile], sourceUrl);
    // Writes go on while the backup runs and a little after it, so it was taken under load.
    await writers.untilAcknowledged(writers.acknowledged.length + 10);
    await writers.stop();
    await source.db.destroy();
    expect(backedUp.code, backedUp.output).toBe(0);
    expect(backedUp.output).toContain(`Backed up the`);

    const targetUrl = await freshDatabaseUrl(engine, "target");
    const restored = await runScript("db-restore.ts", [backupFile], targetUrl);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/Restored .* \d+ gifts/);

    const target = openDatabase(targetUrl);
    try {
      expect(await migrateToLatest(target.db, target.engine, target.schema)).toEqual([]);
      const ids = new Set((await target.db.selectFrom("gifts").select("id").execute()).map((row) => row.id));
      expect(acknowledgedBeforeBackup.filter((id) => !ids.has(id))).toEqual([]);
      // Nothing in the copy that was never written: it is a snapshot of the source, not something else.
      const written = new Set(writers.acknowledged);
      expect([...ids].filter((id) => !written.has(id))).toEqual([]);
    } finally {
      await target.db.destroy();
    }

    const refused = await runScript("db-restore.ts", [backupFile], targetUrl);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("The target database is not empty");
    // --force is the same function with force set: called in this process (a script start through tsx costs seconds of CPU).
    await restoreDatabase(targetUrl, backupFile, { force: true });

    for (const output of [backedUp.output, restored.output, refused.output]) expect(output).not.toContain(PASSWORD);

    // Back over the database it came from, as after a disaster: the gifts written after the backup go, the rest is there.
    await restoreDatabase(sourceUrl, backupFile, { force: true });
    const again = openDatabase(sourceUrl);
    try {
      const ids = new Set((await again.db.selectFrom("gifts").select("id").execute()).map((row) => row.id));
      expect(acknowledgedBeforeBackup.filter((id) => !ids.has(id))).toEqual([]);
      expect(ids.size).toBeLessThanOrEqual(writers.acknowledged.length);
    } finally {
      await again.db.destroy();
    }
  }, 180_000); // three scripts start through tsx, each several seconds on a loaded machine
});

describe("backup and restore refusals", () => {
  it("never overwrites a backup, and will not restore a file that is not a backup of this site", async () => {
    const url = `sqlite:${path.join(dir, "refusals.db")}`;
    const existing = path.join(dir, "existing.backup");
    fs.writeFileSync(existing, "not a database");
    const foreign = path.join(dir, "foreign.db");
    new Database(foreign).exec("create table notes (text)").close();
    // Three refusals, none touching the others' files: started together.
    const [backup, restore, notOurs] = await Promise.all([
      runScript("db-backup.ts", ["--out", existing], url),
      runScript("db-restore.ts", [existing], url),
      runScript("db-restore.ts", [foreign], url),
    ]);
    expect(backup.code).toBe(1);
    expect(backup.output).toContain("already exists");
    expect(fs.readFileSync(existing, "utf8")).toBe("not a database");
    expect(restore.code).toBe(1);
    expect(restore.output).toContain("neither a SQLite database nor a pg_dump custom-format file");
    expect(notOurs.code).toBe(1);
    expect(notOurs.output).toContain("not one of this site's");
    expect(fs.existsSync(path.join(dir, "refusals.db"))).toBe(false);
  }, 60_000);
});

/** Gifts written one after another by two writers until stopped; each id counts as acknowledged once its write has returned. */
function startWriting(database: OpenedDatabase) {
  const acknowledged: string[] = [];
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  let stopped = false;
  const writer = async () => {
    while (!stopped) {
      const { gift } = await createGift(database.db, systemClock, testNewGift());
      acknowledged.push(gift.id);
      for (const wait of waiting.filter((w) => acknowledged.length >= w.count)) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve();
      }
      // Let the event loop breathe (SQLite writes are synchronous), so the backup's child process is heard.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const running = [writer(), writer()];
  return {
    acknowledged,
    untilAcknowledged: (count: number) =>
      acknowledged.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve })),
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

async function freshDatabaseUrl(engine: "sqlite" | "postgres", name: string): Promise<string> {
  if (engine === "sqlite") return `sqlite:${path.join(dir, name, "site.db")}`;
  const schema = `test_${crypto.randomBytes(6).toString("hex")}`;
  schemas.push(schema);
  await adminQuery(`create schema ${schema}`);
  const url = new URL(baseUrl!);
  url.password = PASSWORD; // trust authentication ignores it; the scripts must not print it
  url.searchParams.set("schema", schema);
  return url.toString();
}

async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}

function runScript(script: string, args: string[], databaseUrl: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", script), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, output })));
}
