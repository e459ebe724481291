// `npm run db:backup -- --out FILE`: a consistent copy of the site's database
// (DATABASE_URL) while the site runs – SQLite's online backup, or pg_dump's
// custom format of the site's schema. Restore with `npm run db:restore -- FILE`;
// how often, where to keep copies and how to check them: docs/operations.md.
import { loadConfigOrExit } from "#server/config";
import { BackupRefusal, backupDatabase, describeDatabase } from "#db/backup";

const args = process.argv.slice(2);
const outAt = args.indexOf("--out");
const out = outAt >= 0 ? args[outAt + 1] : undefined;
if (!out || args.length !== 2) {
  console.error("Usage: npm run db:backup -- --out FILE");
  process.exit(2);
}

const config = loadConfigOrExit();
try {
  const { bytes } = await backupDatabase(config.DATABASE_URL, out);
  console.log(`Backed up the ${describeDatabase(config.DATABASE_URL)} to ${out} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
} catch (error) {
  if (!(error instanceof BackupRefusal)) throw error;
  console.error(`No backup was made: ${error.message}`);
  process.exit(1);
}
