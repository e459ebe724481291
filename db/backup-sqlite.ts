import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { BackupRefusal } from "./backup-refusal";

/**
 * Pages per backup step: all of them. SQLite's online backup restarts when
 * another connection writes between two steps, so under steady writes a
 * backup in small steps might never finish; one step copies the whole file
 * under one read lock, a consistent snapshot, while WAL lets writers go on.
 */
const ALL_PAGES = 0x7fffffff;

/** Copies the live database file with SQLite's online backup; the copy is one self-contained file. */
export async function backupSqlite(file: string, partialOut: string): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupRefusal(`There is no database file at ${file}.`);
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    await source.backup(partialOut, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  // The copy inherits WAL mode from the site's file; a backup is read alone
  // and moved around, so it is switched to a plain rollback journal (no -wal/-shm beside it).
  const copy = new Database(partialOut);
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
}

/** The number of our tables in the database at `file` (0 when there is no file). */
export function sqliteTableCount(file: string): number {
  if (!fs.existsSync(file)) return 0;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("select count(*) as n from sqlite_master where type = 'table' and name not like 'sqlite_%'").get() as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

/** Checks the backup is a sound SQLite database, then copies it page by page into the target file. */
export async function restoreSqlite(backupFile: string, targetFile: string): Promise<void> {
  const backup = new Database(backupFile, { readonly: true, fileMustExist: true });
  try {
    const check = backup.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new BackupRefusal(`The backup ${backupFile} is damaged (SQLite integrity check: ${String(check)}).`);
    if (!backup.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get()) {
      throw new BackupRefusal(`${backupFile} is a SQLite database but not one of this site's (it has no migrations table).`);
    }
    fs.mkdirSync(path.dirname(targetFile), { recursive: true });
    // Through SQLite's backup API rather than a file copy: it writes through the
    // target's own journal, so a leftover -wal file beside the target cannot be replayed over the restored data.
    await backup.backup(targetFile, { progress: () => ALL_PAGES });
  } finally {
    backup.close();
  }
}
