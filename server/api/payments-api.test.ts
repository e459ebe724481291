import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import { testEngines } from "#tests/support/test-databases";
import { importBankFile } from "#core/payments/bank-file-import";
import { writeBgMaxFile, encodeBgMax } from "#integrations/bankgirot-bgmax/write-bgmax";
import { paymentEvents } from "#core/payments/payment-repository";

const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };

async function addGift(server: TestServer, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await postJson(`${server.url}/api/RegularGift/Add`, {
    context,
    payload: { amount: 500, name: "Bertil Prov", email: "bertil@exempel.se", idempotencyKey: crypto.randomUUID(), ...overrides },
  });
  expect(response.status).toBe(201);
  return response.body.orderReference as string;
}

async function createPayment(server: TestServer, orderReference: string, provider: string) {
  return postJson(`${server.url}/api/Payments/Create`, { context, payload: { orderReference, provider } });
}

async function statusOf(server: TestServer, paymentId: string): Promise<string> {
  return (await postJson(`${server.url}/api/Payments/Poll`, { context, payload: { paymentId } })).body.status;
}

/** Plays the donor in the card window: posts the signed form, then the card page. */
async function payByCard(server: TestServer, next: { action: string; fields: Record<string, string> }, cardNumber: string) {
  const window = await fetch(new URL(next.action, server.url), {
    method: "POST",
    body: new URLSearchParams(next.fields),
    redirect: "manual",
  });
  expect(window.status).toBe(303);
  const payPage = new URL(window.headers.get("location")!, server.url);
  const paid = await fetch(payPage, {
    method: "POST",
    body: new URLSearchParams({ cardNumber, expiry: "12/35", cvc: "123" }),
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
  return paid.headers.get("location")!;
}

describe.each(testEngines)("card, invoice and bank payments on %s", (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  it("a 500 kr card payment approved in the card window is paid by the verified webhook", async () => {
    server = await startTestServer({ engine });
    const ref = await addGift(server);
    const created = await createPayment(server, ref, "Mondido");
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ provider: "Mondido", method: "card", status: "pending" });
    expect(created.body.next.kind).toBe("post-form");
    expect(created.body.next.fields).toMatchObject({ amount: "500.00", currency: "sek", customer_ref: ref });

    const back = await payByCard(server, created.body.next, "4111111111111111");
    expect(back).toContain(`/ge-en-gava/betalning/${ref}?kort=klart`);
    await eventually(async () => (await statusOf(server!, created.body.paymentId)) === "paid");
    const events = await paymentEvents(server.container.db, created.body.paymentId);
    expect(events.filter((e) => e.to_status === "paid")).toHaveLength(1);
  });

  it("a declined card ends declined and the gift stays unpaid", async () => {
    server = await startTestServer({ engine });
    const ref = await addGift(server);
    const created = await createPayment(server, ref, "Mondido");
    const back = await payByCard(server, created.body.next, "4000000000000002");
    expect(back).toContain("kort=avbrutet");
    await eventually(async () => (await statusOf(server!, created.body.paymentId)) === "declined");
    const gift = await server.container.db.selectFrom("gifts").selectAll().executeTakeFirstOrThrow();
    expect(gift.status).toBe("awaiting_payment");
  });

  it("a forged or altered card webhook is rejected and changes nothing", async () => {
    server = await startTestServer({ engine });
    const ref = await addGift(server);
    const created = await createPayment(server, ref, "Mondido");
    const forged = {
      id: "999",
      merchant_id: created.body.next.fields.merchant_id,
      amount: "500.00",
      currency: "sek",
      status: "approved",
      payment_ref: created.body.next.fields.payment_ref,
      customer: { ref },
      response_hash: "0".repeat(32),
    };
    const response = await postJson(`${server.url}/api/mondido/webhook`, forged);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid_webhook");
    expect(await statusOf(server, created.body.paymentId)).toBe("pending");
  });

  it("an invoice is e-mailed as a PDF and paid when the bank file is imported, exactly once", async () => {
    server = await startTestServer({ engine });
    const ref = await addGift(server, { address: { street: "Exempelgatan 1", postalCode: "123 45", city: "Exempelstad" } });
    const created = await createPayment(server, ref, "Invoice");
    expect(created.body.next).toMatchObject({ kind: "invoice", bankgiro: server.container.site.bankgiro });
    const ocr = created.body.next.ocr as string;
    expect(ocr).toMatch(/^\d{12}$/);

    expect(await server.container.jobs.runOnce()).toBe(1);
    const mails = fs.readdirSync(path.join(server.dir, "mail"));
    const mail = fs.readFileSync(path.join(server.dir, "mail", mails[0]!), "utf8");
    expect(mail).toContain(`OCR-nummer: ${ocr}`);
    expect(mail).toMatch(/Content-Type: application\/pdf; name=faktura-/);

    const file = encodeBgMax(
      writeBgMaxFile({
        timestamp: new Date("2026-02-01T08:00:00Z"),
        test: true,
        deposits: [
          {
            payeeBankgiro: "55550105",
            account: "1234567890",
            date: "2026-02-01",
            serialNumber: "00001",
            payments: [
              { reference: ocr, amountOre: 50_000, name: "Bertil Prov", bgcSerialNumber: "000000000001" },
              { reference: "1234567897", amountOre: 10_000, name: "Okänd Givare", bgcSerialNumber: "000000000002" },
            ],
          },
        ],
      }),
    );
    const deps = { db: server.container.db, clock: server.container.clock, logger: server.container.logger, outcomes: server.container.paymentOutcomes, bankFileReader: server.container.bankFileReader };
    const summary = await importBankFile(deps, { name: "bgmax-20260201.txt", content: file });
    expect(summary.status).toBe("imported");
    expect(summary.booked.map((b) => b.orderReference)).toEqual([ref]);
    expect(summary.unmatched).toHaveLength(1);
    expect(await statusOf(server, created.body.paymentId)).toBe("paid");

    const again = await importBankFile(deps, { name: "bgmax-20260201.txt", content: file });
    expect(again.status).toBe("already-imported");
    const events = await paymentEvents(server.container.db, created.body.paymentId);
    expect(events.filter((e) => e.to_status === "paid")).toHaveLength(1);
  });

  it("a bank file with errors books nothing", async () => {
    server = await startTestServer({ engine });
    const ref = await addGift(server, { address: { street: "Exempelgatan 1", postalCode: "12345", city: "Exempelstad" } });
    const created = await createPayment(server, ref, "Invoice");
    const text = writeBgMaxFile({
      timestamp: new Date("2026-02-01T08:00:00Z"),
      test: true,
      deposits: [
        {
          payeeBankgiro: "55550105",
          account: "1234567890",
          date: "2026-02-01",
          serialNumber: "00001",
          payments: [{ reference: created.body.next.ocr, amountOre: 50_000 }],
          totalOreOverride: 99_999,
        },
      ],
    });
    const summary = await importBankFile(
      { db: server.container.db, clock: server.container.clock, logger: server.container.logger, outcomes: server.container.paymentOutcomes, bankFileReader: server.container.bankFileReader },
      { name: "broken.txt", content: encodeBgMax(text) },
    );
    expect(summary.status).toBe("rejected");
    expect(summary.errors.length).toBeGreaterThan(0);
    expect(await statusOf(server, created.body.paymentId)).toBe("pending");
  });

  // Issue #30: asked for Swish, an order with an open invoice answered 201 with the invoice's payment and "Öppna Swish-appen".
  it("an order with an open invoice is not offered Swish, card or bank: 409 naming the invoice, and nothing new is started", async () => {
    server = await startTestServer({ engine });
    const ref = await addGift(server, { address: { street: "Exempelgatan 1", postalCode: "123 45", city: "Exempelstad" } });
    const invoice = await createPayment(server, ref, "Invoice");
    expect(invoice.status).toBe(201);
    expect(invoice.body.detail).toMatch(/OCR-numret/);
    expect(invoice.body.detail).not.toMatch(/Swish/);
    for (const provider of ["HLFSwish", "Mondido"]) {
      const asked = await createPayment(server, ref, provider);
      expect(asked.status, provider).toBe(409);
      expect(asked.body.error).toMatchObject({ code: "payment_in_progress", message: expect.stringMatching(/faktura/) });
      expect(JSON.stringify(asked.body)).not.toMatch(/Swish-appen/);
    }
    const bank = await fetch(`${server.url}/api/Brite/Initiate?orderReference=${ref}`);
    expect(bank.status).toBe(409);
    expect(await server.container.db.selectFrom("payments").select("provider").execute()).toEqual([{ provider: "Invoice" }]);
    // Asked for again, the invoice itself is the same one, as before.
    const again = await createPayment(server, ref, "Invoice");
    expect(again.body.paymentId).toBe(invoice.body.paymentId);
    expect((await postJson(`${server.url}/api/Payments/Poll`, { context, payload: { paymentId: invoice.body.paymentId } })).body.detail).toMatch(/OCR-numret/);
  });

  it("a Brite payment approved at the bank becomes paid; an aborted one is cancelled", async () => {
    server = await startTestServer({ engine });
    for (const [decision, expected] of [
      ["approve", "paid"],
      ["abort", "cancelled"],
    ] as const) {
      const ref = await addGift(server);
      const initiate = await fetch(`${server.url}/api/Brite/Initiate?orderReference=${ref}&ssn=198112289874`);
      expect(initiate.status).toBe(200);
      const started = (await initiate.json()) as { paymentId: string; token: string; url: string };
      expect(started.url).toContain(`/_sim/brite/session/${started.token}`);
      const bankPage = new URL(started.url, server.url);
      await fetch(`${bankPage}/bank`, { method: "POST", body: new URLSearchParams({ bank: "Exempelbanken" }), redirect: "manual" });
      const decided = await fetch(`${bankPage}/decision`, { method: "POST", body: new URLSearchParams({ decision }), redirect: "manual" });
      expect(decided.status).toBe(303);
      await eventually(async () => {
        const results = await fetch(`${server!.url}/api/Brite/Results?token=${started.token}`);
        return ((await results.json()) as { status: string }).status === expected;
      });
    }
  });

  it("autogiro (Drip) is refused clearly, and bad input gets field details", async () => {
    server = await startTestServer({ engine });
    const ref = await addGift(server);
    const drip = await createPayment(server, ref, "Drip");
    expect(drip.status).toBe(422);
    expect(drip.body.error.code).toBe("provider_unavailable");
    expect(drip.body.error.message).toMatch(/Autogiro/);
    const unknown = await createPayment(server, ref, "PayPal");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toHaveProperty("payload.provider");
    const noAddress = await createPayment(server, ref, "Invoice");
    expect(noAddress.status).toBe(422);
    const cancel = await fetch(`${server.url}/api/Payments/Cancel?paymentId=nope`, { method: "POST" });
    expect(cancel.status).toBe(400);
    expect(await server.container.db.selectFrom("payments").selectAll().execute()).toHaveLength(0);
  });
});
