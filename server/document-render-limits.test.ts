import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { clientIpContext, containerContext, nonceContext } from "#app/context";
import type { RenderBackend } from "#core/documents/bounded-renderer";
import { DOCUMENTS_BUSY_MESSAGE } from "#core/documents/documents-busy";
import { DOCUMENTS_LIMITED_MESSAGE } from "#app/components/documents/visitor-render.server";
import * as giftInvoicePdf from "#app/giving/gift-invoice-pdf";
import * as memorialOrderSheet from "#app/memorial/memorial-order-sheet";
import * as collectionSheetsPdf from "#app/memorial/memorial-collection-sheets-pdf";
import * as membershipCardPdf from "#app/recurring/membership-card-pdf";
import * as giftDocumentFile from "#app/cards/gift-document-file";
import * as internalCard from "#app/cards/internal-card";
import * as myPagesReceipt from "#app/donor/my-pages-receipt";
import * as greetingCardPreviewPng from "#app/cards/greeting-card-preview-png";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * Renders as a budgeted resource (issue #30, decision 0039): every route that
 * renders a document counts it against the visitor's limit, and when the
 * render queue is full a visitor's render is answered 503 with Retry-After at
 * once instead of waiting. Before the fix none of these routes was limited
 * (80 of 80 renders from one address answered 200) and a render had no queue
 * to be refused from: the first test's 429s and the second's 503s were 404s
 * and 200s.
 */
/** A route's loader, called as React Router calls it (a request, the app's context, the route's params). */
type Loader = (args: never) => Promise<unknown>;

/** What a loader answered or threw, as a Response (a 404 from `data()` has no Response: only its status). */
async function answer(run: () => Promise<unknown>): Promise<{ status: number; headers: Headers; text: () => Promise<string> }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, headers: value.headers, text: () => value.text() };
  const init = (value as { init?: ResponseInit | null }).init;
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), text: async () => "" };
}

function call(server: TestServer, loader: Loader, path: string, params: Record<string, string>, ip: string) {
  const context = new RouterContextProvider();
  context.set(containerContext, server.container);
  context.set(clientIpContext, ip);
  context.set(nonceContext, "nonce");
  return answer(() => loader({ request: new Request(`${server.url}${path}`), context, params } as never));
}

const UNKNOWN = "0123456789ABCDEFGHJKMNPQRS";

describe("each rendering route counts renders per visitor", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_DOCUMENTS_PER_MINUTE: "2" } });
  });
  afterAll(() => server?.dispose());

  // Unknown references: counted before anything is looked up, so guessing costs the guesser as much as downloading.
  const routes: Array<[string, Loader, string, Record<string, string>]> = [
    ["the invoice", giftInvoicePdf.loader, `/ge-en-gava/faktura/${UNKNOWN}`, { orderReference: UNKNOWN }],
    ["a memorial gift's sheet", memorialOrderSheet.loader, `/order/minnesblad/${UNKNOWN}/minnesblad.png`, { orderReference: UNKNOWN, file: "minnesblad.png" }],
    ["a collection's sheets", collectionSheetsPdf.loader, "/minnesinsamling/anna-svensson/hantera/minnesblad.pdf", { slug: "anna-svensson" }],
    ["the member card", membershipCardPdf.loader, `/bli-medlem/medlemskort/${UNKNOWN}`, { orderReference: UNKNOWN }],
    ["a gift card's file", giftDocumentFile.loader, `/gavokort/${UNKNOWN}/gavokort-anna.pdf`, { orderReference: UNKNOWN, file: "gavokort-anna.pdf" }],
    ["the card template", internalCard.loader, "/_internal/JUL_24_01/kort.pdf", { cardCode: "JUL_24_01", "*": "kort.pdf" }],
    ["Mina sidor's receipt", myPagesReceipt.loader, `/mina-sidor/kvitto/${UNKNOWN}`, { orderReference: UNKNOWN }],
  ];

  it.each(routes.map((route, i) => [...route, i + 1] as const))("%s: the third in a minute is 429 with Retry-After", async (_name, loader, path, params, n) => {
    const ip = `10.30.0.${n}`;
    for (let i = 0; i < 2; i++) expect((await call(server, loader, path, params, ip)).status).not.toBe(429);
    const limited = await call(server, loader, path, params, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.text()).toBe(DOCUMENTS_LIMITED_MESSAGE);
    // Another visitor is not affected.
    expect((await call(server, loader, path, params, `10.30.1.${n}`)).status).not.toBe(429);
  }, 60_000);

  it("the API's document routes count against the same limit", async () => {
    const png = (ref: string) => fetch(`${server.url}/api/DigitalGreetingCard/GetDigitalGreetingCardAsPngByOrderReference?orderReference=${ref}`);
    expect((await png(UNKNOWN)).status).toBe(404);
    expect((await png(UNKNOWN)).status).toBe(404);
    const limited = await png(UNKNOWN);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBeTruthy();
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    expect((await fetch(`${server.url}/api/Gift/DownloadPdfByOrderRef/${UNKNOWN}`)).status).toBe(429);
  });
});

describe("a full render queue", () => {
  let server: TestServer;
  let entered!: () => void;
  const started = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // Renders wait until the test lets them finish; the bytes are not a real PNG, and nothing here reads them.
  const held: RenderBackend = {
    async render() {
      entered();
      await released;
      return Buffer.from("rendered");
    },
    warmUp: async () => {},
    close: async () => {},
  };

  beforeAll(async () => {
    // One render at a time (RENDER_WORKERS=0 on the request thread) and none may wait: the second is refused.
    server = await startTestServer({ renderBackend: held, env: { RENDER_QUEUE_MAX: "0" } });
  });
  afterAll(async () => {
    release();
    await server?.dispose();
  });

  it("answers 503 with Retry-After – Swedish words on a page, the API's JSON error in the API – until a render is free", async () => {
    const card = { cardCode: "JUL_24_01", "*": "kort.png" };
    const first = call(server, internalCard.loader, "/_internal/JUL_24_01/kort.png", card, "10.40.0.1");
    await started;

    const page = await call(server, internalCard.loader, "/_internal/JUL_24_01/kort.png", card, "10.40.0.2");
    expect(page.status).toBe(503);
    expect(page.headers.get("Retry-After")).toBe("5");
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(await page.text()).toBe(DOCUMENTS_BUSY_MESSAGE);

    const preview = await call(server, greetingCardPreviewPng.loader, "/ge-en-gava/gratulationskort/forhandsgranska.png?cardCode=JUL_24_01&greeting=God%20jul", {}, "10.40.0.3");
    expect(preview.status).toBe(503);
    expect(preview.headers.get("Retry-After")).toBe("5");
    expect(JSON.parse(await preview.text())).toEqual({ error: { code: "busy", message: DOCUMENTS_BUSY_MESSAGE } });

    const api = await fetch(`${server.url}/api/Gift/Preview`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "greeting_card", cardCode: "JUL_24_01", greeting: "God jul!" }),
    });
    expect(api.status).toBe(503);
    expect(api.headers.get("Retry-After")).toBe("5");
    expect(await api.json()).toEqual({ error: { code: "busy", message: DOCUMENTS_BUSY_MESSAGE } });

    // Jobs' renders are never refused: they wait their turn.
    const job = server.container.documents.background.render({ kind: "greeting-card-thumbnail", data: { cardCode: "X" } as never }, "png");

    release();
    expect((await first).status).toBe(200);
    expect((await job).toString()).toBe("rendered");
    expect((await call(server, internalCard.loader, "/_internal/JUL_24_01/kort.png", card, "10.40.0.2")).status).toBe(200);
  });
});
