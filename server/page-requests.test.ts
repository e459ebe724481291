import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPageRequest, isPrivatePage, PAGE_FORM_MAX_BYTES, sendResponse, uploadPage } from "./page-requests";
import { FUNDRAISER_PICTURE_CEILING_BYTES } from "#core/fundraisers/fundraiser-pictures";
import { finalErrorHandler } from "./error-pages";
import { clientBuildFiles } from "./static-files";
import type { Logger } from "#core/logger";

/** Collects log lines by level, so a test can say "a warning, not an error". */
function recordingLogger() {
  const lines: Array<{ level: string; msg?: string }> = [];
  const at = (level: string) => (_obj: object, msg?: string) => void lines.push({ level, msg });
  const logger: Logger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
  return { logger, lines };
}

describe("page requests: method, form body and size", () => {
  let server: Server;
  let url: string;
  const log = recordingLogger();
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-client-"));

  beforeAll(async () => {
    fs.mkdirSync(path.join(clientDir, "assets"));
    fs.writeFileSync(path.join(clientDir, "assets", "entry-abc123.js"), "console.log(1)");
    fs.writeFileSync(path.join(clientDir, "manifest.webmanifest"), "{}");
    // A page's address never names a file: even a file of that name is not looked for.
    fs.writeFileSync(path.join(clientDir, "ge-en-gava"), "a file, not the page");
    const app = express();
    app.use(clientBuildFiles(clientDir));
    app.use(async (req, res, next) => {
      try {
        const check = await checkPageRequest(req, 1024);
        if (!check.ok) return res.status(check.status).json({ reason: check.reason, text: check.text });
        res.json({ body: check.body?.toString("utf8") ?? null });
      } catch (error) {
        next(error);
      }
    });
    app.use(finalErrorHandler({ logger: log.logger, errorReporter: { enabled: false } as never }));
    server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const post = (body: BodyInit | undefined, contentType?: string) =>
    fetch(`${url}/ge-en-gava`, { method: "POST", body, headers: contentType ? { "content-type": contentType } : {} });

  it("serves the build's root files by their names and leaves addresses without an extension to the pages", async () => {
    expect(await (await fetch(`${url}/manifest.webmanifest`)).text()).toBe("{}");
    expect(await (await fetch(`${url}/ge-en-gava`)).json()).toEqual({ body: null });
  });

  it("lets GET, HEAD and a real form post through, with the body as it was sent", async () => {
    expect((await fetch(`${url}/ge-en-gava`)).status).toBe(200);
    expect((await fetch(`${url}/ge-en-gava`, { method: "HEAD" })).status).toBe(200);
    const form = await post("amount=250&name=Nils", "application/x-www-form-urlencoded");
    expect(await form.json()).toEqual({ body: "amount=250&name=Nils" });
    const multipart = new FormData();
    multipart.set("amount", "250");
    const sent = await post(multipart);
    expect(sent.status).toBe(200);
    expect((await sent.json()).body).toContain('name="amount"');
  });

  it("answers a post without a body, with JSON or with a broken multipart body with 400 and Swedish words", async () => {
    for (const [body, type] of [
      [undefined, undefined],
      ['{"amount":250}', "application/json"],
      ["amount=250", "multipart/form-data"],
      ["--x\r\nnot a part", "multipart/form-data; boundary=zzz"],
    ] as const) {
      const response = await post(body, type);
      expect(response.status, `${type}: ${body}`).toBe(400);
      expect((await response.json()).text).toMatch(/formulär/);
    }
  });

  it("answers DELETE, PUT and PATCH with 405", async () => {
    for (const method of ["DELETE", "PUT", "PATCH"]) {
      expect((await fetch(`${url}/ge-en-gava`, { method })).status, method).toBe(405);
    }
  });

  it("refuses a form body over the limit, declared or streamed, with 413", async () => {
    const big = `greeting=${"a".repeat(2000)}`;
    expect((await post(big, "application/x-www-form-urlencoded")).status).toBe(413);
    const chunked = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode("a".repeat(200)));
        controller.close();
      },
    });
    const response = await fetch(`${url}/ge-en-gava`, {
      method: "POST",
      body: chunked,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it("answers a missing file under /assets with 404 and a warning, not a 500 and an error", async () => {
    expect((await fetch(`${url}/assets/entry-abc123.js`)).status).toBe(200);
    const before = log.lines.length;
    const missing = await fetch(`${url}/assets/nope.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Sidan finns inte");
    expect(log.lines.slice(before).map((l) => l.level)).toEqual(["warn"]);
  });
});

/**
 * Private pages and their documents are not indexed (issue #30: the HTML under
 * /gavokort and /order/*, and private PDFs and PNGs, were sent without
 * X-Robots-Tag). React Router's answer is passed through sendResponse as
 * pageRequestHandler passes it.
 */
describe("upload pages", () => {
  it("take a fundraiser's picture on the start form and the organiser's page (their route data alike), and nowhere else", () => {
    const picture = FUNDRAISER_PICTURE_CEILING_BYTES + PAGE_FORM_MAX_BYTES;
    for (const path of ["/insamling", "/insamling.data", "/insamling/annas-50/hantera", "/insamling/annas-50/hantera.data"]) expect(uploadPage(path)?.maxBytes, path).toBe(picture);
    for (const path of ["/insamling/annas-50", "/insamling/annas-50/anmal", "/insamling/a/b/hantera", "/minnesinsamling/x/hantera"]) expect(uploadPage(path), path).toBeUndefined();
  });
});

describe("private pages: never stored, never indexed", () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const app = express();
    app.use((req, res, next) => {
      const own = req.query.own;
      const page = new Response("<!doctype html><p>sida</p>", { headers: { "Content-Type": "text/html", ...(typeof own === "string" ? { "X-Robots-Tag": own } : {}) } });
      sendResponse(res, page, isPrivatePage(req.path)).catch(next);
    });
    server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it.each([
    "/gavokort/0123456789ABCDEFGHJKMNPQRS",
    "/gavokort/0123456789ABCDEFGHJKMNPQRS/gavokort-anna.pdf",
    "/order/minnesblad/0123456789ABCDEFGHJKMNPQRS",
    "/order/minnesblad/0123456789ABCDEFGHJKMNPQRS/minnesblad.png",
    "/order/gavobevis/0123456789ABCDEFGHJKMNPQRS",
    "/order/diplom/0123456789ABCDEFGHJKMNPQRS.data",
    "/ge-en-gava/faktura/0123456789ABCDEFGHJKMNPQRS",
    "/bli-medlem/medlemskort/0123456789ABCDEFGHJKMNPQRS",
  ])("%s is sent no-store and noindex, nofollow", async (path) => {
    const response = await fetch(`${url}${path}`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });

  it("keeps what a private route says itself, and leaves public pages alone", async () => {
    expect((await fetch(`${url}/minnesinsamling/anna/hantera?own=noindex`)).headers.get("x-robots-tag")).toBe("noindex");
    const gift = await fetch(`${url}/ge-en-gava`);
    expect(gift.headers.get("x-robots-tag")).toBeNull();
    expect(gift.headers.get("cache-control")).toBeNull();
  });
});
