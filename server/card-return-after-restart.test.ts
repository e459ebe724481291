import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import { testEngines } from "#tests/support/test-databases";
import { loadGiftPayment } from "#app/giving/gift-payment.server";
import { findPayment } from "#core/payments/payment-repository";

/**
 * Issue #19: the site restarts while a donor is in the card window. The card
 * simulator must still know the transaction (its state is kept in the state
 * directory like the other simulators'), and the donor's signed return must
 * settle the payment although the webhook – addressed to the process that
 * died – never arrives.
 */
const context = { session: "s1", identity: "i1", currentUrl: "http://127.0.0.1/ge-en-gava", requestgroup: "g1" };

describe.each(testEngines)("a card payment across a restart, on %s", (engine) => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.reverse()) await server.dispose();
    servers.length = 0;
  });

  it("is approved in the window after the restart and paid by the donor's return", async () => {
    const first = await startTestServer({ engine });
    servers.push(first);
    const gift = await postJson(`${first.url}/api/RegularGift/Add`, {
      context,
      payload: { amount: 400, name: "Karin Kort", email: "karin@exempel.se", idempotencyKey: crypto.randomUUID() },
    });
    const orderReference = gift.body.orderReference as string;
    const created = await postJson(`${first.url}/api/Payments/Create`, { context, payload: { orderReference, provider: "Mondido" } });
    expect(created.body.next.kind).toBe("post-form");
    const window = await fetch(new URL(created.body.next.action, first.url), {
      method: "POST",
      body: new URLSearchParams(created.body.next.fields),
      redirect: "manual",
    });
    expect(window.status).toBe(303);
    const cardPage = window.headers.get("location")!;

    // The site dies and comes back (a new process on the same state directory and database).
    await first.stop();
    const second = await startTestServer({ engine, dir: first.dir, postgresUrl: first.postgresUrl });
    servers.push(second);
    const page = await fetch(new URL(cardPage, second.url));
    expect(page.status).toBe(200);
    const paid = await fetch(new URL(cardPage, second.url), {
      method: "POST",
      body: new URLSearchParams({ cardNumber: "4111 1111 1111 1111", expiry: "12/35", cvc: "123" }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("location")!);
    expect(back.searchParams.get("status")).toBe("approved");

    const payment = (await findPayment(second.container.db, created.body.paymentId))!;
    const atProvider = await second.container.payments.provider("Mondido").fetchStatus(payment);
    expect(atProvider?.status).toBe("paid");

    // The webhook went to the dead process; the return alone settles it.
    expect(payment.status).toBe("pending");
    const view = await loadGiftPayment(second.container, orderReference, Object.fromEntries(back.searchParams));
    expect(view).toMatchObject({ giftPaid: true, status: "paid" });
  });
});
