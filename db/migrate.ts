import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { withSchemaChangeGuards, type Engine } from "./dialect";
import type { DB } from "./schema";
import { withOwnSchemaIntrospection } from "./migration-introspection";
import { up0001 } from "./migrations/0001-initial";
import { up0002 } from "./migrations/0002-web-events";
import { up0004 } from "./migrations/0004-donors-sessions-my-data";
import { up0005 } from "./migrations/0005-payment-methods";
import { up0006 } from "./migrations/0006-gifts-orders-documents";
import { up0007 } from "./migrations/0007-memorials";
import { up0008 } from "./migrations/0008-memorial-collections";
import { up0011 } from "./migrations/0011-agreements";
import { up0012 } from "./migrations/0012-staff-and-audit";
import { up0013 } from "./migrations/0013-memberships";
import { up0014 } from "./migrations/0014-postal-forms";
import { up0016 } from "./migrations/0016-postal-form-cancelled";
import { up0017 } from "./migrations/0017-payment-refunds";
import { up0018 } from "./migrations/0018-stored-cards";
import { up0019 } from "./migrations/0019-several-instances";
import { up0021 } from "./migrations/0021-indexes-for-scale";
import { up0022 } from "./migrations/0022-erasure-of-agreements";
import { up0023 } from "./migrations/0023-canonical-personnummer";
import { up0024 } from "./migrations/0024-donor-pending-email";
import { up0025 } from "./migrations/0025-autogiro-requests-by-payment";
import { up0026 } from "./migrations/0026-company-gifts";
import { up0027 } from "./migrations/0027-company-logos";
import { up0028 } from "./migrations/0028-company-statements-and-links";
import { up0030 } from "./migrations/0030-gift-mentions";
import { up0031 } from "./migrations/0031-fundraisers";
import { up0032 } from "./migrations/0032-fundraiser-teams";
import { up0033 } from "./migrations/0033-fundraiser-pictures";
import { up0034 } from "./migrations/0034-gift-mention-hiding";
import { up0035 } from "./migrations/0035-fundraiser-team-listing";
import { up0036 } from "./migrations/0036-fundraiser-team-reports";

/**
 * Migrations are listed here in code rather than discovered on disk, so that the
 * bundled production server carries them and no file-system layout is assumed.
 * Names sort in the order they must run. All pending migrations run in one
 * transaction on both engines (db/dialect.ts): a server killed in the middle
 * leaves the database as it was, and the next start runs them again.
 */
function migrationsFor(engine: Engine): Record<string, Migration> {
  return {
    "0001-initial": { up: up0001(engine) },
    "0002-web-events": { up: up0002(engine) },
    "0004-donors-sessions-my-data": { up: up0004(engine) },
    "0005-payment-methods": { up: up0005 },
    "0006-gifts-orders-documents": { up: up0006(engine) },
    "0007-memorials": { up: up0007 },
    "0008-memorial-collections": { up: up0008 },
    "0011-agreements": { up: up0011(engine) },
    "0012-staff-and-audit": { up: up0012(engine) },
    "0013-memberships": { up: up0013(engine) },
    "0014-postal-forms": { up: up0014 },
    "0016-postal-form-cancelled": { up: up0016(engine) },
    "0017-payment-refunds": { up: up0017 },
    "0018-stored-cards": { up: up0018 },
    "0019-several-instances": { up: up0019 },
    "0021-indexes-for-scale": { up: up0021 },
    "0022-erasure-of-agreements": { up: up0022(engine) },
    "0023-canonical-personnummer": { up: up0023 },
    "0024-donor-pending-email": { up: up0024 },
    "0025-autogiro-requests-by-payment": { up: up0025 },
    "0026-company-gifts": { up: up0026(engine) },
    "0027-company-logos": { up: up0027 },
    "0028-company-statements-and-links": { up: up0028 },
    "0030-gift-mentions": { up: up0030 },
    "0031-fundraisers": { up: up0031 },
    "0032-fundraiser-teams": { up: up0032 },
    "0033-fundraiser-pictures": { up: up0033(engine) },
    "0034-gift-mention-hiding": { up: up0034 },
    "0035-fundraiser-team-listing": { up: up0035 },
    "0036-fundraiser-team-reports": { up: up0036 },
  };
}

export type MigrationName = keyof ReturnType<typeof migrationsFor>;

export async function migrateToLatest(db: Kysely<DB>, engine: Engine, schema?: string): Promise<string[]> {
  return migrate(db, engine, schema, (migrator) => migrator.migrateToLatest());
}

/** Up to and including `name`: for tests that fill a database under an older schema and then migrate it. */
export async function migrateTo(db: Kysely<DB>, engine: Engine, name: MigrationName, schema?: string): Promise<string[]> {
  return migrate(db, engine, schema, (migrator) => migrator.migrateTo(name));
}

/**
 * The migrations this code knows that the database has not run: none once
 * the start has migrated, some when the database was put back from an older
 * backup under a running server (/readyz answers 503 then, server/readiness.ts).
 */
export async function pendingMigrations(db: Kysely<DB>, engine: Engine, schema?: string): Promise<string[]> {
  const migrations = await migratorFor(db, engine, schema).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

function migratorFor(db: Kysely<DB>, engine: Engine, schema: string | undefined): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(engine) };
  const migratorDb = engine === "postgres" ? withOwnSchemaIntrospection(db, schema) : db;
  return new Migrator({ db: migratorDb, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

async function migrate(
  db: Kysely<DB>,
  engine: Engine,
  schema: string | undefined,
  run: (migrator: Migrator) => ReturnType<Migrator["migrateToLatest"]>,
): Promise<string[]> {
  const migrator = migratorFor(db, engine, schema);
  const { error, results } = await withSchemaChangeGuards(db, engine, () => run(migrator));
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
