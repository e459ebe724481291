import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { engineOf, openDatabase, postgresLocationOf, sqliteFileOf, type Engine } from "./dialect";
import { BackupRefusal } from "./backup-refusal";
import { backupSqlite, restoreSqlite, sqliteTableCount } from "./backup-sqlite";
import { backupPostgres, postgresTableCount, restorePostgres } from "./backup-postgres";

/**
 * `npm run db:backup` and `npm run db:restore` (decision 0044): a consistent
 * copy of the running database with the engine's own tool, and a restore into
 * DATABASE_URL that refuses a database already holding tables unless forced.
 * Backups are each engine's own, so this is the one place besides
 * db/dialect.ts that branches on the engine.
 */
export { BackupRefusal };

export interface BackupResult {
  engine: Engine;
  bytes: number;
}

export async function backupDatabase(databaseUrl: string, out: string): Promise<BackupResult> {
  const engine = engineOf(databaseUrl);
  if (fs.existsSync(out)) throw new BackupRefusal(`${out} already exists. Choose a new file name; a backup never overwrites another.`);
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  // Written beside the final name and renamed when complete: a file with the final name is always a whole backup.
  const partial = `${out}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    if (engine === "postgres") await backupPostgres(databaseUrl, partial);
    else await backupSqlite(sqliteFile(databaseUrl), partial);
    fs.renameSync(partial, out);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return { engine, bytes: fs.statSync(out).size };
}

export interface RestoreResult {
  engine: Engine;
  latestMigration: string | null;
  gifts: number;
}

export async function restoreDatabase(databaseUrl: string, backupFile: string, options: { force: boolean }): Promise<RestoreResult> {
  const engine = engineOf(databaseUrl);
  if (!fs.existsSync(backupFile)) throw new BackupRefusal(`There is no backup file at ${backupFile}.`);
  const kind = backupKindOf(backupFile);
  if (kind === null) throw new BackupRefusal(`${backupFile} is neither a SQLite database nor a pg_dump custom-format file.`);
  if (kind !== engine) {
    throw new BackupRefusal(`${backupFile} is a ${label(kind)} backup, but DATABASE_URL points at ${label(engine)}. Restore it into the same kind of database.`);
  }
  const tables = engine === "postgres" ? await postgresTableCount(databaseUrl) : sqliteTableCount(sqliteFile(databaseUrl));
  if (tables > 0 && !options.force) {
    throw new BackupRefusal(
      `The target database is not empty (${tables} tables); nothing was changed. Stop the site first; add --force to replace everything in it with the backup.`,
    );
  }
  if (engine === "postgres") await restorePostgres(databaseUrl, backupFile);
  else await restoreSqlite(backupFile, sqliteFile(databaseUrl));
  return { engine, ...(await summaryOf(databaseUrl)) };
}

/** Where DATABASE_URL points, for operators' messages: never its password. */
export function describeDatabase(databaseUrl: string): string {
  if (engineOf(databaseUrl) === "sqlite") return `SQLite file ${sqliteFile(databaseUrl)}`;
  const { connectionString, schema } = postgresLocationOf(databaseUrl);
  const url = new URL(connectionString);
  return `PostgreSQL database ${decodeURIComponent(url.pathname.slice(1))} on ${url.host}${url.username ? ` as ${decodeURIComponent(url.username)}` : ""}, schema ${schema ?? "public"}`;
}

function sqliteFile(databaseUrl: string): string {
  const file = sqliteFileOf(databaseUrl);
  if (file === ":memory:") throw new BackupRefusal("DATABASE_URL points at an in-memory SQLite database, which has nothing to back up or restore into.");
  return file;
}

function backupKindOf(file: string): Engine | null {
  const handle = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(16);
    fs.readSync(handle, head, 0, 16, 0);
    if (head.toString("latin1") === "SQLite format 3\0") return "sqlite";
    if (head.subarray(0, 5).toString("latin1") === "PGDMP") return "postgres";
    return null;
  } finally {
    fs.closeSync(handle);
  }
}

function label(engine: Engine): string {
  return engine === "postgres" ? "PostgreSQL" : "SQLite";
}

/** Opens the restored database as the site would: proof it is usable, and what it holds. */
async function summaryOf(databaseUrl: string): Promise<Omit<RestoreResult, "engine">> {
  const { db } = openDatabase(databaseUrl);
  try {
    const migrations = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
    const gifts = await db.selectFrom("gifts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    return { latestMigration: migrations.rows[0]?.name ?? null, gifts: Number(gifts.n) };
  } finally {
    await db.destroy();
  }
}
