import type { Database, Statement } from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/**
 * Kysely's SQLite driver prepares every query afresh; preparing costs more
 * than running the small indexed queries a poll makes. Kysely compiles the
 * same query shape to the same SQL text, so the prepared statements are kept
 * by that text (bounded, least recently used out first). A statement still
 * being iterated by a stream is never handed out twice: a fresh one is
 * prepared instead.
 */
export function withStatementCache(database: Database, maxStatements = 500): SqliteDatabase {
  const cache = new Map<string, Statement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        // Re-insert so the Map's order is the order of last use.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > maxStatements) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}
