import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { postgresLocationOf } from "./dialect";
import { BackupRefusal } from "./backup-refusal";

/**
 * PostgreSQL backups are pg_dump's custom format of the site's one schema
 * (`?schema=` in DATABASE_URL, else `public`); restores go through pg_restore
 * and psql in one transaction. The tools get the password from a passfile
 * readable only by this user and removed afterwards, never on their command
 * line, where any user of the machine could read it.
 */
const PLAIN_IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

interface Location {
  connectionString: string;
  schema: string;
}

function locationOf(databaseUrl: string): Location {
  const { connectionString, schema } = postgresLocationOf(databaseUrl);
  return { connectionString, schema: schema ?? "public" };
}

/** Runs `task` with a libpq connection string for the tools (`--dbname=…`), the password in a passfile of its own. */
async function withToolConnection<T>(connectionString: string, task: (dbname: string) => Promise<T>): Promise<T> {
  const url = new URL(connectionString);
  const quote = (value: string) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
  const parts: Record<string, string> = {
    host: url.searchParams.get("host") ?? url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port,
    user: decodeURIComponent(url.username),
    dbname: decodeURIComponent(url.pathname.replace(/^\//, "")),
    sslmode: url.searchParams.get("sslmode") ?? "",
  };
  const dir = url.password ? fs.mkdtempSync(path.join(os.tmpdir(), "hl-pgpass-")) : null;
  try {
    if (dir) {
      parts.passfile = path.join(dir, "pgpass");
      const password = decodeURIComponent(url.password).replace(/[\\:]/g, "\\$&");
      fs.writeFileSync(parts.passfile, `*:*:*:*:${password}\n`, { mode: 0o600 });
    }
    const conninfo = Object.entries(parts)
      .filter(([, value]) => value)
      .map(([key, value]) => `${key}=${quote(value)}`)
      .join(" ");
    return await task(conninfo);
  } finally {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function backupPostgres(databaseUrl: string, partialOut: string): Promise<void> {
  const { connectionString, schema } = locationOf(databaseUrl);
  // pg_dump reads everything in one repeatable-read transaction: a consistent snapshot while the site writes on.
  await withToolConnection(connectionString, (dbname) =>
    run("pg_dump", ["--no-password", `--dbname=${dbname}`, "--format=custom", "--no-owner", "--no-privileges", `--schema=${schema}`, `--file=${partialOut}`]),
  );
}

/** The number of tables in the schema DATABASE_URL points at. */
export async function postgresTableCount(databaseUrl: string): Promise<number> {
  const { connectionString, schema } = locationOf(databaseUrl);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>("select count(*) as n from information_schema.tables where table_schema = $1", [schema]);
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Restores a dump into the target schema, whatever schema it was taken from.
 * pg_dump names every object with its schema, so the dump is restored under
 * its own schema name and then renamed; a schema of that name already in the
 * target database is set aside and put back. All of it is one transaction: a
 * failed restore leaves the target as it was.
 */
export async function restorePostgres(databaseUrl: string, backupFile: string): Promise<void> {
  const { connectionString, schema: target } = locationOf(databaseUrl);
  const source = await dumpedSchemaOf(backupFile);
  const aside = `${source}__restore_aside`;
  const setAside = source !== target && (await schemaExists(databaseUrl, source));
  const before = [
    ...(setAside ? [`alter schema "${source}" rename to "${aside}";`] : []),
    `drop schema if exists "${target}" cascade;`,
  ];
  const after = [
    ...(source !== target ? [`alter schema "${source}" rename to "${target}";`] : []),
    ...(setAside ? [`alter schema "${aside}" rename to "${source}";`] : []),
  ];
  await withToolConnection(connectionString, (dbname) => {
    const psql = spawn("psql", ["--no-password", `--dbname=${dbname}`, "--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", "--single-transaction", "--file=-"], {
      stdio: ["pipe", "ignore", "pipe"],
    });
    const restore = spawn("pg_restore", ["--no-owner", "--no-privileges", "--file=-", backupFile], { stdio: ["ignore", "pipe", "pipe"] });
    return pipeRestore(restore, psql, before, after);
  });
}

/** pg_restore's SQL into psql, between our own statements before and after it. */
async function pipeRestore(restore: ChildProcess, psql: ChildProcess, before: string[], after: string[]): Promise<void> {
  if (!restore.stdout || !psql.stdin) throw new Error("pg_restore and psql run with pipes");
  const stdin = psql.stdin;
  stdin.on("error", () => {}); // psql stopping early is reported by its exit code and message
  stdin.write(`${before.join("\n")}\n`);
  restore.stdout.pipe(stdin, { end: false });
  const restored = finished(restore, "pg_restore");
  const applied = finished(psql, "psql");
  restore.stdout.on("end", () => stdin.end(`\n${after.join("\n")}\n`));
  // psql stopping on an error stops reading; pg_restore would wait on the full pipe for ever.
  psql.once("close", (code) => code !== 0 && restore.kill());
  const [dumpRead, sqlApplied] = await Promise.allSettled([restored, applied]);
  // psql's message says what went wrong; pg_restore's is then only "killed".
  if (sqlApplied.status === "rejected") throw sqlApplied.reason;
  if (dumpRead.status === "rejected") throw dumpRead.reason;
}

async function dumpedSchemaOf(backupFile: string): Promise<string> {
  const listing = await run("pg_restore", ["--list", backupFile]);
  const schemas = [...listing.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+) /gm)].map((m) => m[1] as string);
  const [schema] = schemas;
  if (schemas.length !== 1 || !schema || !PLAIN_IDENTIFIER.test(schema)) {
    throw new BackupRefusal(`${backupFile} is not a backup made by db:backup (it should hold exactly one schema).`);
  }
  return schema;
}

async function schemaExists(databaseUrl: string, schema: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: locationOf(databaseUrl).connectionString });
  await client.connect();
  try {
    const result = await client.query("select 1 from pg_namespace where nspname = $1", [schema]);
    return result.rowCount === 1;
  } finally {
    await client.end();
  }
}

async function run(command: string, args: string[]): Promise<string> {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  await finished(child, command);
  return output;
}

/** Resolves when the tool exits with 0; otherwise a refusal carrying what the tool said. */
function finished(child: ChildProcess, command: string): Promise<void> {
  let said = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (said += chunk));
  return new Promise((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupRefusal(`${command} is not installed. Install the PostgreSQL client tools of the server's major version (Debian: postgresql-client).`)
          : error,
      ),
    );
    child.once("close", (code) =>
      code === 0 ? resolve() : reject(new BackupRefusal(`${command} failed (exit code ${code}): ${said.trim() || "no message"}`)),
    );
  });
}
