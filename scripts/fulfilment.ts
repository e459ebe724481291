// `npm run fulfilment -- <command>`: the fulfilment team's tool for what goes
// by post, until the back office exists. Uses the site's DATABASE_URL.
//
//   list                 ready items to print and post, by the date they must arrive (URGENT / LATE marked)
//   pdf --out FILE       one print-ready PDF of them: for each, an address page for a C5 window envelope, then the sheet
//   sent REF [REF…]      mark posted items sent (all must be ready, or nothing changes)
//   resend REF [REF…]    make failed items ready again (e-mail ones are sent again by the delivery job)
import fs from "node:fs";
import os from "node:os";
import { loadServerConfig, readEnvironment } from "../server/config";
import { openDatabase } from "../db/dialect";
import { migrateToLatest } from "../db/migrate";
import { systemClock } from "../core/clock";
import { createDocumentEngine } from "../documents/document-engine.server";
import { FulfilmentRefusal, formatPostQueue, markPosted, postBatchDocument, postQueue, resendFailed } from "../core/orders/fulfilment";

const USAGE = "Usage: npm run fulfilment -- list | pdf --out FILE | sent ITEM_REFERENCE… | resend ITEM_REFERENCE…";
const [command, ...rest] = process.argv.slice(2);
if (!command || !["list", "pdf", "sent", "resend"].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadServerConfig(readEnvironment());
const { db, engine, schema } = openDatabase(config.DATABASE_URL);
await migrateToLatest(db, engine, schema);
let exitCode = 0;
try {
  if (command === "list") {
    console.log(formatPostQueue(await postQueue(db, systemClock.now())));
  } else if (command === "pdf") {
    const at = rest.indexOf("--out");
    const out = at >= 0 ? rest[at + 1] : undefined;
    if (!out) {
      console.error(USAGE);
      exitCode = 2;
    } else {
      const entries = await postQueue(db, systemClock.now());
      const batch = await postBatchDocument(db, entries);
      if (batch.kind !== "post-batch" || batch.data.items.length === 0) {
        console.log("Nothing to print: no ready items go by post. No file written.");
      } else {
        const pdf = await createDocumentEngine(config.site).render(batch, "pdf");
        fs.writeFileSync(out, pdf);
        console.log(`Wrote ${out}: ${batch.data.items.length} sheets, each after its address page (${batch.data.items.length * 2} A5 pages).`);
        console.log("When they are posted: npm run fulfilment -- sent " + batch.data.items.map((i) => i.reference).join(" "));
      }
    }
  } else if (command === "sent") {
    const sent = await markPosted(db, systemClock, rest, os.userInfo().username);
    for (const item of sent) console.log(`sent  ${item.reference}  ${item.recipient_name}`);
  } else {
    const again = await resendFailed(db, systemClock, rest);
    for (const item of again) console.log(`ready again  ${item.reference}  ${item.recipient_name}  (${item.channel})`);
  }
} catch (error) {
  if (!(error instanceof FulfilmentRefusal)) throw error;
  console.error(`Refused, nothing was changed:\n${error.problems.map((p) => `  ${p}`).join("\n")}`);
  exitCode = 1;
} finally {
  await db.destroy();
}
process.exit(exitCode);
