import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import { silentLogger } from "../logger";
import { findDonor, upsertIdentifiedDonor } from "../donors/donor-repository";
import { eraseDonor, myDataFor } from "../my-data/my-data-service";
import type { MailMessage } from "../mail/mailer";
import { formatSek } from "../site/format";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { createGift } from "../gifts/gift-service";
import { createAgreement } from "./agreement-service";
import { AGREEMENT_MAIL_JOB } from "./agreement-records";
import { productPaymentOutcomes } from "../product-payment-outcomes";

/**
 * Erasure of a donor who gives by autogiro and is a member (decision 0035).
 * Before it, erasure failed on the agreements' and mandates' reference to the
 * donor and changed nothing; card agreements and stored cards are covered in
 * server/card-agreement-year.test.ts.
 */
describe.each(testEngines)("erasing a monthly donor on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  /** Erik, with an e-mail address, signs up for 250 kr a month by autogiro on Thursday 15 January 2026 (pending, mandate requested). */
  async function monthlyDonor() {
    database = await openTestDatabase(engine);
    const { db } = database;
    const clock = new ManualClock("2026-01-15T10:00:00.000Z");
    const deps = { db, clock, logger: silentLogger, outcomes: productPaymentOutcomes };
    const donor = await upsertIdentifiedDonor(db, clock, { personnummer: "198112289874", givenName: "Erik", surname: "Lindgren" });
    await db.updateTable("donors").set({ email: "erik@exempel.se" }).where("id", "=", donor.id).execute();
    const { agreement, mandate } = await createAgreement(deps, {
      donorId: donor.id,
      kind: "monthly_gift",
      amountOre: 25_000,
      debitDay: 28,
      collect: { method: "autogiro", mandate: { account: { clearing: "5000", number: "1234560", bankName: "SEB" }, personnummer: "198112289874", signatureRef: "bankid-order-1" } },
      idempotencyKey: "signup-1",
    });
    return { db, clock, deps, donor, agreement, mandate };
  }

  it("lists the agreement and membership in My data, then ends the agreement through the cancellation, keeps it and its mandate without the donor, and forgets the member's details", async () => {
    const { db, clock, deps, donor, agreement, mandate } = await monthlyDonor();
    const now = clock.now().toISOString();
    await db
      .insertInto("members")
      .values({ reference: "member-ref-1", donor_id: donor.id, name: "Erik Lindgren", email: "erik@exempel.se", street: "Storgatan 1", postal_code: "111 22", city: "Stockholm", paid_until: "2026-12-31", reminded_for: null, created_at: now, updated_at: now })
      .execute();
    // Two membership fees paid by the donor: one for themselves, one given to someone else.
    const fees: string[] = [];
    for (const isPresent of [0, 1]) {
      const { gift } = await createGift(db, clock, {
        giftType: "membership", amountOre: 30_000, donorName: "Erik Lindgren", donorEmail: "erik@exempel.se", donorPersonnummer: "198112289874",
        newsletterConsent: false, idempotencyKey: `fee-${isPresent}`, donorId: donor.id,
      });
      await db
        .insertInto("membership_fees")
        .values(isPresent
          ? { gift_id: gift.id, member_number: null, name: "Greta Blom", email: "greta@exempel.se", street: "Åsgatan 4", postal_code: "903 25", city: "Umeå", is_present: 1, greeting: "Grattis!", valid_from: null, valid_until: null, created_at: now }
          : { gift_id: gift.id, member_number: null, name: "Erik Lindgren", email: "erik@exempel.se", street: "Storgatan 1", postal_code: "111 22", city: "Stockholm", is_present: 0, greeting: null, valid_from: null, valid_until: null, created_at: now })
        .execute();
      fees.push(gift.id);
    }
    // Someone else's agreement is not touched.
    const other = await upsertIdentifiedDonor(db, clock, { personnummer: "199001012380", givenName: "Anna", surname: "Svensson" });
    const theirs = await createAgreement(deps, {
      donorId: other.id, kind: "monthly_gift", amountOre: 10_000, debitDay: 28,
      collect: { method: "autogiro", mandate: { account: { clearing: "8327", number: "9876543", bankName: "Swedbank" }, personnummer: "199001012380", signatureRef: "bankid-order-2" } }, idempotencyKey: "signup-2",
    });

    // Before: My data lists the monthly gift (the account only by its ending) and the membership.
    const before = await myDataFor(db, clock, { name: "Hjärt-Lungfonden", orgNumber: "802555-0101" } as never, (await findDonor(db, donor.id))!);
    expect(before.agreements).toEqual([
      { kind: "monthly_gift", status: "Väntar på godkännande från banken", amountOre: 25_000, interval: "monthly", debitDay: 28, paidWith: "SEB, konto som slutar på 4560" },
    ]);
    expect(before.membership).toMatchObject({ paidUntil: "2026-12-31" });
    expect(JSON.stringify(before)).not.toContain("1234560");

    const sent: MailMessage[] = [];
    await eraseDonor({ ...deps, mailer: { send: async (m) => void sent.push(m) }, site: { name: "Hjärt-Lungfonden" } as never, tokens: {} as never }, donor.id, "staff");

    expect(await db.selectFrom("donors").select("id").execute()).toEqual([{ id: other.id }]);
    expect(await db.selectFrom("agreements").select(["status", "donor_id"]).where("id", "=", agreement.id).executeTakeFirstOrThrow()).toEqual({ status: "cancelled", donor_id: null });
    const events = await db.selectFrom("agreement_events").select(["type", "source"]).where("agreement_id", "=", agreement.id).orderBy("id").execute();
    expect(events).toEqual([{ type: "created", source: "donor" }, { type: "cancelled", source: "staff" }]);
    // The mandate is kept for Bankgirot's later files (by payer number), without the donor and with only the account's ending; its cancellation is queued.
    expect(await db.selectFrom("mandates").select(["donor_id", "account", "payer_number"]).where("id", "=", mandate.id).executeTakeFirstOrThrow()).toEqual({
      donor_id: null,
      account: "4560",
      payer_number: mandate.payer_number,
    });
    expect(await db.selectFrom("autogiro_requests").select("kind").where("mandate_id", "=", mandate.id).orderBy("created_at").execute()).toEqual([
      { kind: "new_mandate" },
      { kind: "cancel_mandate" },
    ]);
    expect(await db.selectFrom("members").select(["donor_id", "name", "email", "street", "city", "paid_until"]).executeTakeFirstOrThrow()).toEqual({
      donor_id: null,
      name: "Raderad medlem",
      email: null,
      street: "",
      city: "",
      paid_until: "2026-12-31",
    });
    // One message: the erasure's, which says what ended.
    const agreementMails = await db.selectFrom("jobs").select("payload").where("type", "=", AGREEMENT_MAIL_JOB).execute();
    expect(agreementMails.filter((j) => j.payload.includes('"cancelled"'))).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe("erik@exempel.se");
    expect(sent[0]!.text).toContain(`Vi har avslutat din månadsgåva på ${formatSek(25_000)} i månaden.`);

    // The fee for himself loses address and e-mail; the one he gave keeps the recipient's.
    const feeRows = await db.selectFrom("membership_fees").select(["gift_id", "email", "street", "city"]).execute();
    expect(feeRows.find((f) => f.gift_id === fees[0])).toEqual({ gift_id: fees[0], email: null, street: "", city: "" });
    expect(feeRows.find((f) => f.gift_id === fees[1])).toEqual({ gift_id: fees[1], email: "greta@exempel.se", street: "Åsgatan 4", city: "Umeå" });

    expect(await db.selectFrom("agreements").select(["status", "donor_id"]).where("id", "=", theirs.agreement.id).executeTakeFirstOrThrow()).toEqual({ status: "pending", donor_id: other.id });
    expect(await db.selectFrom("mandates").select("account").where("id", "=", theirs.mandate.id).executeTakeFirstOrThrow()).toEqual({ account: "9876543" });
  });

  it("forgets the donor on a debit the cancellation books because it was due that day", async () => {
    const { db, clock, deps, donor, agreement, mandate } = await monthlyDonor();
    await db.updateTable("mandates").set({ status: "approved" }).where("id", "=", mandate.id).execute();
    await db.updateTable("agreements").set({ status: "active" }).where("id", "=", agreement.id).execute();
    // Monday 19 January: the 28 January debit is due to be requested, and can still be stopped.
    clock.set(new Date("2026-01-19T09:00:00.000Z"));
    await eraseDonor({ ...deps, mailer: { send: async () => {} }, site: { name: "Hjärt-Lungfonden" } as never, tokens: {} as never }, donor.id, "my-data");
    const debits = await db.selectFrom("gifts").select(["debit_on", "donor_name", "donor_email", "donor_personnummer", "donor_id"]).where("agreement_id", "=", agreement.id).execute();
    expect(debits).toEqual([{ debit_on: "2026-01-28", donor_name: "Raderad givare", donor_email: "", donor_personnummer: null, donor_id: null }]);
  });
});
