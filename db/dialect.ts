import Database from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type ColumnDefinitionBuilder,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type QueryCompiler,
  type TransactionSettings,
  type RawBuilder,
  type SqliteDialectConfig,
} from "kysely";
import pg from "pg";
import fs from "node:fs";
import path from "node:path";
import { SpanStatusCode, type Span } from "@opentelemetry/api";
import { siteTracer } from "#core/tracing";
import type { DB } from "./schema";
import { withStatementCache } from "./sqlite-statement-cache";

/**
 * Every difference between SQLite and PostgreSQL lives in this file: how a
 * connection is opened, and the few SQL fragments that are spelled differently.
 * Nothing else in the project may branch on the engine, except backups
 * (db/backup.ts), which are each engine's own tools (decision 0044).
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

export interface OpenOptions {
  /**
   * Told when PostgreSQL ends a connection that sat idle in the pool (a restart, a failover, an
   * administrator). The pool drops that connection and opens another when one is needed; without a
   * listener, pg's pool would throw the error as an uncaught exception and stop the process.
   */
  onIdleConnectionError?: (error: Error) => void;
}

export function openDatabase(databaseUrl: string, options: OpenOptions = {}): OpenedDatabase {
  const engine = engineOf(databaseUrl);
  if (engine === "postgres") {
    const { connectionString, schema } = postgresLocationOf(databaseUrl);
    const pool = new pg.Pool({
      connectionString,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    pool.on("error", (error) => {
      if (options.onIdleConnectionError) options.onIdleConnectionError(error);
      else process.stderr.write(`database: an idle connection ended (${error.message}); the pool opens another when needed\n`);
    });
    // BIGINT comes back as a string by default; our amounts (öre) fit safely in a JS number.
    pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
    return { engine, schema: schema ?? undefined, db: new Kysely<DB>({ dialect: traced(new PostgresDialect({ pool }), "postgresql") }) };
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
  return { engine, db: new Kysely<DB>({ dialect: traced(new TransactionalDdlSqliteDialect({ database: withStatementCache(sqlite) }), "sqlite") }) };
}

/**
 * SQLite does run schema changes inside transactions; Kysely's adapter only
 * says it does not, so its migrator would apply them one statement at a time.
 * Saying so makes every pending migration run in one transaction on SQLite as
 * on PostgreSQL: a server killed halfway through starts cleanly next time.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Every transaction takes SQLite's write lock when it begins (BEGIN IMMEDIATE).
 * A deferred transaction that reads first and writes later fails at once with
 * "database is locked" when another process (a CLI script, a second server)
 * committed in between, whatever busy_timeout says; an immediate one waits its
 * turn. Within one process Kysely runs one transaction at a time anyway.
 */
class ImmediateTransactionSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createDriver(): Driver {
    return new ImmediateTransactionSqliteDriver(this.settings);
  }
}

/**
 * Every transaction is a span (decision 0048), from BEGIN to COMMIT or
 * ROLLBACK, child of whatever span began it (a request, a job). Only the
 * engine and the outcome are recorded, never a statement or its values.
 * Without a registered tracer the spans are the API's no-op ones.
 */
function traced(dialect: Dialect, system: "sqlite" | "postgresql"): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => dialect.createIntrospector(db),
    createDriver: () => new TracedDriver(dialect.createDriver(), system),
  };
}

class TracedDriver implements Driver {
  private readonly open = new WeakMap<DatabaseConnection, Span>();
  readonly savepoint: Driver["savepoint"];
  readonly rollbackToSavepoint: Driver["rollbackToSavepoint"];
  readonly releaseSavepoint: Driver["releaseSavepoint"];

  constructor(
    private readonly inner: Driver,
    private readonly system: string,
  ) {
    this.savepoint = inner.savepoint?.bind(inner);
    this.rollbackToSavepoint = inner.rollbackToSavepoint?.bind(inner);
    this.releaseSavepoint = inner.releaseSavepoint?.bind(inner);
  }

  init = () => this.inner.init();
  acquireConnection = () => this.inner.acquireConnection();
  releaseConnection = (connection: DatabaseConnection) => this.inner.releaseConnection(connection);
  destroy = () => this.inner.destroy();

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const span = siteTracer().startSpan("db.transaction", { attributes: { "db.system.name": this.system } });
    try {
      await this.inner.beginTransaction(connection, settings);
    } catch (error) {
      this.end(span, "begin-failed", true);
      throw error;
    }
    this.open.set(connection, span);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.finish(connection, "commit", () => this.inner.commitTransaction(connection));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.finish(connection, "rollback", () => this.inner.rollbackTransaction(connection));
  }

  private async finish(connection: DatabaseConnection, outcome: "commit" | "rollback", run: () => Promise<void>): Promise<void> {
    const span = this.open.get(connection);
    this.open.delete(connection);
    try {
      await run();
      if (span) this.end(span, outcome, false);
    } catch (error) {
      if (span) this.end(span, `${outcome}-failed`, true);
      throw error;
    }
  }

  private end(span: Span, outcome: string, failed: boolean): void {
    span.setAttribute("db.transaction.outcome", outcome);
    if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }
}

