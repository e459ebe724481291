// Test-only: against the end-to-end server's database, makes a donor with a
// postal address and a link for a letter to them (as `npm run letter:link`
// does), and reads back a form ordered by post. Used by
// tests/e2e/postal-form.spec.ts:
//
//   node --import tsx tests/e2e/postal-form-fixture.ts letter GIVEN SURNAME   → the letter's reference (26 characters)
//   node --import tsx tests/e2e/postal-form-fixture.ts form BL-…              → {"kind":…,"status":…,"name":…,"city":…}
import { openDatabase } from "#db/dialect";
import { systemClock } from "#core/clock";
import { insertTestDonor } from "../support/test-donor";
import { issueLetterLink } from "#core/letter-links/letter-links";

const [command, ...args] = process.argv.slice(2);
const { db } = openDatabase(process.env.DATABASE_URL ?? "sqlite:var/site.db");
try {
  if (command === "letter" && args.length === 2) {
    // A donor of this journey's own (no personnummer, so no other journey's BankID person is touched).
    const donor = await insertTestDonor(db, systemClock, {
      personnummer: null,
      given_name: args[0]!,
      surname: args[1]!,
      street: "Lingonstigen 3",
      postal_code: "752 36",
      city: "Uppsala",
      email: null,
      phone: null,
    });
    const { reference } = await issueLetterLink({ db, clock: systemClock }, donor, 60);
    process.stdout.write(`${reference}\n`);
  } else if (command === "form" && args.length === 1) {
    const form = await db
      .selectFrom("postal_form_requests")
      .select(["kind", "status", "name", "city"])
      .where("reference", "=", args[0]!)
      .executeTakeFirst();
    process.stdout.write(`${JSON.stringify(form ?? null)}\n`);
  } else {
    throw new Error("usage: letter GIVEN SURNAME | form REFERENCE");
  }
} finally {
  await db.destroy();
}
