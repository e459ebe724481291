import { afterEach, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { PlaceholderTokens, type CompiledPage } from "./page-cache";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const page = (): CompiledPage => ({ status: 200, headers: [["content-type", "text/html"]], body: new PlaceholderTokens().compile("<p>x</p>") });

describe("submitted searches and kept result pages", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  it("counts each submitted search before the page is rendered or taken from the kept pages", async () => {
    server = await startTestServer();
    const record = vi.spyOn(server.container.search, "recordSearch");
    const get = (path: string, userAgent = BROWSER) => fetch(`${server!.url}${path}`, { headers: { "user-agent": userAgent } });
    // Pages are not served in these tests (no build): what matters is what was counted on the way.
    await get("/sok?query=hj%C3%A4rta");
    await get("/sok?query=hj%C3%A4rta");
    await get("/sok.data?query=lungor&_routes=routes%2Fsearch");
    expect(record.mock.calls.map(([query]) => query)).toEqual(["hjärta", "hjärta", "lungor"]);
    expect(record.mock.calls[0]?.[1]).toBeGreaterThan(0);

    // Not a search someone submitted: a later page, an empty box, a crawler, another page.
    await get("/sok?query=hj%C3%A4rta&page=2");
    await get("/sok?query=%20%20");
    await get("/sok?query=hj%C3%A4rta", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
    await get("/sokning?query=hj%C3%A4rta");
    expect(record).toHaveBeenCalledTimes(3);
  });

  it("drops kept search and research pages when the index is rebuilt, and keeps the gift forms", async () => {
    server = await startTestServer();
    const { pageCache, search } = server.container;
    pageCache.set("/sok?query=hj%C3%A4rta|other|", page());
    pageCache.set("/forskning/projekt?|phone|all", page());
    pageCache.set("/en/research/projects?|other|", page());
    pageCache.set("/ge-en-gava?|other|", page());
    await search.rebuild(undefined);
    expect(pageCache.get("/sok?query=hj%C3%A4rta|other|")).toBeUndefined();
    expect(pageCache.get("/forskning/projekt?|phone|all")).toBeUndefined();
    expect(pageCache.get("/en/research/projects?|other|")).toBeUndefined();
    expect(pageCache.get("/ge-en-gava?|other|")).toBeDefined();
  });
});
