import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { testEngines } from "#tests/support/test-databases";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { postForm } from "#tests/support/route-call";
import * as companyGiftForm from "#app/companies/company-gift-form";

/** /foretag/ge-en-gava as a browser without JavaScript posts it: the one checkout, the legal form from the server. */
describe.each(testEngines)("the company gift page on %s", (engine) => {
  const clock = new ManualClock("2026-11-27T09:00:00.000Z");
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json" } });
  });
  afterAll(() => server.dispose());

  const fields = (overrides: Record<string, string> = {}) => ({
    organisationsnummer: "556677-8899",
    companyName: "Exempel Bygg AB",
    contactName: "Karin Ek",
    email: "karin.ek@exempelbygg.se",
    street: "Industrivägen 4",
    postalCode: "123 45",
    city: "Exempelby",
    companyReference: "Jul 2026",
    amount: "25 000",
    paymentMethod: "invoice",
    website: "",
    idempotencyKey: crypto.randomUUID(),
    ...overrides,
  });
  const post = (f: Record<string, string>) => postForm(server.container, companyGiftForm.action, "/foretag/ge-en-gava", f, "198.51.100.31");

  it("stores the company's gift and goes on to the payment page", async () => {
    const answer = await post(fields());
    expect(answer.status).toBe(303);
    const to = answer.response!.headers.get("location")!;
    expect(to).toMatch(/^\/ge-en-gava\/betalning\/[A-Z0-9]+$/);
    const reference = to.split("/").pop()!;
    const gift = await server.container.db.selectFrom("gifts").selectAll().where("order_reference", "=", reference).executeTakeFirstOrThrow();
    expect(gift).toMatchObject({ gift_type: "company", amount_ore: 2_500_000, donor_personnummer: null });
  });

  it("keeps the fields and says why on a small amount or a wrong number; the legal-form button checks the number only", async () => {
    const refused = await post(fields({ amount: "1500", organisationsnummer: "556677-8898" }));
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.amount[0]).toContain("Skattereduktion för företag gäller gåvor på minst 2\u00a0000 kr");
    expect(refused.data.result.error.organisationsnummer[0]).toContain("Organisationsnumret stämmer inte");
    expect(refused.data.result.initialValue.companyName).toBe("Exempel Bygg AB");

    const checked = await post({ ...fields({ amount: "" }), intent: "legal-form" });
    expect(checked.status).toBe(200);
    expect(checked.data.result.initialValue.organisationsnummer).toBe("556677-8899");
  });
});
