import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import { testEngines } from "#tests/support/test-databases";
import { ManualClock } from "#core/clock";
import { giftFormSchema } from "#core/gifts/gift-form";
import { givingOverview } from "#core/donors/gift-history";
import { upsertIdentifiedDonor } from "#core/donors/donor-repository";
import { makeKu65File } from "#core/tax/ku65";
import { kontrolluppgifterSchemaErrors } from "#tests/support/skatteverket-schema";

/**
 * A personnummer is stored in one form however the donor typed it (issue #29):
 * the dash the form's own hint asks for once kept a donor's gifts off Mina
 * sidor and made the KU65 file fail Skatteverket's schema. Every way in – the
 * page forms' shared fields and each JSON API – is tried with each accepted
 * way of typing Erik Lindgren's number (198112289874).
 */
const CANONICAL = "198112289874";
const TYPED = ["19811228-9874", "198112289874", "811228-9874", "8112289874", "19811228 9874", " 811228 - 9874 "];
const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };

describe("the gift forms' shared fields", () => {
  it.each(TYPED)("store %j as the 12 digits", (typed) => {
    const parsed = giftFormSchema({ minKr: 50, maxKr: 100_000 }).safeParse({
      amount: "250",
      name: "Erik Lindgren",
      email: "erik@exempel.se",
      personnummer: typed,
      paymentMethod: "card",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(parsed.success && parsed.data.personnummer).toBe(CANONICAL);
  });
});

describe.each(testEngines)("personnummer through the APIs on %s", (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  it("stores every typed form as 12 digits, shows the gifts on Mina sidor and reports them in a KU65 file the schema accepts", async () => {
    const clock = new ManualClock("2026-11-27T10:00:00.000Z");
    server = await startTestServer({ engine, clock, env: { RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: "1000" } });
    const { db } = server.container;
    for (const [i, personnummer] of TYPED.entries()) {
      const payload = { amount: 300, name: "Erik Lindgren", email: "erik@exempel.se", personnummer, idempotencyKey: crypto.randomUUID() };
      const answer =
        i % 2 === 0
          ? await postJson(`${server.url}/api/RegularGift/Add`, { context, payload })
          : await postJson(`${server.url}/api/SwishInit`, { context, payload });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    const stored = await db.selectFrom("gifts").select(["id", "donor_personnummer"]).execute();
    expect(stored).toHaveLength(TYPED.length);
    expect(new Set(stored.map((g) => g.donor_personnummer))).toEqual(new Set([CANONICAL]));

    await db.updateTable("gifts").set({ status: "paid", paid_at: clock.now().toISOString() }).execute();
    // As after a BankID login: the donor's own gifts, every one of them.
    const donor = await upsertIdentifiedDonor(db, clock, { personnummer: CANONICAL, givenName: "Erik", surname: "Lindgren" });
    const overview = await givingOverview(db, donor);
    expect(overview.taxYears.find((y) => y.year === 2026)?.qualifyingOre).toBe(TYPED.length * 30_000);

    const file = await makeKu65File({ db, clock, site: server.container.site }, 2026, "full", "test");
    expect(file?.xml).toContain(`<ku:Inkomsttagare faltkod="215">${CANONICAL}</ku:Inkomsttagare>`);
    expect(kontrolluppgifterSchemaErrors(file!.xml)).toBe("");
  });
});
