import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { openDatabase } from "#db/dialect";
import { migrateToLatest } from "#db/migrate";

/**
 * SQLite databases for tests, each a copy of one file migrated once per test
 * worker: running every migration took 0.4–0.5 s per test database, copying
 * the file takes a millisecond. The template is closed before it is copied,
 * so its write-ahead log is already folded into the file, and it is removed
 * when the worker exits.
 */
let template: Promise<string> | undefined;

function workerTemplate(): Promise<string> {
  template ??= (async () => {
    const file = path.join(os.tmpdir(), `hl-sqlite-template-${process.pid}-${crypto.randomBytes(4).toString("hex")}.db`);
    const opened = openDatabase(`sqlite:${file}`);
    try {
      await migrateToLatest(opened.db, opened.engine);
    } finally {
      await opened.db.destroy();
    }
    process.once("exit", () => removeSqliteFiles(file));
    return file;
  })();
  template.catch(() => (template = undefined));
  return template;
}

/** The database file and the write-ahead log and shared-memory files SQLite keeps beside it. */
export function removeSqliteFiles(file: string): void {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(`${file}${suffix}`, { force: true });
}

/** Copies the worker's migrated template to `file` (a new file): a database at the latest schema. */
export async function copySqliteTemplate(file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(await workerTemplate(), file, fs.constants.COPYFILE_EXCL);
}
