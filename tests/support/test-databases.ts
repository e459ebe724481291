import crypto from "node:crypto";
import pg from "pg";
import { openDatabase, type OpenedDatabase } from "#db/dialect";
import { migrateTo, migrateToLatest, type MigrationName } from "#db/migrate";

/**
 * The databases integration tests run against: SQLite always, PostgreSQL too
 * when TEST_DATABASE_URL is set (.ci/run sets it when a local server answers).
 * Each PostgreSQL database gets a fresh schema that is dropped afterwards.
 */
export interface TestDatabase extends OpenedDatabase {
  dispose(): Promise<void>;
}

export const testEngines: Array<"sqlite" | "postgres"> = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

/** A fresh database migrated to the latest schema, or only up to `options.upTo` (to test a later migration on it). */
export async function openTestDatabase(engine: "sqlite" | "postgres", options: { upTo?: MigrationName } = {}): Promise<TestDatabase> {
  const migrate = (opened: OpenedDatabase) =>
    options.upTo ? migrateTo(opened.db, opened.engine, options.upTo, opened.schema) : migrateToLatest(opened.db, opened.engine, opened.schema);
  if (engine === "sqlite") {
    const opened = openDatabase("sqlite::memory:");
    await migrate(opened);
    return { ...opened, dispose: () => opened.db.destroy() };
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
