import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { redactPersonnummer } from "#core/identity/redact-personnummer";
import { HttpTimeoutError } from "../http/http-request";
import { BankIdApiError } from "#core/donors/bankid-api-error";
import { BankIdClient } from "./client";
import { qrCodeContent } from "./qr";
import { startTestSimulator } from "./simulator/test-server";

type Sim = Awaited<ReturnType<typeof startTestSimulator>>;
let sim: Sim;

beforeEach(async () => {
  sim = await startTestSimulator();
});
afterEach(async () => {
  await sim.close();
});

const endUserIp = "192.0.2.10";

async function apiError(promise: Promise<unknown>): Promise<BankIdApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BankIdApiError);
  return error as BankIdApiError;
}

/** Opens the order as the tester, picks a person and approves. */
async function completeAs(orderRef: string, personalNumber: string) {
  expect((await sim.tester.open(orderRef)).status).toBe(200);
  expect((await sim.tester.post(orderRef, "select", { personalNumber })).status).toBe(303);
  expect((await sim.tester.post(orderRef, "approve")).status).toBe(303);
}

describe("BankIdClient against the simulator: happy paths", () => {
  it("auth returns BankID's four fields and starts as outstandingTransaction", async () => {
    const order = await sim.client.auth({ endUserIp });
    for (const field of ["orderRef", "autoStartToken", "qrStartToken", "qrStartSecret"] as const) {
      expect(order[field]).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(await sim.client.collect(order.orderRef)).toEqual({
      orderRef: order.orderRef,
      status: "pending",
      hintCode: "outstandingTransaction",
    });
  });

  it("goes outstandingTransaction → started → userSign → complete with completionData", async () => {
    const { orderRef } = await sim.client.auth({ endUserIp, returnRisk: true });

    await sim.tester.open(orderRef);
    expect(await sim.client.collect(orderRef)).toMatchObject({ status: "pending", hintCode: "started" });

    await sim.tester.post(orderRef, "select", { personalNumber: "198112289874" });
    expect(await sim.client.collect(orderRef)).toMatchObject({ status: "pending", hintCode: "userSign" });

    await sim.tester.post(orderRef, "approve");
    const result = await sim.client.collect(orderRef);
    if (result.status !== "complete") throw new Error(`expected complete, got ${result.status}`);
    const data = result.completionData;
    expect(data.user).toEqual({ personalNumber: "198112289874", name: "Erik Lindgren", givenName: "Erik", surname: "Lindgren" });
    expect(data.device.ipAddress).toBe(endUserIp);
    expect(data.device.uhi.length).toBeGreaterThan(10);
    expect(data.bankIdIssueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Buffer.from(data.signature, "base64").toString("utf8")).toMatch(/^<\?xml[\s\S]*SIMULATED/);
    expect(Buffer.from(data.ocspResponse, "base64").toString("utf8")).toContain("SIMULATED");
    expect(data.risk).toBe("low");
  });

  it("sign sends userVisibleData as base64 UTF-8 in simpleMarkdownV1, and the app shows it", async () => {
    const text = "# Gåva till hjärt- och lungforskning\nJag skänker **500 kr**. Tack!";
    const { orderRef } = await sim.client.sign({ endUserIp, userVisibleData: text });
    const page = await (await sim.tester.open(orderRef)).text();
    expect(page).toContain("Gåva till hjärt- och lungforskning");
    expect(page).toContain("Skriv under");

    await completeAs(orderRef, "199001012385");
    const result = await sim.client.collect(orderRef);
    expect(result.status).toBe("complete");
    if (result.status === "complete") {
      const xml = Buffer.from(result.completionData.signature, "base64").toString("utf8");
      expect(xml).toContain(Buffer.from(text, "utf8").toString("base64"));
    }
  });

  it("the wire format is what BankID expects", async () => {
    const response = await sim.rawPost(
      "sign",
      JSON.stringify({ endUserIp, userVisibleData: Buffer.from("Hej åäö").toString("base64"), userVisibleDataFormat: "simpleMarkdownV1" }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("BankIdClient against the simulator: failures and hint codes", () => {
  it("userCancel when the tester presses Avbryt", async () => {
    const { orderRef } = await sim.client.auth({ endUserIp });
    await sim.tester.open(orderRef);
    expect((await sim.tester.post(orderRef, "cancel")).status).toBe(303);
    expect(await sim.client.collect(orderRef)).toEqual({ orderRef, status: "failed", hintCode: "userCancel" });
  });

  it("expiredTransaction when the tester presses Låt gå ut", async () => {
    const { orderRef } = await sim.client.auth({ endUserIp });
    await sim.tester.post(orderRef, "expire");
    expect(await sim.client.collect(orderRef)).toMatchObject({ status: "failed", hintCode: "expiredTransaction" });
  });

  it("expires after 30 s when the QR code is never scanned", async () => {
    const { orderRef } = await sim.client.auth({ endUserIp });
    sim.clock.advance(29_999);
    expect(await sim.client.collect(orderRef)).toMatchObject({ status: "pending", hintCode: "outstandingTransaction" });
    sim.clock.advance(1);
    expect(await sim.client.collect(orderRef)).toMatchObject({ status: "failed", hintCode: "expiredTransaction" });
    // And the tester can no longer act on it.
    expect((await sim.tester.post(orderRef, "select", { personalNumber: "198112289874" })).status).toBe(409);
  });

  it("an opened order lives until 3 minutes, then expires", async () => {
    const { orderRef } = await sim.client.auth({ endUserIp });
    sim.clock.advance(10_000);
    await sim.tester.open(orderRef);
    sim.clock.advance(180_000 - 10_000 - 1);
    expect(await sim.client.collect(orderRef)).toMatchObject({ status: "pending", hintCode: "started" });
    sim.clock.advance(1);
    expect(await sim.client.collect(orderRef)).toMatchObject({ status: "failed", hintCode: "expiredTransaction" });
  });

  it("certificateErr when the chosen test person's BankID is blocked", async () => {
    const { orderRef } = await sim.client.auth({ endUserIp });
    await completeAs(orderRef, "198508122382");
    expect(await sim.client.collect(orderRef)).toMatchObject({ status: "failed", hintCode: "certificateErr" });
  });

  it.each(["noClient", "userMrtd", "userCallConfirm"])("pending hint %s can be forced by the tester", async (hintCode) => {
    const { orderRef } = await sim.client.auth({ endUserIp });
    expect((await sim.tester.post(orderRef, "hint", { hintCode })).status).toBe(303);
    expect(await sim.client.collect(orderRef)).toEqual({ orderRef, status: "pending", hintCode });
  });

  it("failed hint startFailed can be forced by the tester", async () => {
    const { orderRef } = await sim.client.auth({ endUserIp });
    await sim.tester.post(orderRef, "hint", { hintCode: "startFailed" });
    expect(await sim.client.collect(orderRef)).toEqual({ orderRef, status: "failed", hintCode: "startFailed" });
  });

  it("alreadyInProgress for a second order for the same personalNumber, and the first becomes cancelled", async () => {
    const requirement = { personalNumber: "199001012385" };
    const first = await sim.client.auth({ endUserIp, requirement });
    const error = await apiError(sim.client.auth({ endUserIp, requirement }));
    expect(error).toMatchObject({ status: 400, errorCode: "alreadyInProgress" });
    expect(await sim.client.collect(first.orderRef)).toMatchObject({ status: "failed", hintCode: "cancelled" });
    // Once nothing is pending, a new order for that person is fine.
    await expect(sim.client.auth({ endUserIp, requirement })).resolves.toHaveProperty("orderRef");
  });

  it("a personalNumber requirement limits who can complete", async () => {
    const { orderRef } = await sim.client.auth({ endUserIp, requirement: { personalNumber: "199001012385" } });
    await sim.tester.open(orderRef);
    expect((await sim.tester.post(orderRef, "select", { personalNumber: "198112289874" })).status).toBe(409);
    await sim.tester.post(orderRef, "select", { personalNumber: "199001012385" });
    await sim.tester.post(orderRef, "approve");
    const result = await sim.client.collect(orderRef);
    expect(result.status === "complete" && result.completionData.user.personalNumber).toBe("199001012385");
  });

  it("cancel by the relying party: BankID forgets the order", async () => {
    const { orderRef } = await sim.client.auth({ endUserIp });
    await expect(sim.client.cancel(orderRef)).resolves.toBeUndefined();
    expect(await apiError(sim.client.collect(orderRef))).toMatchObject({ status: 400, errorCode: "invalidParameters", details: "No such order" });
    expect(await apiError(sim.client.cancel(orderRef))).toMatchObject({ status: 400, errorCode: "invalidParameters" });
  });
});

describe("BankIdClient against the simulator: error answers", () => {
  it("invalidParameters for an unknown orderRef", async () => {
    expect(await apiError(sim.client.collect("4a1f0c54-0000-4000-8000-000000000000"))).toMatchObject({
      status: 400,
      errorCode: "invalidParameters",
      details: "No such order",
    });
  });

  it("invalidParameters when endUserIp is missing or not an IP address", async () => {
    expect(await apiError(sim.client.auth({} as never))).toMatchObject({ status: 400, errorCode: "invalidParameters", details: "Missing endUserIp" });
    expect(await apiError(sim.client.auth({ endUserIp: "not-an-ip" }))).toMatchObject({ details: "Invalid endUserIp" });
  });

  it("invalidParameters when sign has no userVisibleData", async () => {
    const error = await apiError(sim.client.sign({ endUserIp } as never));
    expect(error).toMatchObject({ status: 400, errorCode: "invalidParameters", details: "Missing userVisibleData" });
  });

  it("invalidParameters for a personalNumber that is not 12 valid digits", async () => {
    for (const personalNumber of ["8112289874", "198112289875"]) {
      const error = await apiError(sim.client.auth({ endUserIp, requirement: { personalNumber } }));
      expect(error.errorCode).toBe("invalidParameters");
      expect(error.details).toBe("Invalid requirement.personalNumber");
    }
  });

  it("invalidParameters for bad base64, bad JSON and a missing orderRef", async () => {
    const bad = await sim.rawPost("auth", JSON.stringify({ endUserIp, userVisibleData: "åäö not base64" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ errorCode: "invalidParameters", details: "Invalid userVisibleData" });
    expect((await sim.rawPost("auth", "{not json")).status).toBe(400);
    expect(await (await sim.rawPost("collect", "{}")).json()).toEqual({ errorCode: "invalidParameters", details: "Missing orderRef" });
  });

  it("notFound for a wrong path", async () => {
    const wrongVersion = new BankIdClient({ baseUrl: `${sim.origin}/_sim/bankid/rp/v5.1` });
    expect(await apiError(wrongVersion.collect("x"))).toMatchObject({ status: 404, errorCode: "notFound" });
    const typo = await sim.rawPost("colect", JSON.stringify({ orderRef: "x" }));
    expect(typo.status).toBe(404);
    expect(await typo.json()).toMatchObject({ errorCode: "notFound" });
  });

  it("unsupportedMediaType for a charset parameter or another type; methodNotAllowed for GET", async () => {
    const withCharset = await sim.rawPost("auth", JSON.stringify({ endUserIp }), "application/json; charset=utf-8");
    expect(withCharset.status).toBe(415);
    expect(await withCharset.json()).toMatchObject({ errorCode: "unsupportedMediaType" });
    const get = await fetch(`${sim.origin}/_sim/bankid/rp/v6.0/collect`);
    expect(get.status).toBe(405);
    expect(await get.json()).toMatchObject({ errorCode: "methodNotAllowed" });
  });

  it("throws HttpTimeoutError when BankID does not answer in time", async () => {
    const silent: Server = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    const client = new BankIdClient({ baseUrl: `http://127.0.0.1:${port}/rp/v6.0`, timeoutMs: 100 });
    try {
      await expect(client.collect("x")).rejects.toBeInstanceOf(HttpTimeoutError);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("reports an answer without BankID's fields as unexpectedResponse", async () => {
    const odd: Server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" }).end('{"hello":"world"}');
    });
    await new Promise<void>((resolve) => odd.listen(0, "127.0.0.1", resolve));
    const port = (odd.address() as AddressInfo).port;
    const client = new BankIdClient({ baseUrl: `http://127.0.0.1:${port}/rp/v6.0` });
    try {
      expect(await apiError(client.auth({ endUserIp }))).toMatchObject({ errorCode: "unexpectedResponse" });
    } finally {
      await new Promise((resolve) => odd.close(resolve));
    }
  });
});

describe("same device and QR flows in the tester's app", () => {
  it("the autostart link opens the order (started)", async () => {
    const { orderRef, autoStartToken } = await sim.client.auth({ endUserIp });
    const response = await sim.tester.get(`/open?autostarttoken=${autoStartToken}`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/_sim/bankid/orders/${orderRef}`);
    await sim.tester.get(`/orders/${orderRef}`);
    expect(await sim.client.collect(orderRef)).toMatchObject({ hintCode: "started" });
    expect((await sim.tester.get("/open?autostarttoken=nope")).status).toBe(404);
  });

  it("scanning the current QR code opens the order; a stale or forged code does not", async () => {
    const order = await sim.client.auth({ endUserIp });
    sim.clock.advance(5_000);
    const now = qrCodeContent(order.qrStartToken, order.qrStartSecret, 5);
    const stale = qrCodeContent(order.qrStartToken, order.qrStartSecret, 1);
    const forged = qrCodeContent(order.qrStartToken, "wrong-secret", 5);
    expect((await sim.tester.get(`/scan?qr=${encodeURIComponent(stale)}`)).status).toBe(404);
    expect((await sim.tester.get(`/scan?qr=${encodeURIComponent(forged)}`)).status).toBe(404);
    const ok = await sim.tester.get(`/scan?qr=${encodeURIComponent(now)}`);
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`/_sim/bankid/orders/${order.orderRef}`);
  });
});

describe("logging", () => {
  it("never writes a personnummer to the log", async () => {
    const requirement = { personalNumber: "199001012385" };
    const { orderRef } = await sim.client.auth({ endUserIp, requirement });
    await apiError(sim.client.auth({ endUserIp, requirement }));
    const second = await sim.client.auth({ endUserIp, requirement });
    await completeAs(second.orderRef, "199001012385");
    await sim.client.collect(second.orderRef);
    await sim.client.collect(orderRef);
    const text = JSON.stringify(sim.logger.lines);
    expect(sim.logger.lines.length).toBeGreaterThan(0);
    expect(redactPersonnummer(text)).toBe(text);
  });
});
