import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { SwishApiError, SwishHttpError, newInstructionId, type SwishCreatePaymentRequestInput } from "../client";
import { SWISH_CREATE_ERRORS } from "../error-codes";
import { startSimulatorServer, TEST_PAYEE_ALIAS, type SimulatorServer } from "./test-server";

let sim: SimulatorServer;
let clock: ManualClock;

beforeEach(async () => {
  clock = new ManualClock("2026-01-15T10:00:00.000Z");
  sim = await startSimulatorServer({ clock });
});

afterEach(async () => {
  await sim.close();
});

function ecommerce(overrides: Partial<SwishCreatePaymentRequestInput> = {}): SwishCreatePaymentRequestInput {
  return {
    callbackUrl: sim.callbackUrl,
    payerAlias: "46712345678",
    amount: "100.50",
    payeePaymentReference: "GAVA-2026-0001",
    message: "Gåva till forskningen",
    ...overrides,
  };
}

function mcommerce(overrides: Partial<SwishCreatePaymentRequestInput> = {}): SwishCreatePaymentRequestInput {
  const { payerAlias: _ignored, ...rest } = ecommerce(overrides);
  return rest;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

async function createCodes(input: SwishCreatePaymentRequestInput, id = newInstructionId()): Promise<string[]> {
  const error = await rejection(sim.client.createPaymentRequest(id, input));
  expect(error).toBeInstanceOf(SwishApiError);
  expect((error as SwishApiError).status).toBe(422);
  return (error as SwishApiError).codes;
}

describe("create", () => {
  it("creates an e-commerce request: 201 with Location, no token, and GET shows it CREATED", async () => {
    const id = newInstructionId();
    const created = await sim.client.createPaymentRequest(id, ecommerce());
    expect(created).toEqual({ id, location: `${sim.apiBase}/v1/paymentrequests/${id}`, paymentRequestToken: null });

    const pr = await sim.client.getPaymentRequest(id);
    expect(pr).toEqual({
      id,
      payeePaymentReference: "GAVA-2026-0001",
      paymentReference: null,
      callbackUrl: sim.callbackUrl,
      payerAlias: "46712345678",
      payeeAlias: TEST_PAYEE_ALIAS,
      amount: 100.5,
      currency: "SEK",
      message: "Gåva till forskningen",
      status: "CREATED",
      dateCreated: "2026-01-15T10:00:00.000Z",
      datePaid: null,
      errorCode: null,
      errorMessage: null,
    });
  });

  it("creates an m-commerce request with a PaymentRequestToken header", async () => {
    const id = newInstructionId();
    const created = await sim.client.createPaymentRequest(id, mcommerce());
    expect(created.paymentRequestToken).toMatch(/^[0-9a-f]{32}$/);
    const pr = await sim.client.getPaymentRequest(id);
    expect(pr.payerAlias).toBeNull();
    expect(pr.status).toBe("CREATED");
  });

  it("answers the raw protocol: 201 with an empty body and the exact header names", async () => {
    const id = newInstructionId();
    const res = await fetch(`${sim.apiBase}/v2/paymentrequests/${id}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...mcommerce(), payeeAlias: TEST_PAYEE_ALIAS, currency: "SEK" }),
    });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe("");
    expect(res.headers.get("location")).toBe(`${sim.apiBase}/v1/paymentrequests/${id}`);
    expect(res.headers.get("paymentrequesttoken")).toMatch(/^[0-9a-f]{32}$/);
  });

  // Every create error, forced the MSS way: the code in the message.
  it.each(Object.keys(SWISH_CREATE_ERRORS))("answers 422 %s when the message holds that code, and stores nothing", async (code) => {
    const id = newInstructionId();
    const error = await rejection(sim.client.createPaymentRequest(id, ecommerce({ message: `Test ${code}` })));
    expect(error).toBeInstanceOf(SwishApiError);
    const apiError = error as SwishApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.errors).toEqual([
      { errorCode: code, errorMessage: SWISH_CREATE_ERRORS[code as keyof typeof SWISH_CREATE_ERRORS], additionalInformation: null },
    ]);
    const notFound = await rejection(sim.client.getPaymentRequest(id));
    expect((notFound as SwishHttpError).status).toBe(404);
  });

  it("validates fields like the real service and lists every problem", async () => {
    expect(await createCodes(ecommerce({ amount: "0.99" }))).toEqual(["AM06"]);
    expect(await createCodes(ecommerce({ amount: "1000000000000.00" }))).toEqual(["AM02"]);
    expect(await createCodes(ecommerce({ amount: "10.123" }))).toEqual(["PA02"]);
    expect(await createCodes(ecommerce({ payerAlias: "0712345678" }))).toEqual(["BE18"]);
    expect(await createCodes(ecommerce({ payeePaymentReference: "x".repeat(36) }))).toEqual(["FF08"]);
    expect(await createCodes(ecommerce({ message: "<b>hej</b>" }))).toEqual(["RP02"]);
    expect(await createCodes(ecommerce({ message: "a".repeat(51) }))).toEqual(["RP02"]);
    expect(await createCodes(ecommerce({ callbackUrl: "not a url", amount: "abc" }))).toEqual(["RP03", "PA02"]);
    // The smallest and largest amounts are accepted.
    await sim.client.createPaymentRequest(newInstructionId(), mcommerce({ amount: "1.00" }));
    await sim.client.createPaymentRequest(newInstructionId(), mcommerce({ amount: "999999999999.99" }));
  });

  it("answers AM03 for another currency, RP01/ACMT07 for a wrong payee and PA01 for a malformed id", async () => {
    const put = (id: string, body: object) =>
      fetch(`${sim.apiBase}/v2/paymentrequests/${id}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const valid = { ...ecommerce(), payeeAlias: TEST_PAYEE_ALIAS, currency: "SEK" };

    const eur = await put(newInstructionId(), { ...valid, currency: "EUR" });
    expect(eur.status).toBe(422);
    expect(await eur.json()).toEqual([{ errorCode: "AM03", errorMessage: "Invalid or missing Currency", additionalInformation: null }]);

    const { payeeAlias: _p, ...withoutPayee } = valid;
    expect((await (await put(newInstructionId(), withoutPayee)).json())[0].errorCode).toBe("RP01");
    expect((await (await put(newInstructionId(), { ...valid, payeeAlias: "1239999999" })).json())[0].errorCode).toBe("ACMT07");

    const lower = await put(newInstructionId().toLowerCase(), valid);
    expect(lower.status).toBe(422);
    expect((await lower.json())[0].errorCode).toBe("PA01");

    const malformed = await fetch(`${sim.apiBase}/v2/paymentrequests/${newInstructionId()}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
  });

  it("refuses http callbacks unless allowed (the real service is https-only)", async () => {
    const strict = await startSimulatorServer({ allowHttpCallbacks: false });
    try {
      const error = await rejection(strict.client.createPaymentRequest(newInstructionId(), ecommerce()));
      expect((error as SwishApiError).codes).toEqual(["RP03"]);
      const created = await strict.client.createPaymentRequest(
        newInstructionId(),
        ecommerce({ callbackUrl: "https://example.org/swish/callback" }),
      );
      expect(created.location).toContain("/v1/paymentrequests/");
    } finally {
      await strict.close();
    }
  });

  it("answers RP09 when an instruction id is reused and leaves the first request as it was", async () => {
    const id = newInstructionId();
    await sim.client.createPaymentRequest(id, ecommerce());
    expect(await createCodes(ecommerce({ amount: "5.00", payerAlias: "46700000001" }), id)).toEqual(["RP09"]);
    const pr = await sim.client.getPaymentRequest(id);
    expect(pr.amount).toBe(100.5);
    expect(pr.payerAlias).toBe("46712345678");
  });

  it("answers RP06 while the payer has an open request, and accepts a new one once it has ended", async () => {
    const first = newInstructionId();
    await sim.client.createPaymentRequest(first, ecommerce());
    expect(await createCodes(ecommerce())).toEqual(["RP06"]);
    // Another payer is not affected.
    await sim.client.createPaymentRequest(newInstructionId(), ecommerce({ payerAlias: "46700000002" }));

    await sim.simulator.decline(first);
    const again = await sim.client.createPaymentRequest(newInstructionId(), ecommerce());
    expect(again.paymentRequestToken).toBeNull();
  });
});

describe("payer's answer and callbacks", () => {
  it("approve: GET shows PAID with datePaid and a payment reference, and the callback carries the same object", async () => {
    const id = newInstructionId();
    await sim.client.createPaymentRequest(id, ecommerce());
    clock.advance(30_000);
    const paid = await sim.simulator.approve(id);
    expect(paid.status).toBe("PAID");

    const pr = await sim.client.getPaymentRequest(id);
    expect(pr.status).toBe("PAID");
    expect(pr.datePaid).toBe("2026-01-15T10:00:30.000Z");
    expect(pr.paymentReference).toMatch(/^[0-9A-F]{32}$/);
    expect(pr.errorCode).toBeNull();

    const callback = await sim.waitForCallback(id);
    expect(callback).toEqual(pr);
  });

  it("approve of an m-commerce request records who paid", async () => {
    const id = newInstructionId();
    await sim.client.createPaymentRequest(id, mcommerce());
    await sim.simulator.approve(id, "46701234567");
    expect((await sim.client.getPaymentRequest(id)).payerAlias).toBe("46701234567");
  });

  it("decline: GET shows DECLINED and the callback says so", async () => {
    const id = newInstructionId();
    await sim.client.createPaymentRequest(id, ecommerce());
    await sim.simulator.decline(id);
    expect((await sim.client.getPaymentRequest(id)).status).toBe("DECLINED");
    const callback = await sim.waitForCallback(id);
    expect(callback.status).toBe("DECLINED");
    expect(callback.datePaid).toBeNull();
    expect(callback.paymentReference).toBeNull();
  });

  it("does not let a payer answer twice", async () => {
    const id = newInstructionId();
    await sim.client.createPaymentRequest(id, ecommerce());
    await sim.simulator.approve(id);
    await expect(sim.simulator.decline(id)).rejects.toMatchObject({ reason: "not-open" });
    await expect(sim.simulator.approve(newInstructionId())).rejects.toMatchObject({ reason: "not-found" });
    await sim.simulator.settled();
    expect(sim.received.filter((c) => c.id === id)).toHaveLength(1);
  });

  it.each([
    ["RF07", "DECLINED", "Transaction declined"],
    ["BANKIDCL", "DECLINED", "Payer cancelled BankID signing"],
    ["FF10", "ERROR", "Bank system processing error"],
    ["TM01", "ERROR", "Swish timed out before the payment was started"],
    ["DS24", "ERROR", "Swish timed out waiting for an answer from the banks after payment was started"],
  ])("a message with %s ends the request %s with that code in the callback", async (code, status, errorMessage) => {
    // The result comes 400 ms after the request, not the file's 20: on a loaded machine the read
    // just below could otherwise come after it, and this test is also about the state before it.
    await sim.close();
    sim = await startSimulatorServer({ clock, callbackDelayMs: 400 });
    const id = newInstructionId();
    await sim.client.createPaymentRequest(id, mcommerce({ message: code }));
    // Like the real service, the request is CREATED until the result arrives.
    expect((await sim.client.getPaymentRequest(id)).status).toBe("CREATED");

    const callback = await sim.waitForCallback(id);
    expect(callback).toMatchObject({ id, status, errorCode: code, errorMessage, datePaid: null });
    const pr = await sim.client.getPaymentRequest(id);
    expect(pr).toMatchObject({ status, errorCode: code });
  });

  it("logs and survives a callback endpoint that fails", async () => {
    const failing: string[] = [];
    const broken = await startSimulatorServer({
      postCallback: async (url) => {
        failing.push(url);
        throw new Error("connection refused");
      },
    });
    try {
      const id = newInstructionId();
      await broken.client.createPaymentRequest(id, ecommerce({ callbackUrl: broken.callbackUrl }));
      await broken.simulator.approve(id);
      await broken.simulator.settled();
      expect(failing).toEqual([broken.callbackUrl]);
      expect((await broken.client.getPaymentRequest(id)).status).toBe("PAID");
      expect((await broken.simulator.store.get(id))?.callbackPending).toBe(false);
    } finally {
      await broken.close();
    }
  });
});

describe("cancel", () => {
  it("cancels a CREATED request without a callback", async () => {
    const id = newInstructionId();
    await sim.client.createPaymentRequest(id, ecommerce());
    const cancelled = await sim.client.cancelPaymentRequest(id);
    expect(cancelled.status).toBe("CANCELLED");
    expect((await sim.client.getPaymentRequest(id)).status).toBe("CANCELLED");
    await expect(sim.simulator.approve(id)).rejects.toMatchObject({ reason: "not-open" });
    await sim.simulator.settled();
    expect(sim.received).toEqual([]);
  });

  it("answers 422 RP07 when it is too late to cancel, and 404 for an unknown id", async () => {
    const id = newInstructionId();
    await sim.client.createPaymentRequest(id, ecommerce());
    await sim.simulator.approve(id);
    const tooLate = await rejection(sim.client.cancelPaymentRequest(id));
    expect(tooLate).toBeInstanceOf(SwishApiError);
    expect((tooLate as SwishApiError).codes).toEqual(["RP07"]);
    expect((await sim.client.getPaymentRequest(id)).status).toBe("PAID");

    const unknown = await rejection(sim.client.cancelPaymentRequest(newInstructionId()));
    expect(unknown).toBeInstanceOf(SwishHttpError);
    expect((unknown as SwishHttpError).status).toBe(404);
  });

  it("accepts only the documented JSON Patch with its content type", async () => {
    const id = newInstructionId();
    await sim.client.createPaymentRequest(id, ecommerce());
    const patch = (contentType: string, body: unknown) =>
      fetch(`${sim.apiBase}/v1/paymentrequests/${id}`, {
        method: "PATCH",
        headers: { "content-type": contentType },
        body: JSON.stringify(body),
      });
    expect((await patch("application/json", [{ op: "replace", path: "/status", value: "cancelled" }])).status).toBe(415);
    expect((await patch("application/json-patch+json", [{ op: "replace", path: "/amount", value: "1" }])).status).toBe(422);
    expect((await sim.client.getPaymentRequest(id)).status).toBe("CREATED");
  });
});

describe("timeout", () => {
  it("ends an unanswered request with TM01 (ERROR) after 3 minutes, read lazily from the clock", async () => {
    const id = newInstructionId();
    await sim.client.createPaymentRequest(id, ecommerce());
    clock.advance(3 * 60_000 - 1);
    expect((await sim.client.getPaymentRequest(id)).status).toBe("CREATED");

    clock.advance(1);
    const pr = await sim.client.getPaymentRequest(id);
    expect(pr).toMatchObject({ status: "ERROR", errorCode: "TM01", datePaid: null });
    expect((await sim.waitForCallback(id)).errorCode).toBe("TM01");
    await expect(sim.simulator.approve(id)).rejects.toMatchObject({ reason: "not-open" });
    // The payer may start a new request.
    await sim.client.createPaymentRequest(newInstructionId(), ecommerce());
  });

  it("a sweep ends timed-out requests and sends their callback without anyone reading them", async () => {
    const id = newInstructionId();
    await sim.client.createPaymentRequest(id, mcommerce());
    clock.advance(3 * 60_000);
    expect((await sim.simulator.store.get(id))?.paymentRequest.status).toBe("CREATED");
    await sim.simulator.sweep();
    expect((await sim.simulator.store.get(id))?.paymentRequest.status).toBe("ERROR");
    expect((await sim.waitForCallback(id)).status).toBe("ERROR");
  });
});
