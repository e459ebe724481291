// `npm run payments:import -- FILE [FILE…]`: books Bankgirot BgMax files against
// open invoices in the configured database and prints what was booked and what
// finance must look at. Safe to run twice on the same file.
import fs from "node:fs";
import path from "node:path";
import { loadServerConfig, readEnvironment } from "#server/config";
import { openDatabase } from "#db/dialect";
import { migrateToLatest } from "#db/migrate";
import { systemClock } from "#core/clock";
import { createLogger } from "#server/logging";
import { importBankFile } from "#core/payments/bank-file-import";
import { bgMaxFileReader } from "#integrations/bankgirot-bgmax/bgmax-file-reader";
import { productPaymentOutcomes } from "#core/product-payment-outcomes";
import { formatSek } from "#core/site/format";

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("Usage: npm run payments:import -- FILE [FILE…]");
  process.exit(2);
}

const config = loadServerConfig(readEnvironment());
const { db, engine, schema } = openDatabase(config.DATABASE_URL);
await migrateToLatest(db, engine, schema);
const logger = createLogger("warn");
let failed = false;
for (const file of files) {
  const summary = await importBankFile({ db, clock: systemClock, logger, outcomes: productPaymentOutcomes, bankFileReader: bgMaxFileReader }, { name: path.basename(file), content: fs.readFileSync(file) });
  console.log(`\n${file}: ${summary.status}`);
  for (const e of summary.errors) console.log(`  error, line ${e.line}: ${e.message}`);
  for (const b of summary.booked)
    console.log(`  booked   ${b.reference}  ${formatSek(b.amountOre)}  order ${b.orderReference}${b.overpaidOre ? `  (overpaid ${formatSek(b.overpaidOre)})` : ""}`);
  for (const u of summary.underpaid) console.log(`  UNDERPAID ${u.reference}  ${formatSek(u.amountOre)}  order ${u.orderReference}  missing ${formatSek(u.missingOre)}`);
  for (const u of summary.unmatched) console.log(`  UNMATCHED ${u.reference || "(no reference)"}  ${formatSek(u.amountOre)}  ${u.name ?? ""}  reason: ${u.reason}`);
  if (summary.status === "rejected") failed = true;
}
await db.destroy();
process.exit(failed ? 1 : 0);
