import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/test-server";

describe("state-changing API requests from another site are refused", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.dispose();
  });

  const cancel = (headers: Record<string, string>) =>
    fetch(`${server.url}/api/Payments/Cancel?paymentId=00000000-0000-4000-8000-000000000000`, { method: "POST", headers });

  it("refuses POST /api/Payments/Cancel (no body) from another origin or a cross-site fetch with 403", async () => {
    const foreign: Array<Record<string, string>> = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { origin: "null" }];
    for (const headers of foreign) {
      const response = await cancel(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect((await response.json()).error.code).toBe("cross_origin");
    }
  });

  it("lets the site's own pages and server-to-server calls through", async () => {
    expect((await cancel({ origin: server.url, "sec-fetch-site": "same-origin" })).status).toBe(404);
    expect((await cancel({})).status).toBe(404);
    // A provider's callback carries neither header.
    const callback = await fetch(`${server.url}/api/swish/callback`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(callback.status).toBe(400);
  });

  it("leaves reading alone: a cross-site GET is not refused here", async () => {
    const response = await fetch(`${server.url}/api/DeceasedPeople/Search?q=An`, { headers: { "sec-fetch-site": "cross-site" } });
    expect(response.status).not.toBe(403);
  });
});
