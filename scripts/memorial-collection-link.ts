// `npm run collection:link -- <address>`: a new manage link for a memorial
// collection whose family lost theirs (staff use, e.g. when the family phones
// in). The old link stops working at once, and the new one is e-mailed by the
// running site's jobs to the e-mail address the collection was opened with –
// never to another address, so a caller cannot take over a collection by
// phone. <address> is the part after /minnesinsamling/. Needs the site's
// DATABASE_URL.
import { loadServerConfig, readEnvironment } from "#server/config";
import { openDatabase } from "#db/dialect";
import { migrateToLatest } from "#db/migrate";
import { systemClock } from "#core/clock";
import { renewManageLink } from "#core/memorial/collection-service";

const slug = process.argv.slice(2).find((a) => !a.startsWith("--"));
if (!slug) {
  console.error("Usage: npm run collection:link -- <address after /minnesinsamling/>");
  process.exit(2);
}

const config = loadServerConfig(readEnvironment());
const { db, engine, schema } = openDatabase(config.DATABASE_URL);
await migrateToLatest(db, engine, schema);
try {
  const collection = await renewManageLink(db, systemClock, slug.trim().toLowerCase());
  if (!collection) {
    console.error(`No memorial collection at /minnesinsamling/${slug}.`);
    process.exit(1);
  }
  console.log(`A new manage link is on its way to ${collection.organiser_email}; the old link no longer works.`);
} finally {
  await db.destroy();
}
