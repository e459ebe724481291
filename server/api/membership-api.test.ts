import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { transitionPayment } from "#core/payments/payment-transitions";
import { queueRenewalReminders } from "#core/membership/renewal-reminder";
import { testEngines } from "#tests/support/test-databases";
import { payByInvoiceImport, postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import { readEml } from "../mail/read-eml";

const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/bli-medlem", requestgroup: "g1" };

function request(overrides: Record<string, unknown> = {}) {
  return {
    context,
    payload: {
      name: "Birgitta Holm",
      email: "birgitta@exempel.se",
      address: { street: "Storgatan 12", postalCode: "12345", city: "Exempelby" },
      idempotencyKey: crypto.randomUUID(),
      ...overrides,
    },
  };
}

/** Every e-mail sent so far, read: recipient line, subject, the text and the attachments' names. */
const mails = (server: TestServer) => {
  const dir = path.join(server.dir, "mail");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
  return files.map((f) => {
    const eml = readEml(fs.readFileSync(path.join(dir, f), "utf8"));
    const text = eml.parts.find((p) => p.type === "text/plain")?.body.toString("utf8") ?? "";
    return { to: /^To: (.*)$/m.exec(eml.headers)?.[1] ?? "", subject: eml.subject, text, files: eml.parts.flatMap((p) => (p.filename ? [p.filename] : [])) };
  });
};
const runAllDue = async (server: TestServer) => {
  while ((await server.container.jobs.runOnce()) > 0);
};

describe.each(testEngines)("membership on %s", (engine) => {
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json", MEMBERSHIP_FEE_KR: "300", RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: "1000" } });
  });
  afterAll(() => server.dispose());

  const add = (body: unknown) => postJson(`${server.url}/api/MembershipGift/Add`, body);
  const counts = async () => ({
    gifts: (await server.container.db.selectFrom("gifts").select("id").execute()).length,
    fees: (await server.container.db.selectFrom("membership_fees").select("gift_id").execute()).length,
  });
  const feeOf = (orderReference: string) =>
    server.container.db
      .selectFrom("membership_fees as f")
      .innerJoin("gifts as g", "g.id", "f.gift_id")
      .selectAll("f")
      .where("g.order_reference", "=", orderReference)
      .executeTakeFirstOrThrow();

  it("records the configured fee as a membership gift and nothing about a member until it is paid; the same key is the same gift", async () => {
    const body = request({ amount: 300 });
    const res = await add(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: 300, currency: "SEK" });
    const gift = await server.container.db.selectFrom("gifts").selectAll().where("order_reference", "=", res.body.orderReference).executeTakeFirstOrThrow();
    expect(gift).toMatchObject({ gift_type: "membership", amount_ore: 30_000, status: "awaiting_payment" });
    expect(await feeOf(res.body.orderReference)).toMatchObject({ member_number: null, valid_from: null, name: "Birgitta Holm", postal_code: "123 45", is_present: 0 });

    const again = await add(body);
    expect(again.status).toBe(200);
    expect(again.body.orderReference).toBe(res.body.orderReference);
  });

  it("refuses another amount, a missing address and a present without its recipient, with field details, storing nothing", async () => {
    const before = await counts();
    const wrongFee = await add(request({ amount: 250 }));
    expect(wrongFee.status).toBe(400);
    expect(wrongFee.body.error.fields["payload.amount"]).toBe("Medlemsavgiften är 300 kronor.");

    const noAddress = await add(request({ address: undefined }));
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.error.fields).toMatchObject({ "payload.street": "Skriv din gatuadress.", "payload.postalCode": expect.stringContaining("fem siffror") });

    const present = await add(request({ present: { name: "", address: { street: "", postalCode: "1", city: "" } } }));
    expect(present.status).toBe(400);
    expect(present.body.error.fields).toMatchObject({
      "payload.recipientName": "Skriv namnet på den som ska bli medlem.",
      "payload.recipientStreet": "Skriv mottagarens gatuadress.",
    });

    const unknownRenewal = await add(request({ renewal: "AAAAAAAAAAAAAAAAAAAAAAAA" }));
    expect(unknownRenewal.status).toBe(400);
    expect(unknownRenewal.body.error.code).toBe("unknown_renewal");
    expect(await counts()).toEqual(before);
  });

  it("paying the fee makes a member with a number for a year, mails the receipt with the member card and no tax reduction, and serves the card", async () => {
    const res = await add(request({ name: "Gunnar Ek", email: "gunnar@exempel.se" }));
    await payByInvoiceImport(server, clock, res.body.orderReference);
    const fee = await feeOf(res.body.orderReference);
    expect(fee).toMatchObject({ valid_from: "2026-11-23", valid_until: "2027-11-22" });
    expect(fee.member_number).toBeGreaterThanOrEqual(10001);
    const member = await server.container.db.selectFrom("members").selectAll().where("member_number", "=", fee.member_number!).executeTakeFirstOrThrow();
    expect(member).toMatchObject({ name: "Gunnar Ek", paid_until: "2027-11-22", email: "gunnar@exempel.se" });
    expect(member.reference).toMatch(/^[A-Za-z0-9_-]{24}$/);

    await runAllDue(server);
    const receipt = mails(server).find((m) => m.to === "gunnar@exempel.se");
    expect(receipt?.subject).toBe("Kvitto på medlemsavgiften, 300\u00a0kr");
    expect(receipt?.text).toContain(`Ditt medlemsnummer är ${fee.member_number}`);
    expect(receipt?.text).toContain("ingen skattereduktion");
    expect(receipt?.text).not.toContain("Skatteverket");
    expect(receipt?.files).toContain("medlemskort.pdf");

    const card = await fetch(`${server.url}/api/Gift/DownloadPdfByOrderRef/${res.body.orderReference}`);
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toBe("application/pdf");
    expect(card.headers.get("cache-control")).toContain("no-store");
    expect(Buffer.from(await card.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("has no card for an unpaid fee (409) or an unknown reference (404)", async () => {
    const unpaid = await add(request());
    expect((await fetch(`${server.url}/api/Gift/DownloadPdfByOrderRef/${unpaid.body.orderReference}`)).status).toBe(409);
    expect((await fetch(`${server.url}/api/Gift/DownloadPdfByOrderRef/0123456789ABCDEFGHJKMNPQRS`)).status).toBe(404);
  });

  it("gives two fees paid one after the other two different numbers, and a present's member is the recipient", async () => {
    const first = await add(request({ name: "Ulla Berg" }));
    const second = await add(
      request({ name: "Per Berg", present: { name: "Stina Berg", address: { street: "Lillgatan 3", postalCode: "543 21", city: "Byn" }, greeting: "Grattis, Stina!" } }),
    );
    await payByInvoiceImport(server, clock, first.body.orderReference);
    await payByInvoiceImport(server, clock, second.body.orderReference);
    const a = await feeOf(first.body.orderReference);
    const b = await feeOf(second.body.orderReference);
    expect(a.member_number).not.toBe(b.member_number);
    const recipient = await server.container.db.selectFrom("members").selectAll().where("member_number", "=", b.member_number!).executeTakeFirstOrThrow();
    expect(recipient).toMatchObject({ name: "Stina Berg", email: null, donor_id: null, city: "Byn" });
  });

  it("reminds a member a month before the year ends, once; a renewal by the link extends the same number from the day after", async () => {
    const res = await add(request({ name: "Maj Lund", email: "maj@exempel.se" }));
    await payByInvoiceImport(server, clock, res.body.orderReference);
    const { member_number: number } = await feeOf(res.body.orderReference);
    const db = server.container.db;
    const member = await db.selectFrom("members").selectAll().where("member_number", "=", number!).executeTakeFirstOrThrow();

    // 40 days before the end: nobody is due yet.
    clock.set("2027-10-13T09:00:00.000Z");
    await queueRenewalReminders({ db, clock });
    expect((await db.selectFrom("members").select("reminded_for").where("member_number", "=", number!).executeTakeFirstOrThrow()).reminded_for).toBeNull();

    clock.set("2027-10-30T09:00:00.000Z");
    expect(await queueRenewalReminders({ db, clock })).toBeGreaterThanOrEqual(1);
    expect(await queueRenewalReminders({ db, clock })).toBe(0);
    await runAllDue(server);
    const reminders = mails(server).filter((m) => m.to === "maj@exempel.se" && m.text.includes("fornya="));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toContain(`/bli-medlem?fornya=${member.reference}`);
    expect(reminders[0]?.subject).toBe("Ditt medlemskap gäller till och med 22 november 2027");

    const renewal = await add(request({ name: "Maj Lund", email: "maj@exempel.se", renewal: member.reference }));
    expect(renewal.status).toBe(201);
    await payByInvoiceImport(server, clock, renewal.body.orderReference);
    const renewed = await feeOf(renewal.body.orderReference);
    expect(renewed).toMatchObject({ member_number: number, valid_from: "2027-11-23", valid_until: "2028-11-22" });
    expect((await db.selectFrom("members").select("paid_until").where("member_number", "=", number!).executeTakeFirstOrThrow()).paid_until).toBe("2028-11-22");

    // A refund of the renewal takes that year back.
    await transitionPayment({ db, clock, logger: silentLogger, outcomes: server.container.paymentOutcomes }, { paymentId: `pay-${renewal.body.orderReference}`, to: "refunded", source: "staff" });
    expect((await db.selectFrom("members").select("paid_until").where("member_number", "=", number!).executeTakeFirstOrThrow()).paid_until).toBe("2027-11-22");
    clock.set("2026-11-23T09:00:00.000Z");
  });
});
