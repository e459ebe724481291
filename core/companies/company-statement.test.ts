import { afterEach, describe, expect, it } from "vitest";
import { openTestDatabase, testEngines, type TestDatabase } from "#tests/support/test-databases";
import { testGift } from "#tests/support/test-gift";
import { ManualClock } from "../clock";
import { loadSiteConfig } from "../site/site-config";
import type { MailMessage } from "../mail/mailer";
import { COMPANY_LINK_TOKENS, LinkTokens } from "../my-data/link-tokens";
import { upsertIdentifiedDonor } from "../donors/donor-repository";
import { givingOverview } from "../donors/gift-history";
import { TEST_PERSONNUMMER } from "../identity/test-personnummer";
import { ku65CompanyTotals, ku65Totals } from "../tax/ku65";
import type { DocumentRequest } from "../documents/document-renderer";
import { companyYears } from "./company-years";
import { COMPANY_STATEMENT_JOB, companyStatementFor, companyStatementsOf, queueCompanyStatements, sendCompanyStatement } from "./company-statement";
import { companyOverview, searchCompanies } from "./company-donors";
import { COMPANY_PAGE_LINK_JOB, COMPANY_PAGE_PURPOSE, requestCompanyLink, sendCompanyPageLink } from "./company-links";

const site = loadSiteConfig({});
const AB = "5566778899";
const OTHER_AB = "5599990008";
/** A handelsbolag: it pays no corporate tax, so its gifts give no reduction and no statement. */
const HB = "9699990009";
const CONTACT = "karin.ek@exempelbygg.se";

let n = 0;
function companyGift(organisationsnummer: string, overrides: Parameters<typeof testGift>[0], name = "Exempel Bygg AB") {
  n += 1;
  const gift = testGift({ id: `cg${n}`, order_reference: `CG${String(n).padStart(24, "0")}`, idempotency_key: `ck${n}`, gift_type: "company", donor_name: name, donor_email: CONTACT, ...overrides });
  return { gift, company: { gift_id: gift.id, organisationsnummer, company_name: name, contact_name: "Karin Ek", company_reference: "Jul" } };
}

