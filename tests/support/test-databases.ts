import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sql } from "kysely";
import { openDatabase, type OpenedDatabase } from "#db/dialect";
import { migrateTo, migrateToLatest, type MigrationName } from "#db/migrate";
import { createPostgresTestDatabase } from "./postgres-test-databases";
import { copySqliteTemplate, removeSqliteFiles } from "./sqlite-test-databases";

/**
 * The databases integration tests run against: SQLite always, PostgreSQL too
 * when TEST_DATABASE_URL is set (.ci/run sets it when a local server answers).
 * A test database at the latest schema is a copy of a migrated template
 * (tests/support/sqlite-test-databases.ts, postgres-test-databases.ts); one
 * that stops at an older migration is made fresh and migrated that far
 * (in memory on SQLite, a new schema on PostgreSQL). Either is removed
 * afterwards.
 */
export interface TestDatabase extends OpenedDatabase {
  dispose(): Promise<void>;
}

export const testEngines: Array<"sqlite" | "postgres"> = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

/** A fresh database migrated to the latest schema, or only up to `options.upTo` (to test a later migration on it). */
export async function openTestDatabase(engine: "sqlite" | "postgres", options: { upTo?: MigrationName } = {}): Promise<TestDatabase> {
  const migrate = (opened: OpenedDatabase) =>
    options.upTo ? migrateTo(opened.db, opened.engine, options.upTo, opened.schema) : migrateToLatest(opened.db, opened.engine, opened.schema);
  if (engine === "sqlite" && options.upTo) {
    const opened = openDatabase("sqlite::memory:");
    await migrate(opened);
    return { ...opened, dispose: () => opened.db.destroy() };
  }
  if (engine === "sqlite") {
    const file = path.join(os.tmpdir(), `hl-test-${crypto.randomBytes(6).toString("hex")}.db`);
    await copySqliteTemplate(file);
    const opened = openDatabase(`sqlite:${file}`);
    return {
      ...opened,
      async dispose() {
        // Kysely closes only a driver it has started; a copy no query touched would stay open and answer after dispose.
        await sql`select 1`.execute(opened.db);
        await opened.db.destroy();
        removeSqliteFiles(file);
      },
    };
  }
  if (!options.upTo) {
    const copy = await createPostgresTestDatabase();
    const opened = openDatabase(copy.url);
    return {
      ...opened,
      async dispose() {
        await opened.db.destroy();
        await copy.drop();
      },
    };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.searchParams.set("schema", schema);
  const opened = openDatabase(url.toString());
  await migrate(opened);
  return {
    ...opened,
    async dispose() {
      await opened.db.destroy();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}
