// `npm run staff:add -- PERSONNUMMER ROLE…`: registers a person as back-office
// staff with these roles (insamling, ekonomi, admin), or gives an existing
// member exactly these roles (and access again, if it was ended). This is how
// the first admin is made; after that admins add staff at /admin/personal.
// Needs the site's DATABASE_URL and its SECRET_KEY when it sets one: staff are
// found by a keyed hash of their personnummer (decision 0020).
import { loadServerConfig, readEnvironment } from "#server/config";
import { openDatabase } from "#db/dialect";
import { migrateToLatest } from "#db/migrate";
import { systemClock } from "#core/clock";
import { resolveServerSecrets } from "#server/persistent-secrets";
import { DbKeyValueStore } from "#db/kv-entries";
import { AuditLog } from "#core/audit/audit-log";
import { StaffInputError, StaffRepository, staffKey } from "#core/staff/staff-repository";
import { STAFF_ROLES } from "#core/staff/staff-roles";
import os from "node:os";

const [personnummer, ...roles] = process.argv.slice(2);
if (!personnummer || roles.length === 0) {
  console.error(`Usage: npm run staff:add -- PERSONNUMMER ROLE… (roles: ${STAFF_ROLES.join(", ")})`);
  process.exit(2);
}

const config = loadServerConfig(readEnvironment());
const { db, engine, schema } = openDatabase(config.DATABASE_URL);
await migrateToLatest(db, engine, schema);
let exitCode = 0;
try {
  const { secretKey } = await resolveServerSecrets(config, new DbKeyValueStore(db, systemClock));
  const members = new StaffRepository({ db, clock: systemClock, key: staffKey(secretKey) });
  const { member, created } = await members.register(personnummer, roles, null);
  await new AuditLog({ db, clock: systemClock }).record(
    { staffId: null, staffName: `staff:add (${os.userInfo().username})`, ip: "command line" },
    { action: created ? "staff.add" : "staff.roles", subjectType: "staff", subjectId: member.id, details: { roles: member.roles } },
  );
  console.log(`${created ? "Registered" : "Updated"} ${member.maskedPersonnummer} with roles: ${member.roles.join(", ")}. They sign in at ${config.publicUrl}/admin/logga-in with BankID.`);
} catch (error) {
  if (!(error instanceof StaffInputError)) throw error;
  console.error(`Refused, nothing was changed: ${error.message}`);
  exitCode = 1;
} finally {
  await db.destroy();
}
process.exit(exitCode);
