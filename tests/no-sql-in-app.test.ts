import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Routes call core services and write no SQL (DESIGN.md, "One checkout
 * pipeline"; issue 28): a loader or action that builds its own query is a
 * second way to do what a core function – the one the JSON API calls too –
 * already does. app/ may hand `container.db` to a core function; it may not
 * build a Kysely query, open a transaction, write raw SQL, or take the
 * database out of the container to use it itself.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const FORBIDDEN: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: "a Kysely query (selectFrom)", pattern: /\bselectFrom\s*\(/g },
  { what: "a Kysely update (updateTable)", pattern: /\bupdateTable\s*\(/g },
  { what: "a Kysely insert (insertInto)", pattern: /\binsertInto\s*\(/g },
  { what: "a Kysely delete (deleteFrom)", pattern: /\bdeleteFrom\s*\(/g },
  { what: "a transaction", pattern: /\.transaction\s*\(/g },
  { what: "raw SQL (sql`…`)", pattern: /\bsql\s*`/g },
  { what: "the database used directly (.db.)", pattern: /\.db\s*\./g },
  { what: "the database taken out of the container ({ db } = …)", pattern: /\{[^{}]*\bdb\b(?!\s*:)[^{}]*\}\s*=(?![=>])/g },
];

/** Each forbidden use in a file's text, as "line: what". */
function sqlUses(text: string): string[] {
  const found: Array<{ at: number; what: string }> = [];
  for (const { what, pattern } of FORBIDDEN) {
    for (const match of text.matchAll(pattern)) found.push({ at: match.index, what });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => `${text.slice(0, f.at).split("\n").length}: ${f.what}`);
}

function appSources(): string[] {
  const dir = path.join(root, "app");
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join("app", f))
    .sort();
}

describe("no SQL in app/", () => {
  it("finds every forbidden form, and lets app/ hand the database to core", () => {
    expect(sqlUses(`const row = await container.db\n  .selectFrom("gifts")\n  .selectAll();`)).toEqual(["1: the database used directly (.db.)", "2: a Kysely query (selectFrom)"]);
    expect(sqlUses(`await db.updateTable("donors").set({ email }).execute();`)).toEqual(["1: a Kysely update (updateTable)"]);
    expect(sqlUses(`await trx.insertInto("x").values(v).execute();`)).toEqual(["1: a Kysely insert (insertInto)"]);
    expect(sqlUses(`await trx.deleteFrom("x").execute();`)).toEqual(["1: a Kysely delete (deleteFrom)"]);
    expect(sqlUses(`await container.db.transaction().execute(f);`)).toEqual(["1: the database used directly (.db.)", "1: a transaction"]);
    expect(sqlUses("await sql`select 1`.execute(db);")).toEqual(["1: raw SQL (sql`…`)"]);
    expect(sqlUses(`const { db } = context.get(containerContext);`)).toEqual(["1: the database taken out of the container ({ db } = …)"]);
    expect(sqlUses(`const {\n  db,\n  clock,\n} = container;`)).toEqual(["1: the database taken out of the container ({ db } = …)"]);

    expect(sqlUses(`const gift = await findGift(container.db, id);`)).toEqual([]);
    expect(sqlUses(`await eraseDonor({ db: container.db, clock: container.clock }, id);`)).toEqual([]);
    expect(sqlUses(`const { clock } = container;\nconst deps = { db: container.db };`)).toEqual([]);
    expect(sqlUses(`items.map(({ db }) => db)`)).toEqual([]);
  });

  it("app/ calls core services and builds no queries of its own", () => {
    const files = appSources();
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => sqlUses(fs.readFileSync(path.join(root, file), "utf8")).map((use) => `${file}:${use}`));
    expect(found, "move each query into a core service and call it from the route").toEqual([]);
  });
});
