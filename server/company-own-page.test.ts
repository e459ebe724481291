import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { testEngines } from "#tests/support/test-databases";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { testGift } from "#tests/support/test-gift";
import { clientIpContext, containerContext } from "#app/context";
import { COMPANY_PAGE_LINK_JOB, COMPANY_PAGE_PURPOSE } from "#core/companies/company-links";
import { queueCompanyStatements } from "#core/companies/company-statement";
import * as companyPage from "#app/companies/company-page";
import * as statementPdf from "#app/companies/company-statement-pdf";

/** The company's own page (decision 0047): the token decides whose page; a statement downloads only for a year sent. */
// A full PDF render and a server per engine, on a shared machine: more time than the default.
describe.each(testEngines)("a company's own page on %s", { timeout: 120_000 }, (engine) => {
  const clock = new ManualClock("2027-01-20T09:00:00.000Z");
  let server: TestServer;
  let token = "";
  beforeAll(async () => {
    server = await startTestServer({ engine, clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json" } });
    const { db } = server.container;
    const gift = testGift({ id: "cg1", order_reference: "CG".padEnd(26, "1"), idempotency_key: "ck1", gift_type: "company", donor_name: "Exempel Bygg AB", donor_email: "karin@exempelbygg.se", amount_ore: 2_500_000, paid_at: "2026-03-01T10:00:00.000Z" });
    await db.insertInto("gifts").values(gift).execute();
    await db.insertInto("company_gifts").values({ gift_id: gift.id, organisationsnummer: "5566778899", company_name: "Exempel Bygg AB", contact_name: "Karin Ek", company_reference: null }).execute();
    await queueCompanyStatements({ db, clock }, 2026, "staff:s1");
    token = (await server.container.companies.links.issue("5566778899", COMPANY_PAGE_PURPOSE)).token;
  }, 120_000);
  afterAll(() => server?.dispose());

  const context = () => {
    const provider = new RouterContextProvider();
    provider.set(containerContext, server.container);
    provider.set(clientIpContext, "198.51.100.47");
    return provider;
  };
  const get = (path: string) => new Request(`${server.url}${path}`);

  it("shows the company's gifts and statements with a working link, and says why without one", async () => {
    const page = (await companyPage.loader({ request: get(`/foretag/gavor?token=${encodeURIComponent(token)}`), context: context(), params: {} } as never)) as { state: string; company: { name: string; gifts: unknown[]; statements: Array<{ year: number }> } };
    expect(page.state).toBe("ok");
    expect(page.company.name).toBe("Exempel Bygg AB");
    expect(page.company.gifts).toHaveLength(1);
    expect(page.company.statements.map((s) => s.year)).toEqual([2026]);
    const bad = (await companyPage.loader({ request: get(`/foretag/gavor?token=${encodeURIComponent(`${token}x`)}`), context: context(), params: {} } as never)) as { init: { status: number } };
    expect(bad.init.status).toBe(401);
  });

  it("gives the statement of a year sent, and nothing for another year or without the link", async () => {
    const pdf = (await statementPdf.loader({ request: get(`/foretag/gavor/arsbesked/2026?token=${encodeURIComponent(token)}`), context: context(), params: { year: "2026" } } as never)) as Response;
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    await expect(statementPdf.loader({ request: get(`/foretag/gavor/arsbesked/2025?token=${encodeURIComponent(token)}`), context: context(), params: { year: "2025" } } as never)).rejects.toMatchObject({ init: { status: 404 } });
    await expect(statementPdf.loader({ request: get("/foretag/gavor/arsbesked/2026"), context: context(), params: { year: "2026" } } as never)).rejects.toMatchObject({ init: { status: 401 } });
  });

  it("answers a request for a new link the same way whether or not the address is the company's, and sends only to it", async () => {
    const ask = (email: string) =>
      companyPage.action({
        request: new Request(`${server.url}/foretag/gavor`, { method: "POST", headers: { origin: server.url }, body: new URLSearchParams({ organisationsnummer: "556677-8899", email }) }),
        context: context(),
        params: {},
      } as never) as Promise<{ sent: boolean }>;
    expect((await ask("someone@else.se")).sent).toBe(true);
    expect(await server.container.db.selectFrom("jobs").select("id").where("type", "=", COMPANY_PAGE_LINK_JOB).execute()).toHaveLength(0);
    expect((await ask("karin@exempelbygg.se")).sent).toBe(true);
    expect(await server.container.db.selectFrom("jobs").select("id").where("type", "=", COMPANY_PAGE_LINK_JOB).execute()).toHaveLength(1);
    const refused = (await companyPage.action({
      request: new Request(`${server.url}/foretag/gavor`, { method: "POST", headers: { origin: server.url }, body: new URLSearchParams({ organisationsnummer: "556677-8898", email: "x" }) }),
      context: context(),
      params: {},
    } as never)) as { init: { status: number } };
    expect(refused.init.status).toBe(400);
  });
});
