import crypto from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Names this run's PostgreSQL test databases (tests/support/postgres-test-databases.ts). */
    postgresRunId: string;
  }
}

/**
 * Gives the run an id for its PostgreSQL test databases and, when the run
 * ends, drops every database it made: the template, and any copy a failed
 * test left. Runs side by side on one server (CI, and people working at once)
 * each touch only their own.
 */
export default function setup(project: TestProject): (() => Promise<void>) | void {
  const runId = crypto.randomBytes(4).toString("hex");
  project.provide("postgresRunId", runId);
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return;
  return async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      const left = await client.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [`hl_${runId}_`]);
      for (const { datname } of left.rows) await client.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await client.end();
    }
  };
}
