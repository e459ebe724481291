import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./dialect";

describe("SQLite transactions across processes", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "immediate-"));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("take the write lock when they begin, so another writer waits instead of slipping in between a read and a write", async () => {
    const file = path.join(dir, "site.db");
    const { db } = openDatabase(`sqlite:${file}`);
    await sql`create table counter (n integer not null)`.execute(db);
    await sql`insert into counter (n) values (0)`.execute(db);
    // Another process, e.g. a CLI script, that does not wait at all.
    const other = new Database(file);
    other.pragma("busy_timeout = 0");
    try {
      await db.transaction().execute(async (trx) => {
        // Only a read so far: a deferred transaction would hold no write lock yet.
        await sql`select n from counter`.execute(trx);
        expect(() => other.prepare("update counter set n = n + 1").run()).toThrow(/locked|busy/i);
        await sql`update counter set n = n + 10`.execute(trx);
      });
      // Once it has committed, the other writer gets its turn.
      other.prepare("update counter set n = n + 1").run();
      const { rows } = await sql<{ n: number }>`select n from counter`.execute(db);
      expect(rows[0]?.n).toBe(11);
    } finally {
      other.close();
      await db.destroy();
    }
  });
});
