import http from "node:http";
import zlib from "node:zlib";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { NONCE_PLACEHOLDER } from "#app/context";
import { cspNonce, permissionsPolicy, securityHeaders } from "./security-headers";
import { gzipBody, headersFrom, plainBody, prefersGzip, preparePage, prerenderedResponses } from "./prerendered-responses";
import { withNonce } from "./static-files";

const PAGE = [
  "<!DOCTYPE html><html lang=sv><head>",
  `<style nonce="${NONCE_PLACEHOLDER}">body{margin:0}</style>`,
  "<title>Om oss – hjärta & lunga</title></head><body>",
  "<p>Forskning om hjärta och lungor. ".repeat(400),
  `<script nonce="${NONCE_PLACEHOLDER}">window.x=1</script>`,
  `<script nonce="${NONCE_PLACEHOLDER}" type="module">import "/assets/a.js"</script></body></html>`,
].join("");

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function listen(listener: http.RequestListener): Promise<string> {
  const server = http.createServer(listener).listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const securityOptions = { https: true, sentryDsn: "https://key@errors.example.org/1", extraFormActions: ["https://pay.example.com"] };

/** The fast path as app.ts puts it in front of Express, and the ordinary middleware chain it must answer like. */
async function bothApps() {
  const headers = [securityHeaders(securityOptions), permissionsPolicy()];
  const pages = new Map([["/om-oss", PAGE]]);
  const answer = prerenderedResponses(pages, headersFrom(headers));
  const fast: http.RequestListener = (req, res) => {
    if (answer(req, res)) return;
    res.writeHead(404).end("not here");
  };
  const chain = express();
  chain.disable("x-powered-by");
  chain.use(cspNonce(), ...headers);
  chain.get("/om-oss", (_req, res) => {
    res.type("html").setHeader("Cache-Control", "no-cache");
    res.send(withNonce(PAGE, res.locals.nonce as string));
  });
  return { fast: await listen(fast), chain: await listen(chain) };
}

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

describe("pre-rendered responses", () => {
  it("sends every security header the middleware chain sends, with a new nonce per response that the page carries", async () => {
    const { fast, chain } = await bothApps();
    const a = await fetch(`${fast}/om-oss`, { headers: { "accept-encoding": "identity" } });
    const b = await fetch(`${fast}/om-oss`, { headers: { "accept-encoding": "identity" } });
    const reference = await fetch(`${chain}/om-oss`, { headers: { "accept-encoding": "identity" } });
    const nonceA = nonceOf(a.headers.get("content-security-policy"));
    const nonceB = nonceOf(b.headers.get("content-security-policy"));
    expect(nonceA).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceB).not.toBe(nonceA);
    expect(await a.text()).toBe(withNonce(PAGE, nonceA!));
    expect(await b.text()).toBe(withNonce(PAGE, nonceB!));

    const referenceNonce = nonceOf(reference.headers.get("content-security-policy"))!;
    const ignored = new Set(["date", "etag", "content-length", "connection", "keep-alive", "vary"]);
    const normalised = (response: Response, nonce: string) =>
      Object.fromEntries([...response.headers].filter(([name]) => !ignored.has(name)).map(([name, value]) => [name, value.split(nonce).join("N")]));
    expect(normalised(a, nonceA!)).toEqual(normalised(reference, referenceNonce));
    expect(a.headers.get("strict-transport-security")).toContain("max-age=63072000");
    expect(a.headers.get("content-security-policy")).toContain("https://errors.example.org");
  });

  it("sends gzip that decompresses to the page with the response's own nonce", async () => {
    const { fast } = await bothApps();
    const response = await fetch(`${fast}/om-oss`, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    // fetch decompresses; the length sent is the compressed one.
    const nonce = nonceOf(response.headers.get("content-security-policy"))!;
    expect(await response.text()).toBe(withNonce(PAGE, nonce));
    expect(Number(response.headers.get("content-length"))).toBeLessThan(Buffer.byteLength(PAGE) / 4);
  });

  it("builds gzip members that zlib reads back byte for byte, for nonces and pages of any shape", () => {
    const pages = [PAGE, `${NONCE_PLACEHOLDER}`, "no nonce at all", `${NONCE_PLACEHOLDER}${NONCE_PLACEHOLDER}å€😀`, ""];
    for (const html of pages) {
      const page = preparePage(html);
      for (const nonce of ["AAAAAAAAAAAAAAAAAAAAAA==", "/+/+/+/+/+/+/+/+/+/+/w==", "Zm9vYmFyYmF6cXV4cXV1eA=="]) {
        const expected = withNonce(html, nonce);
        expect(plainBody(page, nonce).toString("utf8")).toBe(expected);
        expect(zlib.gunzipSync(gzipBody(page, nonce)).toString("utf8")).toBe(expected);
      }
    }
    // The pieces refer back to the text before each nonce: another length would shift every distance.
    expect(() => gzipBody(preparePage(PAGE), "short")).toThrow(/24 characters/);
  });

  it("compresses as well as deflating the whole page but for a few dozen bytes per nonce (the pieces refer back across them)", () => {
    const repeated = Array.from({ length: 30 }, (_, i) => `<script nonce="${NONCE_PLACEHOLDER}">window.x${i}=1</script><p>Forskning om hjärta och lungor, del ${i}.</p>`).join("");
    const nonce = "AAAAAAAAAAAAAAAAAAAAAA==";
    for (const html of [PAGE, repeated]) {
      const whole = zlib.gzipSync(withNonce(html, nonce), { level: 9 }).length;
      const nonces = html.split(NONCE_PLACEHOLDER).length - 1;
      expect(gzipBody(preparePage(html), nonce).length).toBeLessThan(whole + 50 * nonces);
    }
  });

  it("answers HEAD with the headers and no body, and leaves other paths and methods to the rest of the app", async () => {
    const { fast } = await bothApps();
    const head = await fetch(`${fast}/om-oss`, { method: "HEAD", headers: { "accept-encoding": "identity" } });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(1000);
    expect(await head.text()).toBe("");
    expect((await fetch(`${fast}/om-oss/`)).status).toBe(404);
    expect((await fetch(`${fast}/annat`)).status).toBe(404);
    expect((await fetch(`${fast}/om-oss`, { method: "POST" })).status).toBe(404);
  });

  it("chooses gzip exactly when Express's negotiation would", async () => {
    const negotiating = express();
    negotiating.use((req, res) => res.json(req.acceptsEncodings("gzip", "identity") === "gzip"));
    const url = await listen(negotiating);
    const headers = ["", "gzip", "gzip, deflate, br", "br", "*", "gzip;q=0", "gzip;q=0, *", "identity, gzip;q=0.5", "gzip;q=0.5, identity;q=0.5", "GZip;Q=0.5, identity", "identity;q=0"];
    for (const header of headers) {
      const chosenByExpress = (await (await fetch(url, { headers: { "accept-encoding": header } })).json()) as boolean;
      expect([header, prefersGzip(header === "" ? {} : { "accept-encoding": header })]).toEqual([header, chosenByExpress]);
    }
  });

  it("refuses header middleware that does not answer at once", () => {
    expect(() => headersFrom([(_req, _res, next) => void setTimeout(next, 1)])).toThrow(/did not call next/);
  });
});
