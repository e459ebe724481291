// `npm run letter:link -- <donorId | e-mail>`: makes a link for a letter to one
// donor (staff use, when a letter or its QR code should open the gift form
// with the donor's name and address filled in) and prints it: the page
// /brev/{reference}, which leads to /ge-en-gava filled in. The link is an
// unguessable reference, never the donor's number; it works for
// LETTER_LINK_TTL_DAYS (60 by default) and other links for the donor keep
// working (one per letter). Needs the site's DATABASE_URL. See decision 0023.
import { loadServerConfig, readEnvironment } from "#server/config";
import { openDatabase } from "#db/dialect";
import { migrateToLatest } from "#db/migrate";
import { systemClock } from "#core/clock";
import { donorsForLetter, issueLetterLink, LetterLinkRefusal } from "#core/letter-links/letter-links";

const who = process.argv.slice(2).find((a) => !a.startsWith("--"));
if (!who) {
  console.error("Usage: npm run letter:link -- <donor id | e-post>");
  process.exit(2);
}

const config = loadServerConfig(readEnvironment());
const { db, engine, schema } = openDatabase(config.DATABASE_URL);
await migrateToLatest(db, engine, schema);
let exitCode = 0;
try {
  const donors = await donorsForLetter(db, who);
  if (donors.length === 0) {
    console.error("No donor has that id or e-mail address. Find the donor in the back office (/admin/givare) and use the id.");
    exitCode = 1;
  } else if (donors.length > 1) {
    console.error("Several donors have that e-mail address; give the id of the one the letter is for:");
    for (const donor of donors) console.error(`  ${donor.id}  ${donor.given_name} ${donor.surname}, ${donor.postal_code ?? "no address"} ${donor.city ?? ""}`.trimEnd());
    exitCode = 1;
  } else {
    const { reference, expiresAt } = await issueLetterLink({ db, clock: systemClock }, donors[0]!, config.LETTER_LINK_TTL_DAYS);
    console.log(`${config.publicUrl}/brev/${reference}`);
    console.log(`Reference ${reference} works until ${expiresAt}. Print the address (or its QR code) on the letter; it is shown only now.`);
  }
} catch (error) {
  if (!(error instanceof LetterLinkRefusal)) throw error;
  console.error(`No link made: ${error.message}`);
  exitCode = 1;
} finally {
  await db.destroy();
}
process.exit(exitCode);
