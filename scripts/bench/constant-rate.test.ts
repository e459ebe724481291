import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { runConstantRate } from "./constant-rate";

describe("constant-rate load generator", () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    const running = server;
    server = undefined;
    if (running) {
      running.closeAllConnections();
      await new Promise((resolve) => running.close(resolve));
    }
  });

  async function serve(handler: http.RequestListener): Promise<string> {
    server = http.createServer(handler);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/poll`;
  }

  it("sends rate × duration requests with the bodies asked for, and counts non-2xx answers", async () => {
    const bodies: string[] = [];
    const url = await serve((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        bodies.push(body);
        res.statusCode = JSON.parse(body).i % 5 === 0 ? 404 : 200;
        res.end("{}");
      });
    });
    const result = await runConstantRate({ url, rate: 50, durationSeconds: 1, body: (i) => JSON.stringify({ i }) });
    expect(result.requests).toBe(50);
    expect(bodies.map((b) => JSON.parse(b).i).sort((a, b) => a - b)).toEqual([...Array(50).keys()]);
    expect(result.non2xx).toBe(10);
    expect(result.errors).toBe(0);
  });

  it("measures from when a request was due, so a server stall shows in the tail", async () => {
    let stalled = false;
    const url = await serve((_req, res) => {
      // The first request holds the only connection for 400 ms; the ones due
      // meanwhile must wait and their waiting counts.
      if (!stalled) {
        stalled = true;
        setTimeout(() => res.end("{}"), 400);
      } else res.end("{}");
    });
    const result = await runConstantRate({ url, rate: 50, durationSeconds: 1, body: () => "{}", maxSockets: 1 });
    expect(result.maxMs).toBeGreaterThanOrEqual(400);
    expect(result.p90Ms).toBeGreaterThanOrEqual(100);
  });

  it("counts a refused connection as an error", async () => {
    const url = await serve((_req, res) => res.end());
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    const result = await runConstantRate({ url, rate: 20, durationSeconds: 0.5, body: () => "{}" });
    expect(result.errors).toBe(10);
  });
});
