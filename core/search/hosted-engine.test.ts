import { describe, expect, it, vi } from "vitest";
import type { HttpRequest, HttpResponse } from "../../integrations/http/http-request";
import { HostedSearchEngine, HostedSearchError } from "./hosted-engine";
import { indexNames } from "./index-names";

type Handler = (req: HttpRequest) => { status?: number; body: unknown };

function fakeService(handler: Handler) {
  const calls: HttpRequest[] = [];
  const request = vi.fn(async (req: HttpRequest): Promise<HttpResponse> => {
    calls.push(req);
    const { status = 200, body } = handler(req);
    return { status, headers: {}, body: typeof body === "string" ? body : JSON.stringify(body) };
  });
  return { calls, request };
}

const options = { appId: "APP", apiKey: "search-key", baseIndexName: "hlf_site", baseUrl: "http://search.test" };

describe("indexNames", () => {
  it("uses the production index, or the development index when debugging, each with a suggestions index", () => {
    expect(indexNames("hlf_site", false)).toEqual({ content: "hlf_site", suggestions: "hlf_site_query_suggestions" });
    expect(indexNames("hlf_site", true)).toEqual({ content: "hlf_site_dev", suggestions: "hlf_site_dev_query_suggestions" });
    expect(() => indexNames("bad name/../x", false)).toThrow(/Invalid/);
  });
});

describe("HostedSearchEngine", () => {
  it("does not send an all-empty batch (spec section 5)", async () => {
    const service = fakeService(() => ({ body: {} }));
    const engine = new HostedSearchEngine({ ...options, request: service.request });
    const { results } = await engine.search([{ indexName: "hlf_site", query: "  ", page: 2 }]);
    expect(service.request).not.toHaveBeenCalled();
    expect(results).toEqual([expect.objectContaining({ hits: [], nbHits: 0, nbPages: 0, page: 0 })]);
  });

  it("POSTs the batch to /1/indexes/*/queries with normalised params and maps the answer", async () => {
    const service = fakeService(() => ({
      body: {
        results: [
          {
            hits: [
              {
                objectID: "p1",
                url: "/hjarta",
                title: "Hjärta",
                kind: "page",
                lang: "sv",
                _highlightResult: { title: { value: "<mark>Hjärta</mark>", matchLevel: "full", matchedWords: ["hjärta"] } },
              },
            ],
            nbHits: 1,
            page: 0,
            nbPages: 1,
            hitsPerPage: 20,
            query: "hjärta",
            processingTimeMS: 1,
          },
        ],
      },
    }));
    const engine = new HostedSearchEngine({ ...options, debug: true, request: service.request });
    const { results } = await engine.search([{ indexName: "", query: " hjärta ", page: -3, filters: { lang: "sv" } }]);

    const call = service.calls[0]!;
    expect(call.method).toBe("POST");
    expect(call.url).toBe("http://search.test/1/indexes/*/queries");
    expect(call.headers).toMatchObject({ "x-algolia-application-id": "APP", "x-algolia-api-key": "search-key" });
    expect(call.timeoutMs).toBe(10_000);
    const sent = JSON.parse(call.body!) as { requests: { indexName: string; params: string }[] };
    expect(sent.requests[0]!.indexName).toBe("hlf_site_dev");
    const params = new URLSearchParams(sent.requests[0]!.params);
    expect(params.get("query")).toBe("hjärta");
    expect(params.get("page")).toBe("0");
    expect(params.get("hitsPerPage")).toBe("20");
    expect(JSON.parse(params.get("facetFilters")!)).toEqual(["lang:sv"]);

    expect(results[0]!.hits[0]).toEqual({
      objectID: "p1",
      url: "/hjarta",
      title: "Hjärta",
      kind: "page",
      lang: "sv",
      _highlightResult: { title: { value: "<mark>Hjärta</mark>", matchLevel: "full", matchedWords: ["hjärta"] } },
      _snippetResult: { body: { value: "", matchLevel: "none", matchedWords: [] } },
    });
  });

  it("turns garbage and HTTP errors into HostedSearchError", async () => {
    const garbage = new HostedSearchEngine({ ...options, request: fakeService(() => ({ body: "<html>" })).request });
    await expect(garbage.search([{ indexName: "x", query: "a" }])).rejects.toBeInstanceOf(HostedSearchError);
    const wrongShape = new HostedSearchEngine({ ...options, request: fakeService(() => ({ body: { results: [{}] } })).request });
    await expect(wrongShape.search([{ indexName: "x", query: "a" }])).rejects.toBeInstanceOf(HostedSearchError);
    const down = new HostedSearchEngine({ ...options, request: fakeService(() => ({ status: 503, body: {} })).request });
    await expect(down.search([{ indexName: "x", query: "a" }])).rejects.toMatchObject({ status: 503 });
  });

  it("asks the _query_suggestions index for suggestions", async () => {
    const service = fakeService(() => ({ body: { hits: [{ objectID: "1", query: " hjärtsvikt " }] } }));
    const engine = new HostedSearchEngine({ ...options, request: service.request });
    expect(await engine.suggest(" hjär ", 5)).toEqual({ query: "hjär", hits: [{ objectID: "1", query: "hjärtsvikt" }] });
    expect(service.calls[0]!.url).toBe("http://search.test/1/indexes/hlf_site_query_suggestions/query");
    expect(new URLSearchParams((JSON.parse(service.calls[0]!.body!) as { params: string }).params).get("hitsPerPage")).toBe("5");
  });

  it("replaces the index by filling a temporary index and moving it over the live one", async () => {
    let polls = 0;
    const service = fakeService((req) => {
      if (req.method === "GET") return { body: { status: ++polls % 2 === 0 ? "published" : "notPublished" } };
      return { body: { taskID: 7 } };
    });
    const engine = new HostedSearchEngine({ ...options, request: service.request, taskPollMs: 1 });
    await engine.index([{ id: "a", url: "/a", title: "A", body: "b", kind: "page", lang: "sv" }]);
    const posts = service.calls.filter((c) => c.method === "POST");
    expect(posts.map((c) => c.url.replace(/_tmp_\d+/, "_tmp"))).toEqual([
      "http://search.test/1/indexes/hlf_site/operation",
      "http://search.test/1/indexes/hlf_site_tmp/batch",
      "http://search.test/1/indexes/hlf_site_tmp/operation",
    ]);
    expect(JSON.parse(posts[2]!.body!)).toMatchObject({ operation: "move", destination: "hlf_site" });
    expect(JSON.parse(posts[1]!.body!).requests[0]).toMatchObject({ action: "addObject", body: { objectID: "a", title: "A" } });
  });
});
