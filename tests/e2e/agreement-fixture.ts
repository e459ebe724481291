// Test-only: approves a monthly gift's autogiro mandate as Bankgirot's answer
// file would (the mandate approved, the agreement active, its event written),
// against the end-to-end server's database. The real file exchange is tested
// in core/agreements and server/agreement-year.test.ts; the journeys here are
// about what the donor sees once the bank has said yes.
//
//   node --import tsx tests/e2e/agreement-fixture.ts approve AGREEMENT_ID
import { openDatabase } from "../../db/dialect";
import { systemClock } from "../../core/clock";
import { appendEvent, findAgreement, moveAgreement } from "../../core/agreements/agreement-service";

const [command, agreementId] = process.argv.slice(2);
const { db } = openDatabase(process.env.DATABASE_URL ?? "sqlite:var/site.db");
try {
  if (command !== "approve" || !agreementId) throw new Error("usage: agreement-fixture.ts approve AGREEMENT_ID");
  await db.transaction().execute(async (trx) => {
    const agreement = await findAgreement(trx, agreementId);
    if (!agreement?.mandate_id) throw new Error(`no agreement with a mandate: ${agreementId}`);
    await trx.updateTable("mandates").set({ status: "approved", updated_at: systemClock.now().toISOString() }).where("id", "=", agreement.mandate_id).execute();
    if (!(await moveAgreement(trx, systemClock, agreement, "active"))) throw new Error(`agreement ${agreementId} is ${agreement.status}`);
    await appendEvent(trx, systemClock, agreement.id, "activated", agreement.status, "active", agreement.next_debit_on, "bankgirot", { file: "e2e fixture" });
  });
} finally {
  await db.destroy();
}
