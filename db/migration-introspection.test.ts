import { afterEach, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { withOwnSchemaIntrospection } from "./migration-introspection";
import { migrateToLatest } from "./migrate";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";

/**
 * The migrator's view of a PostgreSQL database is its own schema alone
 * (db/migration-introspection.ts): another schema – here a second test
 * database with the same tables – is neither seen nor read, so dropping it
 * while migrations run elsewhere cannot fail them.
 */
describe.skipIf(!testEngines.includes("postgres"))("the migrator's introspection on PostgreSQL", () => {
  const databases: TestDatabase[] = [];
  afterEach(async () => {
    for (const database of databases.splice(0)) await database.dispose();
  });

  it("sees only its own schema's tables and schema, and a second migration applies nothing", async () => {
    const own = await openTestDatabase("postgres");
    const other = await openTestDatabase("postgres");
    databases.push(own, other);
    await sql`create table only_in_other (id integer)`.execute(other.db as unknown as Kysely<unknown>);

    const introspection = withOwnSchemaIntrospection(own.db, own.schema).introspection;
    const tables = await introspection.getTables();
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([own.schema]));
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(["gifts", "payments", "kysely_migration", "kysely_migration_lock"]));
    expect(tables.map((t) => t.name)).not.toContain("only_in_other");
    expect((await introspection.getSchemas()).map((s) => s.name)).toEqual([own.schema]);
    // Kysely's own introspector reads every schema in the database, the other test's too.
    expect(new Set((await own.db.introspection.getTables()).map((t) => t.schema))).toContain(other.schema);

    expect(await migrateToLatest(own.db, own.engine, own.schema)).toEqual([]);
  });

  it("leaves everything else about the database as it was", async () => {
    const own = await openTestDatabase("postgres");
    databases.push(own);
    const db = withOwnSchemaIntrospection(own.db, own.schema);
    const { rows } = await sql<{ n: string }>`select count(*) as n from gifts`.execute(db);
    expect(Number(rows[0]?.n)).toBe(0);
    expect(await db.transaction().execute(async (trx) => (await trx.selectFrom("gifts").selectAll().execute()).length)).toBe(0);
  });
});
