import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseUnprintableText } from "./printable-text";

describe("the API refuses control and direction characters in any JSON string", () => {
  let server: Server;
  let url: string;
  const seen: unknown[] = [];

  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    app.use(refuseUnprintableText());
    app.post("/anything", (req, res) => {
      seen.push(req.body);
      res.status(201).json({ ok: true });
    });
    server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/anything`;
  });
  afterAll(() => server.close());

  const post = async (body: unknown) => {
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return { status: response.status, body: await response.json() };
  };

  it("names each field that holds one, however deep, and lets nothing through", async () => {
    const before = seen.length;
    const answer = await post({
      context: { page: "/ge-en-gava" },
      payload: { name: "Nils\u0000Null", greeting: "Vila i frid\u202e", items: [{ note: "ok" }, { note: "a\u0007" }] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("validation_failed");
    expect(Object.keys(answer.body.error.fields).sort()).toEqual(["payload.greeting", "payload.items.1.note", "payload.name"]);
    expect(answer.body.error.fields["payload.name"]).toMatch(/tecken som inte går att skriva ut/);
    expect(seen.length).toBe(before);
  });

  it("lets ordinary Swedish text with line breaks and tabs through", async () => {
    const answer = await post({ payload: { name: "Åsa Öberg", greeting: "Tack för allt.\r\nVi saknar dig.\tKram", amount: 250 } });
    expect(answer.status).toBe(201);
  });
});
