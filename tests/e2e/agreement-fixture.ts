// Test-only: a monthly gift's autogiro agreement as the site stores it, against the end-to-end server's
// database. The real sign-up (BankID signing) is tested in monthly-giving.spec.ts and the real file
// exchange in core/agreements and server/agreement-year.test.ts; the journeys that use this are about
// what the donor sees once the bank has said yes.
//
//   node --import tsx tests/e2e/agreement-fixture.ts approve AGREEMENT_ID
//        approves the mandate as Bankgirot's answer file would (the mandate approved, the agreement active, its event written)
//   node --import tsx tests/e2e/agreement-fixture.ts active DONOR_ID EMAIL → {"agreementId"}
//        the donor signs up for 200 kr a month on the 28th from a SEB account (as /ge-en-gava/manadsgava stores it
//        once BankID has signed), and Bankgirot approves the mandate
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "#db/schema";
import { openDatabase } from "#db/dialect";
import { systemClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { appendEvent, createAgreement, findAgreement, moveAgreement } from "#core/agreements/agreement-service";
import { checkAccount } from "#core/agreements/monthly-gift-form";
import { findDonor } from "#core/donors/donor-repository";

const [command, id, email] = process.argv.slice(2);
const { db } = openDatabase(process.env.DATABASE_URL ?? "sqlite:var/site.db");

async function approve(db: Kysely<DB>, agreementId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const agreement = await findAgreement(trx, agreementId);
    if (!agreement?.mandate_id) throw new Error(`no agreement with a mandate: ${agreementId}`);
    await trx.updateTable("mandates").set({ status: "approved", updated_at: systemClock.now().toISOString() }).where("id", "=", agreement.mandate_id).execute();
    if (!(await moveAgreement(trx, systemClock, agreement, "active"))) throw new Error(`agreement ${agreementId} is ${agreement.status}`);
    await appendEvent(trx, systemClock, agreement.id, "activated", agreement.status, "active", agreement.next_debit_on, "bankgirot", { file: "e2e fixture" });
  });
}

async function signUp(db: Kysely<DB>, donorId: string, email: string): Promise<string> {
  const donor = await findDonor(db, donorId);
  if (!donor?.personnummer) throw new Error(`no donor with a personnummer: ${donorId}`);
  // As the sign-up does: the form's e-mail becomes the donor's when they have none.
  if (!donor.email) await db.updateTable("donors").set({ email, updated_at: systemClock.now().toISOString() }).where("id", "=", donor.id).execute();
  const { agreement } = await createAgreement(
    { db, clock: systemClock, logger: silentLogger },
    {
      donorId: donor.id,
      kind: "monthly_gift",
      amountOre: 20_000,
      debitDay: 28,
      idempotencyKey: crypto.randomUUID(),
      collect: {
        method: "autogiro",
        // The SEB account tests/e2e/monthly-flow.ts fills in, which the autogiro simulator approves.
        mandate: { account: checkAccount("5000", "1234560")!, personnummer: donor.personnummer, signatureRef: `e2e-fixture-${crypto.randomUUID()}` },
      },
    },
  );
  return agreement.id;
}

try {
  if (command === "approve" && id) {
    await approve(db, id);
  } else if (command === "active" && id && email) {
    const agreementId = await signUp(db, id, email);
    await approve(db, agreementId);
    process.stdout.write(`${JSON.stringify({ agreementId })}\n`);
  } else {
    throw new Error("usage: agreement-fixture.ts approve AGREEMENT_ID | active DONOR_ID EMAIL");
  }
} finally {
  await db.destroy();
}
