// `npm run tax:ku65 -- --year YYYY --out FILE [--full]`: the KU65 file
// (kontrolluppgifter om gåvor, Skatteverket's schema 8.0) for an income year.
// By default it holds what changed since the last file for that year – every
// statement the first time, then new donors, corrected sums (same
// specification number) and deletions – and records what it says; with
// --full every current statement. The same as /admin/skatt. Uses the site's
// DATABASE_URL and SITE_* (organisation number, name, contact).
import fs from "node:fs";
import os from "node:os";
import { loadServerConfig, readEnvironment } from "#server/config";
import { openDatabase } from "#db/dialect";
import { migrateToLatest } from "#db/migrate";
import { systemClock } from "#core/clock";
import { Ku65Error, makeKu65File } from "#core/tax/ku65";
import { AuditLog } from "#core/audit/audit-log";

const USAGE = "Usage: npm run tax:ku65 -- --year YYYY --out FILE [--full]";
const args = process.argv.slice(2);
const valueOf = (flag: string) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
};
const year = Number(valueOf("--year"));
const out = valueOf("--out");
if (!Number.isInteger(year) || year < 2000 || year > 2099 || !out) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadServerConfig(readEnvironment());
const { db, engine, schema } = openDatabase(config.DATABASE_URL);
await migrateToLatest(db, engine, schema);
let exitCode = 0;
try {
  const kind = args.includes("--full") ? "full" : "changes";
  const by = `tax:ku65 (${os.userInfo().username})`;
  const file = await makeKu65File({ db, clock: systemClock, site: config.site }, year, kind, by);
  if (!file) {
    console.log(`Nothing to report for ${year}: no counting gifts with a personnummer, or the last file already says everything. No file written (--full repeats every current statement).`);
  } else {
    fs.writeFileSync(out, file.xml);
    const count = (change: string) => file.statements.filter((s) => s.change === change).length;
    await new AuditLog({ db, clock: systemClock }).record(
      { staffId: null, staffName: by, ip: "command line" },
      { action: "tax.ku65_file", subjectType: "ku65_file", subjectId: file.id, details: { year, kind, statements: file.statements.length } },
    );
    console.log(
      `Wrote ${out}: ${file.statements.length} KU65 for ${year} (${count("new")} new, ${count("correction")} corrected, ${count("deletion")} deleted, ${count("unchanged")} unchanged).`,
    );
    console.log("Upload it at Skatteverket's e-service Lämna kontrolluppgifter (filöverföring).");
  }
} catch (error) {
  if (!(error instanceof Ku65Error)) throw error;
  console.error(`Refused: ${error.message}`);
  exitCode = 1;
} finally {
  await db.destroy();
}
process.exit(exitCode);
