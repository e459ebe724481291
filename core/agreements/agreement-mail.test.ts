import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { silentLogger } from "../logger";
import { loadSiteConfig } from "../site/site-config";
import { upsertIdentifiedDonor } from "../donors/donor-repository";
import { openTestDatabase, type TestDatabase } from "#tests/support/test-databases";
import { cancel, changeAmount, createAgreement } from "./agreement-service";
import { agreementMail } from "./agreement-mail";
import { productPaymentOutcomes } from "../product-payment-outcomes";

describe("agreement e-mails", () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it("confirm the start, tell a change with the debit it applies from and a raise link, and name the debit that still comes", async () => {
    database = await openTestDatabase("sqlite");
    const clock = new ManualClock("2026-01-15T10:00:00.000Z");
    const deps = { db: database.db, clock, logger: silentLogger, outcomes: productPaymentOutcomes };
    const donor = await upsertIdentifiedDonor(database.db, clock, { personnummer: "198112289874", givenName: "Erik", surname: "Lindgren" });
    await database.db.updateTable("donors").set({ email: "erik@exempel.se" }).where("id", "=", donor.id).execute();
    const { agreement } = await createAgreement(deps, {
      donorId: donor.id, kind: "monthly_gift", amountOre: 15_000, debitDay: 28,
      collect: { method: "autogiro", mandate: { account: { clearing: "5000", number: "1234560", bankName: "SEB" }, personnummer: "198112289874", signatureRef: "o" } }, idempotencyKey: "k",
    });
    const mailDeps = { db: database.db, site: loadSiteConfig({}), publicUrl: "https://exempel.se", raiseLink: (id: string) => `https://exempel.se/ge-en-gava/manadsgava/hoj?token=T-${id}` };

    const started = await agreementMail(mailDeps, { agreementId: agreement.id, kind: "started" });
    expect(started?.to).toBe("erik@exempel.se");
    expect(started?.text).toMatch(/Den första dragningen görs 28 januari 2026/);
    expect(started?.text).toContain("SEB, konto som slutar på 4560");
    expect(started?.text).not.toContain("198112289874");

    await changeAmount(deps, agreement.id, donor.id, 20_000);
    const changed = await agreementMail(mailDeps, { agreementId: agreement.id, kind: "changed" });
    expect(changed?.text).toMatch(/Din månadsgåva är nu 200\s+kr i månaden/);
    expect(changed?.text).toContain("Ändringen gäller från dragningen 28 januari 2026");
    expect(changed?.text).toContain(`hoj?token=T-${agreement.id}`);

    const stopped = await cancel(deps, agreement.id, donor.id);
    const cancelled = await agreementMail(mailDeps, { agreementId: agreement.id, kind: "cancelled", stillComing: [{ debitOn: "2026-01-28", amountOre: 20_000 }] });
    expect(stopped.agreement.status).toBe("cancelled");
    expect(cancelled?.text).toMatch(/Dragningen 28 januari 2026 på 200\s+kr hann vi inte stoppa/);
    // An ended agreement's e-mails carry no raise link.
    expect(cancelled?.text).not.toContain("hoj?token");
  });
});
