// `npm run fulfilment -- <command>`: the fulfilment team's tool for what goes
// by post, until the back office exists. Uses the site's DATABASE_URL.
//
//   list                 ready items to print and post, by the date they must arrive (URGENT / LATE marked),
//                        then the paper forms ordered by post (BL-… references)
//   pdf --out FILE       one print-ready PDF of them all, in the back office's order (by the day they must arrive):
//                        per envelope an address page for a window envelope, then what goes in it (a memorial sheet,
//                        gift card, certificate or diploma; A4 ones on an A4 page for a C4 envelope); a form's or an
//                        article's address page is its covering letter (the form itself comes from stock)
//   sent REF [REF…]      mark posted items and forms sent (all must be ready, or nothing changes)
//   resend REF [REF…]    make failed items ready again (e-mail ones are sent again by the delivery job)
//   cancel BL-… [BL-…]   strike forms ordered by post that should not be posted (a prank or a mistake); never order items
import fs from "node:fs";
import os from "node:os";
import { loadServerConfig, readEnvironment } from "#server/config";
import { openDatabase } from "#db/dialect";
import { migrateToLatest } from "#db/migrate";
import { systemClock } from "#core/clock";
import { createDocumentEngine } from "#documents/document-engine.server";
import { FulfilmentRefusal, formatPostQueue, postQueue, resendFailed } from "#core/orders/fulfilment";
import { cancelPostalForms, formatPostalFormQueue, markPostedWithForms, postalFormQueue } from "#core/postal-forms/postal-form-fulfilment";
import { postBatch, postBatchPageCount, postWorkQueue } from "#core/orders/post-work";
import { envelopeOf } from "#documents/templates/post-batch";

const USAGE = "Usage: npm run fulfilment -- list | pdf --out FILE | sent ITEM_REFERENCE… | resend ITEM_REFERENCE… | cancel FORM_REFERENCE…";
const [command, ...rest] = process.argv.slice(2);
if (!command || !["list", "pdf", "sent", "resend", "cancel"].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadServerConfig(readEnvironment());
const { db, engine, schema } = openDatabase(config.DATABASE_URL);
await migrateToLatest(db, engine, schema);
let exitCode = 0;
try {
  if (command === "list") {
    const items = await postQueue(db, systemClock.now());
    const forms = await postalFormQueue(db, systemClock.now());
    if (items.length > 0 || forms.length === 0) console.log(formatPostQueue(items));
    if (forms.length > 0) console.log(`${items.length > 0 ? "\n" : ""}${formatPostalFormQueue(forms)}`);
  } else if (command === "pdf") {
    const at = rest.indexOf("--out");
    const out = at >= 0 ? rest[at + 1] : undefined;
    if (!out) {
      console.error(USAGE);
      exitCode = 2;
    } else {
      const batch = await postBatch(db, config.site, await postWorkQueue(db, systemClock.now()));
      const entries = batch.data.entries;
      if (entries.length === 0) {
        console.log("Nothing to print: no ready items or forms go by post. No file written.");
      } else {
        const pdf = await createDocumentEngine(config.site).render(batch, "pdf");
        fs.writeFileSync(out, pdf);
        const c4 = entries.filter((e) => envelopeOf(e) === "C4").length;
        console.log(`Wrote ${out}: ${entries.length} envelopes on ${postBatchPageCount(batch)} pages (${c4} of them C4, for A4 documents posted flat; the rest C5).`);
        console.log("Each envelope starts with its address page; the foot says what goes in it. A form letter or an article's letter goes with the form or article from stock.");
        console.log("When they are posted: npm run fulfilment -- sent " + entries.map((e) => e.reference).join(" "));
      }
    }
  } else if (command === "sent") {
    const sent = await markPostedWithForms(db, systemClock, rest, os.userInfo().username);
    for (const item of sent.items) console.log(`sent  ${item.reference}  ${item.recipient_name}`);
    for (const form of sent.forms) console.log(`sent  ${form.reference}  ${form.name}`);
  } else if (command === "cancel") {
    const struck = await cancelPostalForms(db, systemClock, rest, os.userInfo().username);
    for (const form of struck) console.log(`struck  ${form.reference}  ${form.name}, ${form.postal_code} ${form.city} (not to be posted)`);
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
