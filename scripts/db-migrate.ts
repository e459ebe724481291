// `npm run db:migrate`: brings DATABASE_URL's schema up to date and exits. The
// site does the same when it starts; the container's start script runs this
// first (as build/migrate/db-migrate.js), so a failed migration stops the
// container with its own message before the site listens.
import { loadConfigOrExit } from "#server/config";
import { openDatabase } from "#db/dialect";
import { migrateToLatest } from "#db/migrate";
import { describeDatabase } from "#db/backup";

const config = loadConfigOrExit();
const { db, engine, schema } = openDatabase(config.DATABASE_URL);
try {
  const applied = await migrateToLatest(db, engine, schema);
  console.log(
    applied.length > 0
      ? `Migrated the ${describeDatabase(config.DATABASE_URL)}: ${applied.join(", ")}.`
      : `The ${describeDatabase(config.DATABASE_URL)} is up to date.`,
  );
} finally {
  await db.destroy();
}
