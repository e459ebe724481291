import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { HttpTimeoutError } from "../http/http-request";
import { SwishApiError, SwishClient, SwishHttpError, newInstructionId } from "./client";

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

/** A stand-in server that records requests and answers as told, to test the client on its own. */
async function fakeSwish(answer: (res: http.ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, contentType: req.headers["content-type"], body: Buffer.concat(chunks).toString() });
      answer(res);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/swish-cpcapi/api/`;
  servers.push(server);
  return { seen, client: new SwishClient({ baseUrl: base, payeeAlias: "1231181189", timeoutMs: 300 }) };
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

const input = { callbackUrl: "https://example.org/cb", payerAlias: "46712345678", amount: "100.00", message: "Tack" };

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

describe("SwishClient requests", () => {
  it("sends create as PUT v2 with the merchant's alias and SEK", async () => {
    const { seen, client } = await fakeSwish((res) => {
      res.writeHead(201, { Location: "https://swish.example/v1/paymentrequests/X", PaymentRequestToken: "tok" }).end();
    });
    const id = newInstructionId();
    const created = await client.createPaymentRequest(id, input);
    expect(created).toEqual({ id, location: "https://swish.example/v1/paymentrequests/X", paymentRequestToken: "tok" });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe("PUT");
    expect(seen[0]!.url).toBe(`/swish-cpcapi/api/v2/paymentrequests/${id}`);
    expect(seen[0]!.contentType).toBe("application/json");
    expect(JSON.parse(seen[0]!.body)).toEqual({ ...input, payeeAlias: "1231181189", currency: "SEK" });
  });

  it("sends cancel as PATCH v1 with the JSON Patch body and content type", async () => {
    const id = newInstructionId();
    const { seen, client } = await fakeSwish((res) => {
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({ id, callbackUrl: "https://example.org/cb", payeeAlias: "1231181189", amount: 100, currency: "SEK", status: "CANCELLED", dateCreated: "2026-01-15T10:00:00Z" }),
      );
    });
    const cancelled = await client.cancelPaymentRequest(id);
    expect(cancelled.status).toBe("CANCELLED");
    expect(cancelled.datePaid).toBeNull();
    expect(seen[0]).toEqual({
      method: "PATCH",
      url: `/swish-cpcapi/api/v1/paymentrequests/${id}`,
      contentType: "application/json-patch+json",
      body: '[{"op":"replace","path":"/status","value":"cancelled"}]',
    });
  });

  it("refuses an id that is not 32 upper-case hex characters before sending anything", async () => {
    const { seen, client } = await fakeSwish((res) => res.writeHead(201).end());
    await expect(client.createPaymentRequest("abc", input)).rejects.toThrow(TypeError);
    await expect(client.getPaymentRequest("../../admin")).rejects.toThrow(TypeError);
    expect(seen).toEqual([]);
  });
});

describe("SwishClient failures", () => {
  it("turns 422 into SwishApiError with the codes", async () => {
    const { client } = await fakeSwish((res) => {
      res.writeHead(422, { "content-type": "application/json" }).end(
        JSON.stringify([
          { errorCode: "RP06", errorMessage: "A payment request already exists for that payer", additionalInformation: null },
          { errorCode: "PA02", errorMessage: "Amount value is missing" },
        ]),
      );
    });
    const error = (await rejection(client.createPaymentRequest(newInstructionId(), input))) as SwishApiError;
    expect(error).toBeInstanceOf(SwishApiError);
    expect(error.codes).toEqual(["RP06", "PA02"]);
    expect(error.hasCode("RP06")).toBe(true);
    expect(error.errors[1]).toEqual({ errorCode: "PA02", errorMessage: "Amount value is missing", additionalInformation: null });
    expect(error.message).toContain("RP06");
  });

  it.each([
    [401, /certificate/],
    [403, /payee alias does not match the client certificate/],
    [500, /server error/],
  ])("turns %i into SwishHttpError with a clear message", async (status, message) => {
    const { client } = await fakeSwish((res) => res.writeHead(status).end("nope"));
    const error = (await rejection(client.getPaymentRequest(newInstructionId()))) as SwishHttpError;
    expect(error).toBeInstanceOf(SwishHttpError);
    expect(error.status).toBe(status);
    expect(error.message).toMatch(message);
  });

  it("treats a 201 without Location and a GET with a malformed body as errors", async () => {
    const { client } = await fakeSwish((res) => res.writeHead(201).end());
    await expect(client.createPaymentRequest(newInstructionId(), input)).rejects.toThrow(/Location/);
    const other = await fakeSwish((res) => res.writeHead(200, { "content-type": "application/json" }).end('{"id":"x"}'));
    await expect(other.client.getPaymentRequest(newInstructionId())).rejects.toBeInstanceOf(SwishHttpError);
  });

  it("gives up after timeoutMs when Swish does not answer", async () => {
    const { client } = await fakeSwish(() => {
      // never answers
    });
    const started = Date.now();
    const error = await rejection(client.getPaymentRequest(newInstructionId()));
    expect(error).toBeInstanceOf(HttpTimeoutError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
