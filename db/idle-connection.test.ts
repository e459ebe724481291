import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import pg from "pg";
import { openDatabase } from "./dialect";
import { createPostgresTestDatabase } from "#tests/support/postgres-test-databases";

/**
 * PostgreSQL ends a connection that sits idle in the pool (a restart, a failover, an administrator's
 * pg_terminate_backend): the server is told, keeps running, and its next query gets a new connection.
 * Without the pool's error listener this test fails with an uncaught exception.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("an idle PostgreSQL connection ended by the server", () => {
  it("is reported, not thrown, and the next query opens another", async () => {
    const copy = await createPostgresTestDatabase();
    const ended: Error[] = [];
    const { db } = openDatabase(copy.url, { onIdleConnectionError: (error) => ended.push(error) });
    try {
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]?.one).toBe(1);
      const database = new URL(copy.url).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ ended: boolean }>("select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1", [database]);
        expect(rows.length).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      await expect.poll(() => ended.length).toBeGreaterThan(0);
      expect(ended[0]?.message).toMatch(/terminating connection/);
      expect((await sql<{ two: number }>`select 2 as two`.execute(db)).rows[0]?.two).toBe(2);
    } finally {
      await db.destroy();
      await copy.drop();
    }
  });
});
