import Database from "better-sqlite3";
import { Kysely, SqliteDialect, type Generated } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { withStatementCache } from "./sqlite-statement-cache";

describe("SQLite statement cache", () => {
  let raw: Database.Database | undefined;
  afterEach(() => {
    if (raw?.open) raw.close();
  });

  function open(maxStatements?: number) {
    raw = new Database(":memory:");
    raw.exec("create table t (id integer primary key, name text)");
    return withStatementCache(raw, maxStatements);
  }

  it("hands out the same prepared statement for the same SQL", () => {
    const db = open();
    const first = db.prepare("select * from t where id = ?");
    expect(db.prepare("select * from t where id = ?")).toBe(first);
    expect(db.prepare("select name from t where id = ?")).not.toBe(first);
  });

  it("keeps at most the configured number, dropping the least recently used", () => {
    const db = open(2);
    const a = db.prepare("select 1");
    const b = db.prepare("select 2");
    expect(db.prepare("select 1")).toBe(a); // "select 2" is now the oldest
    db.prepare("select 3");
    expect(db.prepare("select 1")).toBe(a);
    expect(db.prepare("select 2")).not.toBe(b);
  });

  it("never shares a statement that a stream is still reading", () => {
    const db = open();
    raw!.exec("insert into t (name) values ('a'), ('b')");
    const reading = db.prepare("select * from t");
    const iterator = reading.iterate([]);
    iterator.next();
    const second = db.prepare("select * from t");
    expect(second).not.toBe(reading);
    expect(second.all([])).toHaveLength(2);
    iterator.return?.();
    expect(db.prepare("select * from t")).toBe(reading);
  });

  it("gives Kysely correct results for repeated queries with different parameters and after a schema change", async () => {
    const kysely = new Kysely<{ t: { id: Generated<number>; name: string } }>({ dialect: new SqliteDialect({ database: open() }) });
    await kysely.insertInto("t").values([{ name: "Anna" }, { name: "Bo" }]).execute();
    const nameOf = async (id: number) => (await kysely.selectFrom("t").select("name").where("id", "=", id).executeTakeFirst())?.name;
    expect(await nameOf(1)).toBe("Anna");
    expect(await nameOf(2)).toBe("Bo");
    await kysely.schema.alterTable("t").addColumn("city", "text").execute();
    await kysely.updateTable("t").set({ name: "Bodil" }).where("id", "=", 2).execute();
    expect(await nameOf(2)).toBe("Bodil");
    await kysely.destroy();
    expect(raw!.open).toBe(false);
  });
});
