import Database from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql, type ColumnDefinitionBuilder, type RawBuilder } from "kysely";
import pg from "pg";
import fs from "node:fs";
import path from "node:path";
import type { DB } from "./schema";
import { withStatementCache } from "./sqlite-statement-cache";

/**
 * Every difference between SQLite and PostgreSQL lives in this file: how a
 * connection is opened, and the few SQL fragments that are spelled differently.
 * Nothing else in the project may branch on the engine.
 */
export type Engine = "sqlite" | "postgres";

export function engineOf(databaseUrl: string): Engine {
  return /^postgres(ql)?:\/\//.test(databaseUrl) ? "postgres" : "sqlite";
}

export interface OpenedDatabase {
  db: Kysely<DB>;
  engine: Engine;
  /** PostgreSQL schema given with `?schema=`; migrations keep their bookkeeping there too. */
  schema?: string;
}

export function openDatabase(databaseUrl: string): OpenedDatabase {
  const engine = engineOf(databaseUrl);
  if (engine === "postgres") {
    // `?schema=name` puts every table in that schema (tests use one per run).
    const url = new URL(databaseUrl);
    const schema = url.searchParams.get("schema");
    url.searchParams.delete("schema");
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error("DATABASE_URL: schema must be a plain identifier");
    const pool = new pg.Pool({
      connectionString: url.toString(),
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // BIGINT comes back as a string by default; our amounts (öre) fit safely in a JS number.
    pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
    return { engine, schema: schema ?? undefined, db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }) };
  }
  const file = sqliteFileOf(databaseUrl);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  // WAL lets readers proceed while one writer commits; busy_timeout makes a second
  // writer wait instead of failing with SQLITE_BUSY.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  return { engine, db: new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }) };
}

/** `sqlite:var/site.db`, `file:var/site.db`, a bare path, or `:memory:`. */
function sqliteFileOf(databaseUrl: string): string {
  const stripped = databaseUrl.replace(/^(sqlite|file):(\/\/)?/, "");
  return stripped === ":memory:" ? stripped : path.resolve(stripped);
}

/**
 * Row locking for job claims: PostgreSQL lets several instances claim different
 * rows at once; SQLite has one writer anyway, so the clause is dropped there.
 */
export function forUpdateSkipLocked(engine: Engine): RawBuilder<unknown> {
  return engine === "postgres" ? sql`for update skip locked` : sql``;
}

/** An integer primary key the database numbers itself. */
export function autoIncrementPrimaryKey(engine: Engine): {
  type: "integer" | "serial";
  build: (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
} {
  return engine === "postgres"
    ? { type: "serial", build: (col) => col.primaryKey() }
    : { type: "integer", build: (col) => col.primaryKey().autoIncrement() };
}

/**
 * Locks the selected rows until the transaction ends, so two requests cannot
 * both decide to start a payment for the same gift. SQLite serialises writers
 * (one connection, Kysely's mutex), so it needs no clause.
 */
export function forUpdate(engine: Engine): RawBuilder<unknown> {
  return engine === "postgres" ? sql`for update` : sql``;
}