describe.each(testEngines)("a company's yearly statement on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  async function seed() {
    database = await openTestDatabase(engine);
    const { db } = database;
    const clock = new ManualClock(new Date("2027-01-20T09:00:00.000Z"));
    const rows = [
      // Counts: 25 000 + 2 000; under 2 000 kr, refunded, unpaid and another year's do not.
      companyGift(AB, { amount_ore: 2_500_000, paid_at: "2026-03-01T10:00:00.000Z" }),
      companyGift(AB, { amount_ore: 200_000, paid_at: "2026-12-31T22:30:00.000Z" }),
      companyGift(AB, { amount_ore: 199_900, paid_at: "2026-06-01T10:00:00.000Z" }),
      companyGift(AB, { amount_ore: 900_000, status: "refunded", paid_at: "2026-06-02T10:00:00.000Z" }),
      companyGift(AB, { amount_ore: 500_000, status: "awaiting_payment", paid_at: null }),
      // 00:30 on 1 January Swedish time is the next year.
      companyGift(AB, { amount_ore: 300_000, paid_at: "2026-12-31T23:30:00.000Z" }),
      // Over the ceiling: the base is 800 000 kr.
      companyGift(OTHER_AB, { amount_ore: 60_000_000, paid_at: "2026-04-01T10:00:00.000Z" }, "Annan Exempel AB"),
      companyGift(OTHER_AB, { amount_ore: 30_000_000, paid_at: "2026-05-01T10:00:00.000Z" }, "Annan Exempel AB"),
      companyGift(HB, { amount_ore: 5_000_000, paid_at: "2026-05-01T10:00:00.000Z" }, "Exempel & Son HB"),
    ];
    await db.insertInto("gifts").values(rows.map((r) => r.gift)).execute();
    await db.insertInto("company_gifts").values(rows.map((r) => r.company)).execute();
    return { db, clock };
  }

  it("counts what KU65 reports: the same companies and the same amounts, refunds and small gifts removed, capped at 800 000 kr", async () => {
    const { db, clock } = await seed();
    const years = await companyYears(db, 2026);
    const reportable = years.filter((c) => c.reportable);
    expect(reportable.map((c) => [c.organisationsnummer, c.tax.qualifyingOre, c.tax.baseOre, c.gifts.length])).toEqual([
      [AB, 2_700_000, 2_700_000, 2],
      [OTHER_AB, 90_000_000, 80_000_000, 2],
    ]);
    const ku = await ku65CompanyTotals(db, 2026);
    expect([...ku]).toEqual(reportable.map((c) => [`16${c.organisationsnummer}`, { amountKr: c.tax.baseOre / 100, name: c.name }]));
    // The handelsbolag is in neither.
    expect(years.find((c) => c.organisationsnummer === HB)?.reportable).toBe(false);
    expect(ku.has(`16${HB}`)).toBe(false);
    expect(await companyStatementFor(db, site, HB, 2026, clock.now())).toBeNull();

    const statement = await companyStatementFor(db, site, OTHER_AB, 2026, clock.now());
    expect(statement?.data).toMatchObject({ year: 2026, organisationsnummer: "559999-0008", qualifyingOre: 90_000_000, baseOre: 80_000_000, ceilingOre: 80_000_000, rate: "20,6 %" });
    expect(statement?.data.guidance.join(" ")).toContain("större än taket");
    expect(statement?.data.guidance.join(" ")).toContain("inkomstdeklaration");
  });

  it("sends each company's statement once: a second send queues and mails nothing", async () => {
    const { db, clock } = await seed();
    const sent: MailMessage[] = [];
    const companyLinks = new LinkTokens({ db, clock }, "test-secret-key-of-enough-length-000", 3_600_000, COMPANY_LINK_TOKENS);
    // The engine itself draws the statement in documents/templates/longest-text.test.ts; core sees the renderer's interface only.
    const rendered: DocumentRequest[] = [];
    const documents = { render: async (request: DocumentRequest) => (rendered.push(request), Buffer.from("%PDF-1.7 statement")) };
    const deps = { db, clock, site, publicUrl: "https://exempel.se", mailer: { send: async (m: MailMessage) => void sent.push(m) }, documents, companyLinks };
    const runQueued = async () => {
      const jobs = await db.selectFrom("jobs").selectAll().where("type", "=", COMPANY_STATEMENT_JOB).where("done_at", "is", null).execute();
      for (const job of jobs) {
        await sendCompanyStatement(deps, JSON.parse(job.payload), { outsideEffect: (effect) => effect() });
        await db.updateTable("jobs").set({ done_at: clock.now().toISOString() }).where("id", "=", job.id).execute();
      }
    };

    expect(await queueCompanyStatements({ db, clock }, 2026, "staff:s1")).toBe(2);
    await runQueued();
    expect(sent.map((m) => m.to)).toEqual([CONTACT, CONTACT]);
    const first = sent[0]!;
    expect(first.subject).toBe("Årsbesked om gåvor 2026 – Exempel Bygg AB");
    expect(first.text).toContain("/foretag/gavor?token=");
    expect(first.attachments?.map((a) => [a.filename, a.contentType])).toEqual([["arsbesked-2026-5566778899.pdf", "application/pdf"]]);
    expect(rendered.map((r) => r.kind === "company-statement" && [r.data.companyName, r.data.organisationsnummer, r.data.baseOre, r.data.gifts.length])).toEqual([
      ["Exempel Bygg AB", "556677-8899", 2_700_000, 2],
      ["Annan Exempel AB", "559999-0008", 80_000_000, 2],
    ]);

    expect(await queueCompanyStatements({ db, clock }, 2026, "staff:s2")).toBe(0);
    await runQueued();
    expect(sent).toHaveLength(2);
    const records = await companyStatementsOf(db, AB);
    expect(records).toEqual([expect.objectContaining({ year: 2026, baseOre: 2_700_000, email: CONTACT, queuedBy: "staff:s1", sentAt: clock.now().toISOString() })]);
  });

  it("keeps companies and persons apart: a company gift is never a person's, a private gift never a company's", async () => {
    const { db, clock } = await seed();
    const [personnummer] = TEST_PERSONNUMMER;
    // The contact person is also a private donor, known by the same e-mail and by personnummer.
    const donor = await upsertIdentifiedDonor(db, clock, { personnummer: personnummer!, givenName: "Karin", surname: "Ek" });
    await db.updateTable("donors").set({ email: CONTACT }).where("id", "=", donor.id).execute();
    const privateGift = testGift({ id: "p1", order_reference: "P1".padEnd(26, "0"), idempotency_key: "pk1", donor_email: CONTACT, donor_personnummer: personnummer!, amount_ore: 300_000, paid_at: "2026-02-02T10:00:00.000Z" });
    await db.insertInto("gifts").values(privateGift).execute();

    const overview = await givingOverview(db, { ...donor, email: CONTACT });
    expect(overview.gifts.map((g) => g.orderReference)).toEqual([privateGift.order_reference]);
    expect(overview.taxYears.map((t) => t.qualifyingOre)).toEqual([300_000]);
    expect([...(await ku65Totals(db, 2026)).values()]).toEqual([3_000]);

    const company = await companyOverview(db, AB, clock.now());
    expect(company?.gifts.some((g) => g.orderReference === privateGift.order_reference)).toBe(false);
    expect((await companyYears(db, 2026, AB))[0]?.tax.qualifyingOre).toBe(2_700_000);
    expect((await searchCompanies(db, "Karin", 50, 0)).total).toBe(0);
  });

  it("lists and finds companies by name or number, with the year against the ceiling and invoices", async () => {
    const { db, clock } = await seed();
    expect((await searchCompanies(db, "", 50, 0)).total).toBe(3);
    expect((await searchCompanies(db, "annan exempel", 50, 0)).rows.map((r) => r.organisationsnummer)).toEqual([OTHER_AB]);
    expect((await searchCompanies(db, "556677-88", 50, 0)).rows.map((r) => [r.organisationsnummer, r.gifts, r.paidOre])).toEqual([[AB, 6, 2_500_000 + 200_000 + 199_900 + 300_000]]);
    const page = await searchCompanies(db, "", 1, 1);
    expect([page.total, page.rows.length]).toEqual([3, 1]);

    const company = await companyOverview(db, OTHER_AB, new Date("2026-11-27T10:00:00.000Z"));
    expect(company?.year).toMatchObject({ year: 2026, qualifyingOre: 90_000_000, baseOre: 80_000_000, ceilingOre: 80_000_000, leftUnderCeilingOre: 0 });
    expect(await companyOverview(db, "5560360793", clock.now())).toBeNull();
  });

  it("sends a new link to the company's page only to its contact e-mail, counted per recipient", async () => {
    const { db, clock } = await seed();
    const companyLinks = new LinkTokens({ db, clock }, "test-secret-key-of-enough-length-000", 3_600_000, COMPANY_LINK_TOKENS);
    const counted: string[] = [];
    const recipientMail = { hit: async (key: string) => (counted.push(key), true), peek: async () => true };
    const deps = { db, clock, companyLinks, recipientMail } as unknown as Parameters<typeof requestCompanyLink>[0];

    expect(await requestCompanyLink(deps, { organisationsnummer: "556677-8899", email: "someone@else.se" })).toBe(false);
    expect(await requestCompanyLink(deps, { organisationsnummer: "559999-0008", email: "Karin.Ek@exempelbygg.se" })).toBe(true);
    const jobs = await db.selectFrom("jobs").selectAll().where("type", "=", COMPANY_PAGE_LINK_JOB).execute();
    expect(jobs).toHaveLength(1);
    expect(counted).toHaveLength(1);

    const sent: MailMessage[] = [];
    await sendCompanyPageLink({ db, site, publicUrl: "https://exempel.se", companyLinks, mailer: { send: async (m) => void sent.push(m) } }, JSON.parse(jobs[0]!.payload));
    expect(sent[0]?.to).toBe(CONTACT);
    const token = new URL(/https:\S+/.exec(sent[0]!.text)![0]).searchParams.get("token");
    await expect(companyLinks.verify(token, COMPANY_PAGE_PURPOSE)).resolves.toMatchObject({ ok: true, subject: OTHER_AB });
    // A My data token is not a company link, nor the other way round.
    await expect(companyLinks.verify(token, "my-data")).resolves.toMatchObject({ ok: false });
  });
});
