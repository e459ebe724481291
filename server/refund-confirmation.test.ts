import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import type { Mailer, MailMessage } from "#core/mail/mailer";
import { transitionPayment } from "#core/payments/payment-transitions";
import { testEngines } from "#tests/support/test-databases";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";

class CapturingMailer implements Mailer {
  sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
}

const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };

/** After a refund the donor is told, once (issue #29: no e-mail followed a refund). */
describe.each(testEngines)("the e-mail after a refund on %s", (engine) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  it("tells the donor the money is on its way back, where to, and that the gift no longer counts for the tax reduction – once", async () => {
    const clock = new ManualClock("2026-11-27T10:00:00.000Z");
    const mailer = new CapturingMailer();
    server = await startTestServer({ engine, clock, mailer });
    const payload = { amount: 500, name: "Bertil Prov", email: "bertil@exempel.se", personnummer: "198112289874", idempotencyKey: crypto.randomUUID() };
    const added = await postJson(`${server.url}/api/RegularGift/Add`, { context, payload });
    expect(added.status).toBe(201);
    const { db, paymentOutcomes } = server.container;
    const gift = await db.selectFrom("gifts").selectAll().where("order_reference", "=", added.body.orderReference).executeTakeFirstOrThrow();
    const now = clock.now().toISOString();
    await db
      .insertInto("payments")
      .values({ id: "pay-1", gift_id: gift.id, method: "card", provider: "Mondido", provider_reference: "pay-1", status: "pending", amount_ore: gift.amount_ore,
        payer_alias: null, client_token: null, client_url: null, error_code: null, last_checked_at: null, created_at: now, updated_at: now, paid_at: null, expires_at: now })
      .execute();
    const deps = { db, clock, logger: silentLogger, outcomes: paymentOutcomes };
    await transitionPayment(deps, { paymentId: "pay-1", to: "paid", source: "callback" });
    await server.container.jobs.runAllDue();
    mailer.sent = [];

    await transitionPayment(deps, { paymentId: "pay-1", to: "refunded", source: "staff" });
    // Told again (a second look at the provider): still one e-mail.
    await transitionPayment(deps, { paymentId: "pay-1", to: "refunded", source: "reconcile" });
    await server.container.jobs.runAllDue();
    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.sent;
    // Amounts are written with a no-break space ("500 kr"); read as plain spaces here.
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
    expect(mail!.to).toBe("bertil@exempel.se");
    expect(plain(mail!.subject)).toBe("Vi har betalat tillbaka din gåva, 500 kr");
    expect(plain(mail!.text!)).toContain(`Vi har betalat tillbaka gåvan på 500 kr (ordernummer ${gift.order_reference}) 27 november 2026.`);
    expect(mail!.text).toContain("Pengarna går tillbaka till kortet du betalade med.");
    expect(mail!.text).toContain("Gåvan räknas inte längre för din skattereduktion");
  });
});
