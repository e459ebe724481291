// `npm run mydata:link -- <personnummer | e-mail> [--send]`: makes a My data
// link for a donor (staff use, e.g. when a donor phones in) and prints it, or
// with --send e-mails it to the donor's address. Issuing a link revokes the
// donor's older links. Needs the same SECRET_KEY (when the site sets one) and
// DATABASE_URL as the running site, or the site will not accept the link.
// Without SECRET_KEY the key comes from the database, as the site's does.
import { loadServerConfig, readEnvironment } from "#server/config";
import { openDatabase } from "#db/dialect";
import { migrateToLatest } from "#db/migrate";
import { systemClock } from "#core/clock";
import { normalisePersonnummer } from "#core/identity/personnummer";
import { ensureDonorFromGifts } from "#core/donors/donor-repository";
import { LinkTokens } from "#core/my-data/link-tokens";
import { myDataLinkMail } from "#core/my-data/my-data-service";
import { createMailer } from "#server/mail/nodemailer-mailer";
import { resolveServerSecrets } from "#server/persistent-secrets";
import { DbKeyValueStore } from "#db/kv-entries";

const args = process.argv.slice(2);
const send = args.includes("--send");
const who = args.find((a) => !a.startsWith("--"));
if (!who) {
  console.error("Usage: npm run mydata:link -- <personnummer | e-post> [--send]");
  process.exit(2);
}

const config = loadServerConfig(readEnvironment());
const site = config.site;
const { db, engine, schema } = openDatabase(config.DATABASE_URL);
await migrateToLatest(db, engine, schema);
const { secretKey } = await resolveServerSecrets(config, new DbKeyValueStore(db, systemClock));
try {
  const personnummer = normalisePersonnummer(who);
  const email = who.includes("@") ? who.trim().toLowerCase() : null;
  if (!personnummer && !email) {
    console.error("Give a valid personnummer (ÅÅÅÅMMDD-NNNN) or an e-mail address.");
    process.exit(2);
  }
  const donor = await ensureDonorFromGifts(db, systemClock, personnummer ? { personnummer } : { email: email as string });
  if (!donor) {
    console.error("No donor or gift is registered for that person.");
    process.exit(1);
  }
  const links = new LinkTokens({ db, clock: systemClock }, secretKey, config.MY_DATA_LINK_TTL_HOURS * 3_600_000);
  const { token, expiresAt } = await links.issue(donor.id);
  const link = `${config.publicUrl}/dina-uppgifter?token=${encodeURIComponent(token)}`;
  if (send) {
    if (!donor.email) {
      console.error("The donor has no e-mail address; give them the link another way.");
      process.exit(1);
    }
    const mailer = createMailer({ smtpUrl: config.SMTP_URL, mailDir: config.MAIL_DIR, from: config.MAIL_FROM ?? `${site.name} <${site.email}>`, timeoutMs: config.SMTP_TIMEOUT_MS });
    await mailer.send(myDataLinkMail(donor, link, expiresAt, site));
    console.log(`Sent to the donor's e-mail address. The link works until ${expiresAt}.`);
  } else {
    console.log(link);
    console.log(`Works until ${expiresAt}. Older links for this donor no longer work.`);
  }
} finally {
  await db.destroy();
}
