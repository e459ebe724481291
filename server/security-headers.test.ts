import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { cspNonce, securityHeaders, sentryOrigin, type SecurityOptions } from "./security-headers";

let close: (() => void) | undefined;
afterEach(() => close?.());

async function cspFor(options: SecurityOptions): Promise<string> {
  const app = express();
  app.use(cspNonce(), securityHeaders(options));
  app.get("/", (_req, res) => res.send("ok"));
  const server = app.listen(0, "127.0.0.1");
  close = () => server.close();
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`);
  return response.headers.get("content-security-policy") ?? "";
}

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .find((d) => d.trim().startsWith(`${name} `))
    ?.trim();

describe("content security policy", () => {
  it("allows nothing of Sentry's or Google's without configuration", async () => {
    const csp = await cspFor({ https: false });
    expect(directive(csp, "connect-src")).toBe("connect-src 'self'");
    expect(csp).not.toContain("google");
  });

  it("lets the browser post error reports to the DSN's origin", async () => {
    const csp = await cspFor({ https: false, sentryDsn: "https://key@o1.ingest.sentry.io/42" });
    expect(directive(csp, "connect-src")).toBe("connect-src 'self' https://o1.ingest.sentry.io");
  });

  it("lists Google Tag Manager's origins only when a container is configured", async () => {
    const csp = await cspFor({ https: false, gtmContainerId: "GTM-AB12CD" });
    expect(directive(csp, "script-src")).toContain("https://www.googletagmanager.com");
    expect(directive(csp, "connect-src")).toContain("https://*.google-analytics.com");
    expect(directive(csp, "img-src")).toContain("https://www.googletagmanager.com");
  });

  it("reads only the origin of a DSN, and nothing from an unreadable one", () => {
    expect(sentryOrigin("https://key:secret@sentry.example:9000/path/7")).toEqual(["https://sentry.example:9000"]);
    expect(sentryOrigin("nonsense")).toEqual([]);
    expect(sentryOrigin(undefined)).toEqual([]);
  });
});
