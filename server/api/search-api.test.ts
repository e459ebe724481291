import { afterEach, describe, expect, it, vi } from "vitest";
import { postJson, startTestServer, type TestServer } from "#tests/support/test-server";
import { ManualClock } from "#core/clock";
import { silentLogger } from "#core/logger";
import { indexNames } from "#core/search/index-names";
import { MiniSearchEngine } from "#core/search/minisearch-engine";
import { QuerySuggestions } from "#core/search/suggestions";
import { parseResearchProject, type ResearchProject } from "#core/research/research-project";
import { CachedResearchSource } from "#integrations/research-portal/cached-research-source";
import { MemoryKeyValueStore } from "#core/key-value-store";
import { NoResearchDataError } from "#integrations/research-portal/cached-research-source";
import { SiteSearch } from "../search-setup";
import { SuggestionStore } from "../suggestion-store";
import { DbKeyValueStore } from "#db/kv-entries";
import { openTestDatabase } from "#tests/support/test-databases";

describe("search API", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  async function started(env: Record<string, string> = {}) {
    // No build-time snapshot: the tests decide when research projects arrive.
    server = await startTestServer({ env: { RESEARCH_SNAPSHOT_FILE: "/nonexistent/research-projects.json", ...env } });
    return server;
  }

  it("answers a batch, one result per query, with the documented fields", async () => {
    const { url, container } = await started();
    const index = container.search.names.content;
    expect(index).toBe("hlf_site");
    const res = await postJson(`${url}/api/search/queries`, {
      requests: [
        { indexName: index, query: "  hjärtat " },
        { indexName: index, query: "hjarta", page: 1, hitsPerPage: 2 },
        { indexName: index, query: "" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(3);
    const [first, second, empty] = res.body.results;
    expect(first).toMatchObject({ page: 0, hitsPerPage: 20, query: "hjärtat", index });
    expect(first.nbHits).toBeGreaterThan(0);
    expect(first.nbPages).toBe(Math.ceil(first.nbHits / 20));
    expect(first.hits[0]).toEqual(
      expect.objectContaining({ objectID: expect.any(String), url: expect.stringMatching(/^\//), title: expect.any(String) }),
    );
    expect(second).toMatchObject({ page: 1, hitsPerPage: 2 });
    expect(second.hits.length).toBeLessThanOrEqual(2);
    expect(empty).toMatchObject({ hits: [], nbHits: 0, nbPages: 0, page: 0 });
  });

  it("never sends an all-empty batch to the engine", async () => {
    const { url, container } = await started();
    const spy = vi.spyOn(container.search.engine, "search");
    const res = await postJson(`${url}/api/search/queries`, {
      requests: [
        { indexName: "hlf_site", query: "   ", page: 3 },
        { indexName: "hlf_site", hitsPerPage: 5 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 20, query: "", index: "hlf_site", processingTimeMS: 0 },
      { hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 5, query: "", index: "hlf_site", processingTimeMS: 0 },
    ]);
    expect(spy).not.toHaveBeenCalled();
  });

  it("rejects malformed input with 400 and says which query and field", async () => {
    const { url } = await started();
    const cases: Array<[unknown, string]> = [
      [{}, "requests"],
      [{ requests: [] }, "requests"],
      [{ requests: [{ indexName: "hlf_site", query: "a" }, { indexName: "hlf_site", page: -1 }] }, "requests.1.page"],
      [{ requests: [{ indexName: "hlf_site", page: 1.5 }] }, "requests.0.page"],
      [{ requests: [{ indexName: "hlf_site", hitsPerPage: 1000 }] }, "requests.0.hitsPerPage"],
      [{ requests: [{ indexName: "hlf_site", query: 7 }] }, "requests.0.query"],
      [{ requests: [{ query: "a" }] }, "requests.0.indexName"],
      [{ requests: [{ indexName: "someone_elses_index", query: "a" }] }, "requests.0.indexName"],
      [{ requests: Array.from({ length: 11 }, () => ({ indexName: "hlf_site", query: "a" })) }, "requests"],
    ];
    for (const [body, field] of cases) {
      const res = await postJson(`${url}/api/search/queries`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_failed");
      expect(Object.keys(res.body.error.fields), JSON.stringify(body)).toContain(field);
    }
    const notJson = await postJson(`${url}/api/search/queries`, "{not json");
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe("invalid_json");
  });

  it("uses the development index when SEARCH_DEBUG is set", async () => {
    const { url } = await started({ SEARCH_DEBUG: "true", SEARCH_INDEX_NAME: "hjartlung" });
    const dev = await postJson(`${url}/api/search/queries`, { requests: [{ indexName: "hjartlung_dev", query: "gåva" }] });
    expect(dev.status).toBe(200);
    const prod = await postJson(`${url}/api/search/queries`, { requests: [{ indexName: "hjartlung", query: "gåva" }] });
    expect(prod.status).toBe(400);
  });

  it("suggests at most 8 trimmed, de-duplicated queries and validates q", async () => {
    const { url } = await started();
    const res = await fetch(`${url}/api/search/suggestions?q=${encodeURIComponent("  lung ")}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { query: string; hits: Array<{ query: string }> };
    expect(body.query).toBe("lung");
    expect(body.hits.length).toBeGreaterThan(0);
    expect(body.hits.length).toBeLessThanOrEqual(8);
    expect(new Set(body.hits.map((h) => h.query.toLowerCase())).size).toBe(body.hits.length);
    expect((await fetch(`${url}/api/search/suggestions?q=a&q=b`)).status).toBe(400);
    expect((await fetch(`${url}/api/search/suggestions?q=${"x".repeat(101)}`)).status).toBe(400);
    expect(await (await fetch(`${url}/api/search/suggestions`)).json()).toEqual({ query: "", hits: [] });
  });

  it("indexes the research projects once the portal (simulator) answers, through the real client", async () => {
    const { url, container } = await started();
    const before = await postJson(`${url}/api/search/queries`, { requests: [{ indexName: "hlf_site", query: "sömnapné" }] });
    expect(before.body.results[0].hits.filter((h: { kind: string }) => h.kind === "research")).toEqual([]);

    const listing = await container.research.get();
    expect(listing.projects.length).toBeGreaterThanOrEqual(40);
    await container.search.settled();

    const after = await postJson(`${url}/api/search/queries`, { requests: [{ indexName: "hlf_site", query: "sömnapné" }] });
    const research = after.body.results[0].hits.filter((h: { kind: string }) => h.kind === "research");
    expect(research.length).toBeGreaterThanOrEqual(2);
    expect(research[0].url).toMatch(/^\/forskning\/projekt#projekt-pet-20\d\d-\d+$/);
  });

  it("keeps content search working when the portal is down", async () => {
    const { url, container } = await started({ RESEARCH_PORTAL_PRODUCT: "test-unavailable" });
    await expect(container.research.get()).rejects.toBeInstanceOf(NoResearchDataError);
    const res = await postJson(`${url}/api/search/queries`, { requests: [{ indexName: "hlf_site", query: "gåva" }] });
    expect(res.body.results[0].nbHits).toBeGreaterThan(0);
  });
});

describe("SiteSearch follows the research list without a restart", () => {
  const project = (id: string, title: string): ResearchProject =>
    parseResearchProject({
      id,
      title,
      principalInvestigator: "Anna Exempelsson",
      institution: "Exempeluniversitetet",
      approvalDate: "2025-05-05",
      area: "lunga",
      summary: { sv: "Om projektet." },
    });

  it("rebuilds when the cache serves a new list, and keeps the old index when the portal fails", async () => {
    const database = await openTestDatabase("sqlite");
    try {
      const clock = new ManualClock("2026-01-15T10:00:00.000Z");
      let answer: ResearchProject[] | Error = [project("P-1", "Pollenallergi och astma")];
      const source = { fetchApproved: async () => (answer instanceof Error ? Promise.reject(answer) : answer) };
      const suggestions = new QuerySuggestions();
      const kv = new DbKeyValueStore(database.db, clock);
      const research = new CachedResearchSource({
        source,
        store: new MemoryKeyValueStore(),
        clock,
        ttlMs: 60_000,
        retryAfterMs: 1,
        onUpdate: (s) => search.researchChanged(s),
      });
      const search: SiteSearch = new SiteSearch({
        engine: new MiniSearchEngine({ suggestions }),
        names: indexNames("t", false),
        suggestionStore: new SuggestionStore({ kv, suggestions, suggestionOptions: {}, logger: silentLogger }),
        research,
        staticDocuments: () => [],
        logger: silentLogger,
      });
      const titles = async (q: string) => (await search.searchPage(q, 0)).hits.map((h) => h.title);

      await research.get();
      await search.settled();
      expect(await titles("pollen")).toEqual(["Pollenallergi och astma", "Pollenallergi och astma"]);

      answer = [project("P-2", "Radon i bostaden och lungcancer")];
      clock.advance(2 * 60_000);
      await research.get(); // stale: served at once, refreshed in the background
      await search.settled();
      expect(await titles("pollen")).toEqual([]);
      expect(await titles("radon")).toHaveLength(2);

      answer = new Error("portal down");
      clock.advance(2 * 60_000);
      await research.get();
      await search.settled();
      expect(await titles("radon")).toHaveLength(2);
    } finally {
      await database.dispose();
    }
  });
});
