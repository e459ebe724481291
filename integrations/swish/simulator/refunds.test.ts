import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SwishApiError, SwishHttpError, newInstructionId } from "../client";
import { createFileSwishStore } from "./file-store";
import { createFileSwishRefundStore } from "./refund-store";
import { startSimulatorServer, TEST_PAYEE_ALIAS, type SimulatorServer } from "./test-server";

/** The real SwishClient's refund calls against the simulator (same protocol as the Swish Commerce API). */
let sim: SimulatorServer | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function paidRequest(server: SimulatorServer, amount = "300.00") {
  const id = newInstructionId();
  await server.client.createPaymentRequest(id, { callbackUrl: server.callbackUrl, amount, payerAlias: "46701234567", payeePaymentReference: "G-1" });
  const paid = await server.simulator.approve(id);
  return paid.paymentReference!;
}

async function codesOf(promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SwishApiError) return error.codes;
    throw error;
  }
  throw new Error("expected a 422");
}

describe("Swish refunds in the simulator", () => {
  it("creates a refund (201 + Location), CREATED at first, PAID with a callback later, from the merchant's number to the payer", async () => {
    sim = await startSimulatorServer();
    const original = await paidRequest(sim);
    const id = newInstructionId();
    const created = await sim.client.createRefund(id, { originalPaymentReference: original, callbackUrl: sim.callbackUrl, amount: "300.00", message: "Återbetalning", payerPaymentReference: "G-1" });
    expect(created.location).toBe(`${sim.apiBase}/v1/refunds/${id}`);
    expect(await sim.client.getRefund(id)).toMatchObject({ id, status: "CREATED", payerAlias: TEST_PAYEE_ALIAS, payeeAlias: "46701234567", amount: 300, originalPaymentReference: original });
    const callback = (await sim.waitForCallback(id)) as unknown as Record<string, unknown>;
    expect(callback).toMatchObject({ id, status: "PAID", originalPaymentReference: original });
    expect((await sim.client.getRefund(id)).status).toBe("PAID");
  });

  it("answers 422 with Swish's codes: unknown original (RF02), more than was paid (RF08), reused id (RP09), bad fields", async () => {
    sim = await startSimulatorServer();
    const original = await paidRequest(sim, "100.00");
    const body = { originalPaymentReference: original, callbackUrl: sim.callbackUrl, amount: "60.00" };
    expect(await codesOf(sim.client.createRefund(newInstructionId(), { ...body, originalPaymentReference: "F".repeat(32) }))).toEqual(["RF02"]);
    const first = newInstructionId();
    await sim.client.createRefund(first, body);
    expect(await codesOf(sim.client.createRefund(newInstructionId(), body))).toEqual(["RF08"]);
    expect(await codesOf(sim.client.createRefund(first, { ...body, amount: "1.00" }))).toEqual(["RP09"]);
    expect(await codesOf(sim.client.createRefund(newInstructionId(), { ...body, amount: "4O", callbackUrl: "ftp://x" }))).toEqual(["RP03", "PA02"]);
    // What is left can still be refunded.
    await sim.client.createRefund(newInstructionId(), { ...body, amount: "40.00" });
  });

  it("ends a refund ERROR when its message names RF07, and 404 for an unknown refund", async () => {
    sim = await startSimulatorServer();
    const original = await paidRequest(sim);
    const id = newInstructionId();
    await sim.client.createRefund(id, { originalPaymentReference: original, callbackUrl: sim.callbackUrl, amount: "10.00", message: "Test RF07" });
    await sim.waitForCallback(id);
    expect(await sim.client.getRefund(id)).toMatchObject({ status: "ERROR", errorCode: "RF07" });
    await expect(sim.client.getRefund(newInstructionId())).rejects.toSatisfy((e) => e instanceof SwishHttpError && e.status === 404);
  });

  it("keeps refunds over a restart and pays out one that was due while it was down", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "swish-refunds-"));
    const stores = () => ({ store: createFileSwishStore(path.join(dir, "swish.json")), refundStore: createFileSwishRefundStore(path.join(dir, "swish-refunds.json")) });
    sim = await startSimulatorServer({ ...stores(), callbackDelayMs: 60_000 });
    const original = await paidRequest(sim);
    const id = newInstructionId();
    await sim.client.createRefund(id, { originalPaymentReference: original, callbackUrl: sim.callbackUrl, amount: "300.00" });
    await sim.close();
    sim = await startSimulatorServer({ ...stores(), callbackDelayMs: 20 });
    expect((await sim.client.getRefund(id)).status).toBe("CREATED");
    // Its callback goes to the address stored with it (the first server's, gone); the status is there to read.
    await sim.simulator.settled();
    expect((await sim.client.getRefund(id)).status).toBe("PAID");
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