/** A column of bytes: SQLite's BLOB, PostgreSQL's BYTEA; both drivers read it as a Buffer. */
export function binaryType(engine: Engine): "blob" | "bytea" {
  return engine === "postgres" ? "bytea" : "blob";
}

/**
 * Runs schema changes with SQLite's foreign-key enforcement off, as SQLite
 * asks for when a table is rebuilt (the pragma cannot change inside a
 * transaction, so it is set around it); afterwards every reference is checked
 * and a broken one fails the change. PostgreSQL checks as it goes.
 */
export async function withSchemaChangeGuards<T>(db: Kysely<DB>, engine: Engine, change: () => Promise<T>): Promise<T> {
  if (engine === "postgres") return change();
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    return await change();
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/** Fails the running migration (and so rolls it back) if any row points at a row that does not exist. SQLite only; PostgreSQL never lets one in. */
export async function assertForeignKeysHold(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === "postgres") return;
  const broken = await sql<{ table: string; parent: string }>`pragma foreign_key_check`.execute(db);
  if (broken.rows.length > 0) {
    const tables = [...new Set(broken.rows.map((r) => `${r.table} → ${r.parent}`))].join(", ");
    throw new Error(`Migration left rows pointing at nothing: ${tables}`);
  }
}

/** `column in ('a', 'b')` for a CHECK constraint, from one of our closed sets (constants, never input). */
export function oneOf(column: string, values: readonly string[], options: { nullable?: boolean } = {}): string {
  for (const value of [column, ...values]) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(value)) throw new Error(`Not a plain identifier or constant: ${value}`);
  }
  const check = `${column} in (${values.map((v) => `'${v}'`).join(", ")})`;
  return options.nullable ? `(${column} is null or ${check})` : check;
}

/**
 * Adds CHECK constraints to a table that already holds rows. PostgreSQL alters
 * the table in place (and refuses if a row breaks the rule). SQLite cannot add
 * a constraint to a table, so the table is rebuilt as SQLite documents it:
 * create the new definition, copy every row (a row that breaks the rule fails
 * the copy), drop the old table, rename, and re-create its indexes. Run inside
 * a migration, i.e. inside a transaction with foreign keys guarded.
 */
export async function addCheckConstraints(
  db: Kysely<unknown>,
  engine: Engine,
  table: string,
  checks: Readonly<Record<string, string>>,
): Promise<void> {
  if (engine === "postgres") {
    for (const [name, expression] of Object.entries(checks)) {
      await sql.raw(`alter table ${table} add constraint ${name} check (${expression})`).execute(db);
    }
    return;
  }
  const constraints = Object.entries(checks).map(([name, expression]) => `, constraint "${name}" check (${expression})`).join("");
  await rebuildSqliteTable(db, table, (create) => {
    const close = create.lastIndexOf(")");
    return `${create.slice(0, close)}${constraints}${create.slice(close)}`;
  });
}

/**
 * SQLite cannot alter a constraint: the table is made again from its own
 * `create table` as `change` rewrites it, its rows copied, and its indexes
 * made again (migrations 0016 and 0026). Run with foreign keys off
 * (withSchemaChangeGuards), so rows pointing at the table keep pointing at it.
 */
export async function rebuildSqliteTable(db: Kysely<unknown>, table: string, change: (create: string) => string): Promise<void> {
  const definition = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const create = definition.rows[0]?.sql;
  if (!create) throw new Error(`No table ${table}`);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  const rebuilt = change(create).replace(/^create table\s+("?)([A-Za-z0-9_]+)\1/i, `create table "${table}__rebuilt"`);
  await sql.raw(rebuilt).execute(db);
  await sql.raw(`insert into "${table}__rebuilt" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${table}__rebuilt" rename to "${table}"`).execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}

/**
 * A PostgreSQL URL without our own `?schema=name` parameter, and that schema:
 * `?schema=` puts every table in that schema (tests use one per run).
 */
export function postgresLocationOf(databaseUrl: string): { connectionString: string; schema: string | null } {
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get("schema");
  url.searchParams.delete("schema");
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error("DATABASE_URL: schema must be a plain identifier");
  return { connectionString: url.toString(), schema };
}

/** `sqlite:var/site.db`, `file:var/site.db`, a bare path, or `:memory:`. */
export function sqliteFileOf(databaseUrl: string): string {
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
