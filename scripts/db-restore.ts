// `npm run db:restore -- FILE [--force]`: restores a backup made by db:backup
// into DATABASE_URL. Refuses a database that already holds tables unless
// --force is given; stop the site first. The restored database is opened as
// the site would open it, and what it holds is reported.
import { loadConfigOrExit } from "#server/config";
import { BackupRefusal, describeDatabase, restoreDatabase } from "#db/backup";

const args = process.argv.slice(2);
const force = args.includes("--force");
const files = args.filter((arg) => arg !== "--force");
const [file] = files;
if (!file || files.length !== 1 || file.startsWith("--")) {
  console.error("Usage: npm run db:restore -- FILE [--force]   (--force replaces everything in a database that is not empty)");
  process.exit(2);
}

const config = loadConfigOrExit();
const target = describeDatabase(config.DATABASE_URL);
try {
  const { latestMigration, gifts } = await restoreDatabase(config.DATABASE_URL, file, { force });
  console.log(`Restored ${file} into the ${target}: ${gifts} gifts, schema at migration ${latestMigration ?? "(none)"}.`);
  console.log("The site applies any newer migrations when it starts.");
} catch (error) {
  if (!(error instanceof BackupRefusal)) throw error;
  console.error(`Not restored into the ${target}. ${error.message}`);
  process.exit(1);
}
