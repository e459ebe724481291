import { afterEach, describe, expect, it } from "vitest";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { ManualClock } from "../clock";
import { loadSiteConfig } from "../site/site-config";
import { testGift } from "#tests/support/test-gift";
import { upsertIdentifiedDonor } from "../donors/donor-repository";
import { givingOverview } from "../donors/gift-history";
import { TEST_PERSONNUMMER, TEST_SAMORDNINGSNUMMER } from "../identity/test-personnummer";
import { ku65Plan, ku65Totals, ku65Xml, makeKu65File } from "./ku65";
import { kontrolluppgifterSchemaErrors } from "#tests/support/skatteverket-schema";

const site = loadSiteConfig({});
const [anna, bo, cecilia] = TEST_PERSONNUMMER;
const samordning = TEST_SAMORDNINGSNUMMER[0];

const schemaErrors = kontrolluppgifterSchemaErrors;

let n = 0;
function gift(overrides: Parameters<typeof testGift>[0]) {
  n += 1;
  return testGift({ id: `g${n}`, order_reference: `REF${String(n).padStart(23, "0")}`, idempotency_key: `k${n}`, ...overrides });
}

describe.each(testEngines)("KU65 on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  async function seed() {
    database = await openTestDatabase(engine);
    const { db } = database;
    const clock = new ManualClock(new Date("2027-01-20T09:00:00.000Z"));
    const donorA = await upsertIdentifiedDonor(db, clock, { personnummer: anna, givenName: "Anna", surname: "Exempel" });
    await db
      .insertInto("gifts")
      .values([
        // Anna: linked by donor id, 2 000 + 300 counts; 150 kr is under 200 kr; a membership fee and a refunded gift do not count.
        gift({ donor_id: donorA.id, amount_ore: 200_000, paid_at: "2026-03-01T10:00:00.000Z" }),
        gift({ donor_id: donorA.id, amount_ore: 30_050, paid_at: "2026-06-01T10:00:00.000Z" }),
        gift({ donor_id: donorA.id, amount_ore: 15_000, paid_at: "2026-06-02T10:00:00.000Z" }),
        gift({ donor_id: donorA.id, gift_type: "membership", amount_ore: 50_000, paid_at: "2026-06-03T10:00:00.000Z" }),
        gift({ donor_id: donorA.id, status: "refunded", amount_ore: 90_000, paid_at: "2026-06-04T10:00:00.000Z" }),
        // A gift at 00:30 on 1 January Swedish time belongs to the new year, one at 23:30 on 31 December to the old.
        gift({ donor_id: donorA.id, amount_ore: 40_000, paid_at: "2026-12-31T23:30:00.000Z" }),
        gift({ donor_id: donorA.id, amount_ore: 45_000, paid_at: "2026-12-31T22:30:00.000Z" }),
        // Bo: never logged in, gave with his personnummer; under 2 000 kr with us is still reported (he may give elsewhere too).
        gift({ donor_personnummer: bo, amount_ore: 50_000, paid_at: "2026-09-09T09:00:00.000Z" }),
        // Cecilia: a memorial gift counts like any money gift.
        gift({ donor_personnummer: cecilia, gift_type: "memorial", amount_ore: 25_000, paid_at: "2026-11-11T11:00:00.000Z" }),
        // A samordningsnummer is reported like a personnummer.
        gift({ donor_personnummer: samordning, amount_ore: 100_000, paid_at: "2026-02-02T12:00:00.000Z" }),
        // No personnummer: nothing to report.
        gift({ amount_ore: 500_000, paid_at: "2026-05-05T10:00:00.000Z" }),
      ])
      .execute();
    return { db, clock, donorA };
  }

  it("sums each person's counting gifts of the year, the same as Mina sidor's tax summary", async () => {
    const { db, donorA } = await seed();
    const totals = await ku65Totals(db, 2026);
    expect(Object.fromEntries(totals)).toEqual({ [anna]: 2_750, [bo]: 500, [cecilia]: 250, [samordning]: 1_000 });
    const summary = (await givingOverview(db, donorA)).taxYears.find((y) => y.year === 2026)!;
    expect(Math.floor(summary.qualifyingOre / 100)).toBe(totals.get(anna));
    expect(Object.fromEntries(await ku65Totals(db, 2027))).toEqual({ [anna]: 400 });
  });

  it("makes a file Skatteverket's schema accepts, then corrections and deletions under the same numbers", async () => {
    const { db, clock, donorA } = await seed();
    const first = await makeKu65File({ db, clock, site }, 2026, "changes", "test");
    expect(first!.statements.map((s) => s.change)).toEqual(["new", "new", "new", "new"]);
    expect(schemaErrors(first!.xml)).toBe("");
    expect(first!.xml).toContain(`<ku:Inkomsttagare faltkod="215">${anna}</ku:Inkomsttagare>`);
    expect(first!.xml).toContain('<ku:MottagetGavobelopp faltkod="621">2750</ku:MottagetGavobelopp>');
    expect(first!.xml).toContain('<ku:UppgiftslamnarId faltkod="201">168025550101</ku:UppgiftslamnarId>');

    // Nothing changed: no file.
    expect(await makeKu65File({ db, clock, site }, 2026, "changes", "test")).toBeNull();

    // Anna gives again in 2026 (a late bank payment), Bo's gift is refunded.
    await db.insertInto("gifts").values(gift({ donor_id: donorA.id, amount_ore: 100_000, paid_at: "2026-12-01T10:00:00.000Z" })).execute();
    await db.updateTable("gifts").set({ status: "refunded" }).where("donor_personnummer", "=", bo).execute();
    const numbers = Object.fromEntries(first!.statements.map((s) => [s.inkomsttagare, s.specificationNumber]));
    const changes = await makeKu65File({ db, clock, site }, 2026, "changes", "test");
    expect(changes!.statements).toEqual([
      { inkomsttagare: anna, amountKr: 3_750, specificationNumber: numbers[anna], change: "correction" },
      { inkomsttagare: bo, amountKr: null, specificationNumber: numbers[bo], change: "deletion" },
    ]);
    expect(schemaErrors(changes!.xml)).toBe("");
    expect(changes!.xml).toContain('<ku:Borttag faltkod="205">1</ku:Borttag>');

    // A full file repeats every current statement under its number, and the deleted one stays deleted.
    const full = await ku65Plan(db, 2026, "full");
    expect(full.map((s) => [s.inkomsttagare, s.specificationNumber, s.change])).toEqual([
      [cecilia, numbers[cecilia], "unchanged"],
      [anna, numbers[anna], "unchanged"],
      [samordning, numbers[samordning], "unchanged"],
    ]);
  });

  it("refuses to write a personnummer in any form but its 12 digits", () => {
    const statement = { inkomsttagare: "19811228-9874", specificationNumber: 1, amountKr: 500, change: "new" as const };
    expect(() => ku65Xml(site, 2026, [statement], new Date("2027-01-20T09:00:00.000Z"))).toThrow(/12-digit/);
  });

  it("the schema check can fail: a file without the gift amount's field code is refused", () => {
    const xml = ku65Xml(site, 2026, [{ inkomsttagare: anna, amountKr: 2000, specificationNumber: 1, change: "new" }], new Date());
    expect(schemaErrors(xml)).toBe("");
    expect(schemaErrors(xml.replace(' faltkod="621"', ""))).toMatch(/faltkod/);
    expect(schemaErrors(xml.replace(">2026</ku:Inkomstar>", ">1999</ku:Inkomstar>"))).not.toBe("");
  });

  it("reports each company that gets the reduction under 16 + its number with OrgNamn, capped at 800 000 kr, in the same file and numbering", async () => {
    const { db, clock, donorA } = await seed();
    const ab = "5566778899";
    const forening = "7696001234";
    const handelsbolag = "9696123455";
    const companyGift = async (organisationsnummer: string, name: string, overrides: Parameters<typeof testGift>[0]) => {
      const row = gift({ gift_type: "company", donor_name: name, ...overrides });
      await db.insertInto("gifts").values(row).execute();
      await db.insertInto("company_gifts").values({ gift_id: row.id, organisationsnummer, company_name: name, contact_name: "Karin Ek", company_reference: null }).execute();
      return row;
    };
    // The aktiebolag: 500 000 + 400 000 is capped at 800 000; 1 999 kr is under 2 000 per occasion; a refunded gift and one paid next year do not count.
    await companyGift(ab, "Exempel Bygg AB", { amount_ore: 500_000_00, paid_at: "2026-02-01T10:00:00.000Z" });
    await companyGift(ab, "Exempel Bygg AB", { amount_ore: 400_000_00, paid_at: "2026-11-30T10:00:00.000Z" });
    await companyGift(ab, "Exempel Bygg AB", { amount_ore: 1_999_00, paid_at: "2026-05-01T10:00:00.000Z" });
    await companyGift(ab, "Exempel Bygg AB", { amount_ore: 9_000_00, status: "refunded", paid_at: "2026-05-02T10:00:00.000Z" });
    await companyGift(ab, "Exempel Bygg AB", { amount_ore: 9_000_00, paid_at: "2026-12-31T23:30:00.000Z" });
    const cooperative = await companyGift(forening, "Exempelbygdens Konsum ek. för.", { amount_ore: 25_000_00, paid_at: "2026-12-01T10:00:00.000Z" });
    // A handelsbolag gets no reduction: no statement.
    await companyGift(handelsbolag, "Exempel & Son HB", { amount_ore: 50_000_00, paid_at: "2026-06-01T10:00:00.000Z" });
    // A company's gift is never a person's, even one that somehow carries Anna's donor id (fails without countsForTaxReduction's `company`).
    await companyGift(ab, "Exempel Bygg AB", { amount_ore: 3_000_00, paid_at: "2026-06-01T10:00:00.000Z", donor_id: donorA.id });

    expect(Object.fromEntries(await ku65Totals(db, 2026))).toEqual({ [anna]: 2_750, [bo]: 500, [cecilia]: 250, [samordning]: 1_000 });
    const first = await makeKu65File({ db, clock, site }, 2026, "changes", "test");
    expect(schemaErrors(first!.xml)).toBe("");
    const companies = first!.statements.filter((s) => s.inkomsttagare.startsWith("16"));
    expect(companies.map(({ inkomsttagare, orgName, amountKr }) => ({ inkomsttagare, orgName, amountKr }))).toEqual([
      { inkomsttagare: `16${ab}`, orgName: "Exempel Bygg AB", amountKr: 800_000 },
      { inkomsttagare: `16${forening}`, orgName: "Exempelbygdens Konsum ek. för.", amountKr: 25_000 },
    ]);
    expect(first!.xml).toContain(`<ku:Inkomsttagare faltkod="215">16${ab}</ku:Inkomsttagare>\n          <ku:OrgNamn faltkod="226">Exempel Bygg AB</ku:OrgNamn>`);
    expect(first!.xml).toContain('<ku:MottagetGavobelopp faltkod="621">800000</ku:MottagetGavobelopp>');
    expect(first!.xml).not.toContain(handelsbolag);
    expect(new Set(first!.statements.map((s) => s.specificationNumber)).size).toBe(first!.statements.length);

    // The cooperative's gift is refunded: a deletion under its number, valid against the schema.
    await db.updateTable("gifts").set({ status: "refunded" }).where("id", "=", cooperative.id).execute();
    const changes = await makeKu65File({ db, clock, site }, 2026, "changes", "test");
    const number = companies.find((s) => s.inkomsttagare === `16${forening}`)!.specificationNumber;
    expect(changes!.statements).toEqual([{ inkomsttagare: `16${forening}`, amountKr: null, specificationNumber: number, change: "deletion" }]);
    expect(schemaErrors(changes!.xml)).toBe("");
    expect(Object.fromEntries(await ku65Totals(db, 2027))).toEqual({ [anna]: 400 });
  });
});
