import crypto from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase } from "#db/dialect";
import { migrateToLatest } from "#db/migrate";

/**
 * PostgreSQL databases for tests, each a copy of one template that is migrated
 * once per test run. Running every migration on a fresh schema took 3–4 s per
 * test database, and the suite makes hundreds; `CREATE DATABASE … TEMPLATE`
 * copies a migrated one in about 40 ms, and `DROP DATABASE` takes it away in
 * about 20 ms. Each copy is its own database, so LISTEN/NOTIFY channels,
 * sequences and advisory locks are never shared between tests either.
 *
 * The run's id comes from tests/support/vitest-global-setup.ts, which drops
 * the run's template and anything a failed test left behind when the run
 * ends. Every database this module makes is named `hl_<run id>_…`, so runs
 * side by side on the same server never touch each other's.
 */

/** The schema the tables live in, in the template and so in every copy (`?schema=` of DATABASE_URL). */
export const POSTGRES_TEST_SCHEMA = "site";

export interface PostgresTestDatabase {
  /** DATABASE_URL for the copy: its own database, tables in POSTGRES_TEST_SCHEMA. */
  url: string;
  /** Drops the copy, closing any connection a test left open to it. */
  drop(): Promise<void>;
}

function baseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  return url;
}

/** The URL of `database` on the test server, with `?schema=` when given. */
export function postgresDatabaseUrl(database: string, schema?: string): string {
  const url = new URL(baseUrl());
  url.pathname = `/${database}`;
  if (schema) url.searchParams.set("schema", schema);
  return url.toString();
}

export function runDatabasePrefix(): string {
  return `hl_${inject("postgresRunId")}_`;
}

async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<pg.QueryResult<T>> {
  const client = new pg.Client({ connectionString: baseUrl() });
  await client.connect();
  try {
    return await client.query<T>(text, values);
  } finally {
    await client.end();
  }
}

let template: Promise<string> | undefined;

/**
 * The run's migrated template, made by whichever worker asks first: the
 * others wait on an advisory lock and then find it. Nothing connects to the
 * template after it is made (PostgreSQL copies only a database nobody is in).
 */
function runTemplate(): Promise<string> {
  template ??= (async () => {
    const name = `${runDatabasePrefix()}template`;
    const client = new pg.Client({ connectionString: baseUrl() });
    await client.connect();
    try {
      await client.query("select pg_advisory_lock(hashtext($1))", [name]);
      const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
      if (exists.rowCount === 0) {
        // Built under another name and renamed when done, so a half-made template is never copied.
        const building = `${runDatabasePrefix()}building`;
        await client.query(`drop database if exists ${building} with (force)`);
        await client.query(`create database ${building}`);
        const opened = openDatabase(postgresDatabaseUrl(building, POSTGRES_TEST_SCHEMA));
        try {
          await opened.db.schema.createSchema(POSTGRES_TEST_SCHEMA).execute();
          await migrateToLatest(opened.db, opened.engine, opened.schema);
        } finally {
          await opened.db.destroy();
        }
        await client.query(`alter database ${building} rename to ${name}`);
      }
      await client.query("select pg_advisory_unlock(hashtext($1))", [name]);
    } finally {
      await client.end();
    }
    return name;
  })();
  template.catch(() => (template = undefined));
  return template;
}

/** A fresh database migrated to the latest schema, copied from the run's template. */
export async function createPostgresTestDatabase(): Promise<PostgresTestDatabase> {
  const source = await runTemplate();
  const name = `${runDatabasePrefix()}${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name} template ${source}`);
  return {
    url: postgresDatabaseUrl(name, POSTGRES_TEST_SCHEMA),
    drop: () => dropWhenLeft(name),
  };
}

/**
 * Drops a test's database once its own connections have gone. A pool that was just ended can still have a
 * connection closing; `with (force)` at that moment made PostgreSQL terminate it, and the closing client's
 * error event, with no listener left, failed the run as an uncaught exception (once in a CI run). So wait up
 * to two seconds for the database to be empty, and force only what a failed test left behind.
 */
async function dropWhenLeft(name: string): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    const { rows } = await adminQuery<{ connected: number }>("select count(*)::int as connected from pg_stat_activity where datname = $1", [name]);
    if (rows[0]?.connected === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await adminQuery(`drop database if exists ${name} with (force)`);
}
