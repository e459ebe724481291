import { sql, type DatabaseIntrospector, type DatabaseMetadata, type Kysely, type SchemaMetadata, type TableMetadata } from "kysely";

/**
 * Kysely's migrator asks the database introspector whether its bookkeeping
 * tables exist, and on PostgreSQL that introspector reads the columns of every
 * table in every schema of the database. Another schema dropped meanwhile
 * (test schemas are, by tests running side by side; another application's, on
 * a shared server) makes that read fail with "schema … does not exist", and
 * it grows with every schema there is. Migrations only ever need to know
 * about their own schema, so on PostgreSQL the migrator gets a database whose
 * introspector looks there alone; SQLite's file holds only ours.
 */
export function withOwnSchemaIntrospection<DB>(db: Kysely<DB>, schema: string | undefined): Kysely<DB> {
  const introspector = new OwnSchemaIntrospector(db as Kysely<unknown>, schema);
  return new Proxy(db, {
    get(target, property) {
      if (property === "introspection") return introspector;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely's methods use private fields, so they must run on the real instance.
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly schema: string | undefined,
  ) {}

  /** The schema the migrations use: the one named, or the first on the search path. */
  private ownSchema() {
    return this.schema === undefined ? sql`current_schema()` : sql`${this.schema}`;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${this.ownSchema()}`.execute(this.db);
    return rows;
  }

  /** Names only: the migrator asks whether a table exists, never about its columns. */
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${this.ownSchema()} and c.relkind in ('r', 'p', 'v')`.execute(this.db);
    return rows.map((row) => ({ name: row.name, schema: row.schema, isView: row.kind === "v", columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}
