import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import { testEngines } from "#tests/support/test-databases";
import { paymentEvents } from "#core/payments/payment-repository";
import { createFileSwishStore, createSwishSimulator } from "#integrations/swish/simulator";
import { silentLogger } from "#core/logger";
import { ManualClock, systemClock } from "#core/clock";

const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };

function initBody(overrides: Record<string, unknown> = {}) {
  return {
    context,
    payload: {
      amount: 250,
      name: "Astrid Exempel",
      email: "astrid@exempel.se",
      personnummer: "19811228-9874",
      idempotencyKey: crypto.randomUUID(),
      ...overrides,
    },
  };
}

describe.each(testEngines)("Swish gifts through the API on %s", (engine) => {
  let server: TestServer | undefined;
  let firstOfRestart: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    await firstOfRestart?.dispose();
    server = undefined;
    firstOfRestart = undefined;
  });

  async function gifts() {
    return server!.container.db.selectFrom("gifts").selectAll().execute();
  }

  it("a gift approved in Swish becomes paid exactly once, and a receipt is e-mailed", async () => {
    server = await startTestServer({ engine });
    const init = await postJson(`${server.url}/api/SwishInit`, initBody());
    expect(init.status).toBe(201);
    expect(init.body).toMatchObject({ status: "pending", amount: 250, currency: "SEK", provider: "HLFSwish" });
    expect(init.body.paymentRequestToken).toMatch(/\w{8,}/);
    expect(init.body.appUrl).toContain("/_sim/swish/paymentrequest?token=");

    const payment = await server.container.db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();
    await server.container.paymentSetup.swishSimulator!.approve(payment.provider_reference!);

    // The simulator's callback reaches our endpoint, which re-reads the status from Swish.
    await eventually(async () => (await postJson(`${server!.url}/api/SwishPoll`, { context, payload: { paymentId: payment.id } })).body.status === "paid");
    const [gift] = await gifts();
    expect(gift).toMatchObject({ status: "paid", amount_ore: 25_000 });

    // A second (duplicate) callback and more polls change nothing.
    const swishObject = await (await fetch(`${server.url}/_sim/swish/swish-cpcapi/api/v1/paymentrequests/${payment.provider_reference}`)).json();
    expect((await postJson(`${server.url}/api/swish/callback`, swishObject)).status).toBe(200);
    expect((await postJson(`${server.url}/api/swish/callback`, swishObject)).status).toBe(200);
    const events = await paymentEvents(server.container.db, payment.id);
    expect(events.filter((e) => e.to_status === "paid")).toHaveLength(1);

    // The receipt job was queued with the status change; running jobs writes the e-mail.
    expect(await server.container.jobs.runOnce()).toBe(1);
    expect(await server.container.jobs.runOnce()).toBe(0);
    const mails = fs.readdirSync(path.join(server.dir, "mail"));
    expect(mails).toHaveLength(1);
    const mail = fs.readFileSync(path.join(server.dir, "mail", mails[0]!), "utf8");
    expect(mail).toContain("To: astrid@exempel.se");
    expect(mail).toContain(gift!.order_reference);
    expect(mail).toMatch(/skattereduktion/);
  });

  it("a double-clicked submit creates one gift and one payment request", async () => {
    server = await startTestServer({ engine });
    const body = initBody();
    const [a, b] = await Promise.all([postJson(`${server.url}/api/SwishInit`, body), postJson(`${server.url}/api/SwishInit`, body)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.orderReference).toBe(b.body.orderReference);
    expect(a.body.paymentId).toBe(b.body.paymentId);
    expect(await gifts()).toHaveLength(1);
    expect(await server.container.db.selectFrom("payments").selectAll().execute()).toHaveLength(1);
    expect(await server.container.paymentSetup.swishSimulator!.store.list()).toHaveLength(1);
  });

  it("a declined payment ends declined, with a message for the donor", async () => {
    server = await startTestServer({ engine });
    const init = await postJson(`${server.url}/api/SwishInit`, initBody());
    const payment = await server.container.db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();
    await server.container.paymentSetup.swishSimulator!.decline(payment.provider_reference!);
    const poll = await eventually(async () => {
      const r = await postJson(`${server!.url}/api/SwishPoll`, { context, payload: { orderReference: init.body.orderReference } });
      return r.body.status === "declined" ? r : null;
    });
    expect(poll.body.message).toBe("Betalningen genomfördes inte");
    expect((await gifts())[0]!.status).toBe("awaiting_payment");
  });

  it("a donor can cancel a waiting payment", async () => {
    server = await startTestServer({ engine });
    await postJson(`${server.url}/api/SwishInit`, initBody());
    const payment = await server.container.db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();
    const cancelled = await server.container.payments.cancelPayment(payment.id);
    expect(cancelled.status).toBe("cancelled");
    const remote = await server.container.paymentSetup.swishSimulator!.store.get(payment.provider_reference!);
    expect(remote?.paymentRequest.status).toBe("CANCELLED");
  });

  it("bad input gets field details and stores nothing", async () => {
    server = await startTestServer({ engine });
    const bad = await postJson(`${server.url}/api/SwishInit`, initBody({ amount: 10, email: "nej", name: "" }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_failed");
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["payload.customAmount", "payload.email", "payload.name"]);
    const notJson = await postJson(`${server.url}/api/SwishInit`, "{not json");
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe("invalid_json");
    const missing = await postJson(`${server.url}/api/SwishInit`, { context });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty("payload");
    const poll = await postJson(`${server.url}/api/SwishPoll`, { context, payload: {} });
    expect(poll.status).toBe(400);
    expect(await gifts()).toHaveLength(0);
    expect(await server.container.paymentSetup.swishSimulator!.store.list()).toHaveLength(0);
  });

  it("limits how often one address may start payments", async () => {
    server = await startTestServer({ engine, env: { RATE_LIMIT_PAYMENT_STARTS_PER_MINUTE: "2" } });
    expect((await postJson(`${server.url}/api/SwishInit`, initBody())).status).toBe(201);
    expect((await postJson(`${server.url}/api/SwishInit`, initBody())).status).toBe(201);
    const limited = await postJson(`${server.url}/api/SwishInit`, initBody());
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(await gifts()).toHaveLength(2);
  });

  it("a payment pending when the server stopped ends paid after restart", async () => {
    const first = await startTestServer({ engine });
    firstOfRestart = first;
    await postJson(`${first.url}/api/SwishInit`, initBody());
    const payment = await first.container.db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();
    await first.stop();

    // While our server is down the donor approves; Swish's callback finds nobody.
    const swishWhileDown = createSwishSimulator({
      clock: systemClock,
      logger: silentLogger,
      payeeAlias: first.container.site.swishNumber,
      allowHttpCallbacks: true,
      callbackDelayMs: 0,
      sweepIntervalMs: 0,
      store: createFileSwishStore(path.join(first.dir, "sim", "swish.json")),
      postCallback: async () => {
        throw new Error("connection refused");
      },
    });
    await swishWhileDown.ready;
    await swishWhileDown.approve(payment.provider_reference!);
    await swishWhileDown.settled();
    swishWhileDown.close();

    const clock = new ManualClock(new Date());
    server = await startTestServer({ engine, dir: first.dir, postgresUrl: first.postgresUrl, clock });
    const before = await server.container.db.selectFrom("payments").select("status").executeTakeFirstOrThrow();
    expect(before.status).toBe("pending");
    // Reconciliation picks up open payments not checked for a while.
    clock.advance(15_000);
    await server.container.jobs.runPeriodic(true);
    const after = await server.container.db.selectFrom("payments").select("status").executeTakeFirstOrThrow();
    expect(after.status).toBe("paid");
    expect((await gifts())[0]!.status).toBe("paid");
  });
});
