/**
 * Page weight on first load: opens each page in a fresh (cache-less) mobile
 * browser context of the system Chromium and records every response, grouped
 * as HTML (the document), CSS (stylesheets, plus the document's inline <style>
 * elements, which are therefore counted under HTML too) and JavaScript
 * (scripts, including module preloads and the imports of inline module scripts). Sizes are the
 * decoded body ("raw"), the body gzipped with zlib level 9 ("gzip", the figure
 * the targets use) and what the server actually sent ("wire", whatever
 * Content-Encoding it chose).
 */
import { gzipSync } from "node:zlib";
import { chromium, devices, type Browser, type Request } from "@playwright/test";

export type ResourceKind = "html" | "css" | "js" | "other";

export interface ResourceRecord {
  url: string;
  kind: ResourceKind;
  resourceType: string;
  status: number;
  contentEncoding: string | null;
  raw: number;
  gzip: number;
  wire: number;
}

export interface Bytes {
  raw: number;
  gzip: number;
  wire: number;
  files: number;
}

export interface PageWeight {
  status: number;
  html: Bytes;
  css: Bytes;
  js: Bytes;
  other: Bytes;
  resources: ResourceRecord[];
}

export const BROWSER_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function kindOf(resourceType: string): ResourceKind {
  if (resourceType === "document") return "html";
  if (resourceType === "stylesheet") return "css";
  if (resourceType === "script") return "js";
  return "other";
}

function sum(records: ResourceRecord[], kind: ResourceKind): Bytes {
  const mine = records.filter((record) => record.kind === kind);
  return {
    raw: mine.reduce((total, record) => total + record.raw, 0),
    gzip: mine.reduce((total, record) => total + record.gzip, 0),
    wire: mine.reduce((total, record) => total + record.wire, 0),
    files: mine.length,
  };
}

async function record(request: Request): Promise<ResourceRecord | undefined> {
  const response = await request.response();
  if (!response) return undefined;
  const resourceType = request.resourceType();
  // Redirect hops and bodiless answers have nothing to weigh.
  if (response.status() >= 300 && response.status() < 400) return undefined;
  let body: Buffer;
  try {
    body = await response.body();
  } catch {
    body = Buffer.alloc(0);
  }
  const sizes = await request.sizes().catch(() => undefined);
  return {
    url: request.url(),
    kind: kindOf(resourceType),
    resourceType,
    status: response.status(),
    contentEncoding: (await response.headerValue("content-encoding")) ?? null,
    raw: body.length,
    gzip: body.length === 0 ? 0 : gzipSync(body, { level: 9 }).length,
    wire: sizes?.responseBodySize ?? body.length,
  };
}

/** The document's inline <style> elements, as one pseudo-resource that costs no request. */
function inlineStyles(url: string, html: string): ResourceRecord {
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join("");
  const body = Buffer.from(css, "utf8");
  return {
    url: `${url} (inline <style>)`,
    kind: "css",
    resourceType: "inline-style",
    status: 200,
    contentEncoding: null,
    raw: body.length,
    gzip: body.length === 0 ? 0 : gzipSync(body, { level: 9 }).length,
    wire: 0,
  };
}

export async function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: BROWSER_ARGS });
}

export async function measurePage(browser: Browser, url: string): Promise<PageWeight> {
  const { defaultBrowserType: _ignored, ...pixel } = devices["Pixel 7"]!;
  const context = await browser.newContext({ ...pixel, serviceWorkers: "block" });
  try {
    const page = await context.newPage();
    const pending: Promise<ResourceRecord | undefined>[] = [];
    page.on("requestfinished", (request) => pending.push(record(request)));
    page.on("requestfailed", (request) => {
      console.warn(`  request failed on ${url}: ${request.url()} (${request.failure()?.errorText ?? "?"})`);
    });

    const response = await page.goto(url, { waitUntil: "load", timeout: 30_000 });
    if (!response) throw new Error(`no response for ${url}`);
    // Let hydration finish fetching what it needs on first load.
    await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);

    // Drain: handlers may still be reading bodies; new requests may start meanwhile.
    let seen = -1;
    while (seen !== pending.length) {
      seen = pending.length;
      await Promise.all(pending);
    }
    const byUrl = new Map<string, ResourceRecord>();
    for (const item of await Promise.all(pending)) if (item && !byUrl.has(item.url)) byUrl.set(item.url, item);
    const resources = [...byUrl.values(), inlineStyles(url, await response.text())];

    return {
      status: response.status(),
      html: sum(resources, "html"),
      css: sum(resources, "css"),
      js: sum(resources, "js"),
      other: sum(resources, "other"),
      resources,
    };
  } finally {
    await context.close();
  }
}
