import crypto from "node:crypto";
import pg from "pg";

/**
 * A fresh PostgreSQL schema for one crash-test run, dropped afterwards; the
 * server reaches it with `?schema=` in DATABASE_URL (db/dialect.ts).
 */
export async function createSchema(baseUrl: string): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const schema = `crash_${crypto.randomBytes(6).toString("hex")}`;
  await run(baseUrl, `create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set("schema", schema);
  return { databaseUrl: url.toString(), drop: () => run(baseUrl, `drop schema ${schema} cascade`) };
}

async function run(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
