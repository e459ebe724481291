import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import type { Clock } from "#core/clock";
import type { DonorRow } from "#core/donors/donor-repository";

/** A donor row for tests, with a personnummer, an e-mail address and a postal address unless overridden. */
export async function insertTestDonor(db: Kysely<DB>, clock: Clock, overrides: Partial<DonorRow> = {}): Promise<DonorRow> {
  const now = clock.now().toISOString();
  const donor: DonorRow = {
    id: crypto.randomUUID(),
    personnummer: "198112289874",
    given_name: "Erik",
    surname: "Lindgren",
    street: "Ringvägen 12",
    postal_code: "118 60",
    city: "Stockholm",
    protected_identity: 0,
    email: "erik@exempel.se",
    pending_email: null,
    phone: "0701234567",
    contact_email: 1,
    contact_post: 1,
    contact_phone: 0,
    newsletter: 0,
    created_at: now,
    updated_at: now,
    last_login_at: null,
    ...overrides,
  };
  await db.insertInto("donors").values(donor).execute();
  return donor;
}
