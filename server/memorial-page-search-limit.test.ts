import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "#core/clock";
import { SEARCHES_LIMITED_MESSAGE } from "#app/memorial/memorial-page-search.server";
import { testEngines } from "#tests/support/test-databases";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { postForm } from "#tests/support/route-call";
import * as memorialGift from "#app/memorial/memorial-gift";
import * as collectionStart from "#app/memorial/memorial-collection-start";

/**
 * Issue #30: the memorial search limit was bypassed through the page forms –
 * `POST /ge-en-gava/minnesgava` and `/minnesinsamling` with `intent=search`
 * answered 200 to 200 searches in 3 s right after the API had answered 429 to
 * the same address. Now the pages' searches and the API's count in one counter
 * per visitor (RATE_LIMIT_MEMORIAL_SEARCHES_PER_MINUTE, here 4). On the code
 * before, every page search below was answered 200 with its list.
 */
describe.each(testEngines)("memorial searches, counted the same through the API and the page forms, on %s", (engine) => {
  const clock = new ManualClock("2026-11-23T09:00:00.000Z");
  let server: TestServer;
  // The API's requests come from this test process; the pages are called as if from the same address.
  const visitor = "127.0.0.1";

  beforeAll(async () => {
    server = await startTestServer({ engine, clock, env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json", RATE_LIMIT_MEMORIAL_SEARCHES_PER_MINUTE: "4" } });
  });
  afterAll(() => server.dispose());
  // A new minute for each test: the window starts afresh.
  beforeEach(() => clock.advance(120_000));

  const apiSearch = async (path: string) => {
    const answer = await fetch(`${server.url}/api/${path}`);
    await answer.arrayBuffer();
    return answer.status;
  };
  const pageSearch = (action: unknown, path: string, fields: Record<string, string>) => postForm(server.container, action, path, fields, visitor);

  it("after the API's 429, the memorial gift page and the collection page refuse the search too, in Swedish, with no names", async () => {
    for (let i = 0; i < 4; i++) expect(await apiSearch("DeceasedPeople/Search?name=an")).toBe(200);
    expect(await apiSearch("DeceasedPeople/Search?name=an")).toBe(429);

    const gift = await pageSearch(memorialGift.action, "/ge-en-gava/minnesgava", { intent: "search", deceasedQuery: "an" });
    expect(gift.status).toBe(429);
    expect(gift.data.searches.deceased).toMatchObject({ items: [], error: SEARCHES_LIMITED_MESSAGE, limited: true });
    const collection = await pageSearch(collectionStart.action, "/minnesinsamling", { intent: "search", deceasedQuery: "an" });
    expect(collection.status).toBe(429);
    expect(collection.data.search).toMatchObject({ items: [], error: SEARCHES_LIMITED_MESSAGE });
  });

  it("the pages' searches use up the API's: four on the pages, then the API answers 429", async () => {
    for (let i = 0; i < 2; i++) {
      const gift = await pageSearch(memorialGift.action, "/ge-en-gava/minnesgava", { intent: "search", deceasedQuery: "an" });
      expect(gift.status).toBe(200);
      expect(gift.data.searches.deceased.items.length).toBeGreaterThan(0);
      expect((await pageSearch(collectionStart.action, "/minnesinsamling", { intent: "search", deceasedQuery: "an" })).status).toBe(200);
    }
    expect(await apiSearch("DeceasedPeople/Search?name=an")).toBe(429);
  });

  it("funeral parlours have their own count, shared the same way", async () => {
    for (let i = 0; i < 4; i++) expect(await apiSearch("FuneralParlors/Search?query=fonus")).toBe(200);
    const page = await pageSearch(memorialGift.action, "/ge-en-gava/minnesgava", { intent: "searchParlour", parlourQuery: "fonus" });
    expect(page.status).toBe(429);
    expect(page.data.searches.parlour).toMatchObject({ items: [], error: SEARCHES_LIMITED_MESSAGE });
    // The people's count is another one: it still answers.
    expect(await apiSearch("DeceasedPeople/Search?name=an")).toBe(200);
  });
});
