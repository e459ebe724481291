import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { donorGifts } from "#core/donors/gift-history";
import { ensureDonorFromGifts, linkGiftsToDonor } from "#core/donors/donor-repository";
import { testEngines } from "#tests/support/test-databases";
import { inspectPdf } from "#tests/support/pdf-inspect";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import { readEml } from "../mail/read-eml";

const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/foretag/ge-en-gava", requestgroup: "g1" };

function request(overrides: Record<string, unknown> = {}) {
  return {
    context,
    payload: {
      organisationsnummer: "556677-8899",
      companyName: "Exempel Bygg AB",
      contactName: "Karin Ek",
      email: "karin.ek@exempelbygg.se",
      address: { street: "Industrivägen 4", postalCode: "12345", city: "Exempelby" },
      companyReference: "Julgåva 2026 / KE",
      amount: 25_000,
      paymentMethod: "invoice",
      idempotencyKey: crypto.randomUUID(),
      ...overrides,
    },
  };
}

describe.each(testEngines)("CompanyGift/Add on %s", (engine) => {
  const clock = new ManualClock("2026-11-27T09:00:00.000Z");
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json", RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: "1000" } });
  });
  afterAll(() => server.dispose());

  const add = (body: unknown) => postJson(`${server.url}/api/CompanyGift/Add`, body);
  const giftCount = async () => (await server.container.db.selectFrom("gifts").select("id").execute()).length;
  const runAllDue = async () => {
    while ((await server.container.jobs.runOnce()) > 0);
  };

  it("stores a company's gift apart from any person's, starts the invoice with the company's reference, and answers the same key with the same gift", async () => {
    const body = request();
    const res = await add(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ orderReference: expect.any(String), taxReductionEligible: true });
    const { db } = server.container;
    const gift = await db.selectFrom("gifts").selectAll().where("order_reference", "=", res.body.orderReference).executeTakeFirstOrThrow();
    expect(gift).toMatchObject({ gift_type: "company", amount_ore: 2_500_000, donor_name: "Exempel Bygg AB", donor_personnummer: null, donor_id: null, donor_postal_code: "123 45" });
    expect(await db.selectFrom("company_gifts").selectAll().where("gift_id", "=", gift.id).executeTakeFirstOrThrow()).toEqual({
      gift_id: gift.id,
      organisationsnummer: "5566778899",
      company_name: "Exempel Bygg AB",
      contact_name: "Karin Ek",
      company_reference: "Julgåva 2026 / KE",
      // The JSON API takes no logo (decision 0046).
      logo_type: null,
      logo_base64: null,
      logo_width: null,
      logo_height: null,
    });
    const payment = await db.selectFrom("payments").selectAll().where("gift_id", "=", gift.id).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ method: "invoice", status: "pending" });

    await runAllDue();
    const dir = path.join(server.dir, "mail");
    const invoiceMail = fs
      .readdirSync(dir)
      .map((f) => readEml(fs.readFileSync(path.join(dir, f), "utf8")))
      .find((eml) => /^To: .*karin\.ek@exempelbygg\.se/m.test(eml.headers) && eml.subject.startsWith("Faktura"));
    const pdf = invoiceMail?.parts.find((p) => p.filename?.endsWith(".pdf"));
    const text = inspectPdf(pdf!.body).text;
    expect(text).toContain("Er referens");
    expect(text).toContain("Julgåva 2026 / KE");
    expect(text).toContain(payment.provider_reference!);

    const again = await add(body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
  });

  it("says a handelsbolag's gift gives no company tax reduction", async () => {
    const res = await add(request({ organisationsnummer: "969612-3455", companyName: "Exempel & Son HB" }));
    expect(res.status).toBe(201);
    expect(res.body.taxReductionEligible).toBe(false);
  });

  it("refuses a wrong organisationsnummer, a personnummer and an amount under the minimum on their fields, storing nothing", async () => {
    const before = await giftCount();
    const wrongCheckDigit = await add(request({ organisationsnummer: "556677-8898" }));
    expect(wrongCheckDigit.status).toBe(400);
    expect(wrongCheckDigit.body.error.code).toBe("validation_failed");
    expect(wrongCheckDigit.body.error.fields["payload.organisationsnummer"]).toContain("Organisationsnumret stämmer inte");
    const personnummer = await add(request({ organisationsnummer: "811228-9874" }));
    expect(personnummer.body.error.fields["payload.organisationsnummer"]).toContain("Organisationsnumret stämmer inte");
    const small = await add(request({ amount: 1_999 }));
    expect(small.status).toBe(400);
    expect(small.body.error.fields["payload.amount"]).toContain("Skattereduktion för företag gäller gåvor på minst 2\u00a0000 kr");
    const noAddress = await add(request({ address: { street: "", postalCode: "1", city: "" } }));
    expect(Object.keys(noAddress.body.error.fields)).toEqual(expect.arrayContaining(["payload.address.street", "payload.address.postalCode", "payload.address.city"]));
    const method = await add(request({ paymentMethod: "bank" }));
    expect(method.body.error.fields["payload.paymentMethod"]).toBe("Välj hur företaget vill betala.");
    expect(await giftCount()).toBe(before);
  });

  it("never makes a company's gift its contact person's: not linked, not listed, no donor made from it", async () => {
    const email = "kontakt@exempel-ab.se";
    await add(request({ email, idempotencyKey: crypto.randomUUID() }));
    const { db } = server.container;
    // Without the gift_type filters, each of these finds the company gift by its e-mail and missing personnummer.
    expect(await ensureDonorFromGifts(db, clock, { email })).toBeNull();
    const now = clock.now().toISOString();
    await db
      .insertInto("donors")
      .values({ id: "d-contact", personnummer: null, given_name: "Karin", surname: "Ek", street: null, postal_code: null, city: null, protected_identity: 0,
        email, phone: null, contact_email: 0, contact_post: 0, contact_phone: 0, newsletter: 0, created_at: now, updated_at: now, last_login_at: null })
      .execute();
    const donor = await db.selectFrom("donors").selectAll().where("id", "=", "d-contact").executeTakeFirstOrThrow();
    expect(await donorGifts(db, donor)).toEqual([]);
    expect(await linkGiftsToDonor(db, donor)).toBe(0);
  });
});
